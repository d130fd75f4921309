// Backup of the database and the uploads folder (`npm run backup`): one folder per backup with a manifest. The
// embedded database is copied by the server that holds it; PostgreSQL by pg_dump in one snapshot with the row
// counts (docs/decisions/011-backup.md). Restoring it is restore.server.ts.
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { backupToken, EMBEDDED_BACKUP_PATH } from "./backup-access.server";
import {
  BackupError,
  type BackupOptions,
  countFiles,
  DUMP_FILES,
  type Manifest,
  MIGRATIONS_TABLE,
  rowsOf,
  tableRowCounts,
} from "./backup-manifest.server";
import { openDatabase, openEmbeddedDump } from "./db.server";
import { embeddedDatabaseExists } from "./embedded-dir.server";
import { type Config, loadConfig } from "./env.server";
import { postgresTool, runPostgresTool } from "./postgres-tools.server";
import { localUploadsDir } from "./storage.server";

/** Writes one backup folder under outDir and returns its path and manifest. */
export async function createBackup(opts: BackupOptions & { outDir: string }) {
  const config = loadConfig(opts.env);
  const log = opts.log ?? (() => {});
  const kind = config.databaseUrl ? "postgres" : "pglite";
  const createdAt = new Date();
  const name = `tapcard-${kind}-${createdAt.toISOString().replace(/[:.]/g, "-")}`;
  fs.mkdirSync(opts.outDir, { recursive: true });
  // Written under a temporary name and renamed when complete, so a half-written backup is never taken for one.
  const partial = path.join(opts.outDir, `${name}.partial`);
  fs.mkdirSync(partial);
  try {
    const dumpFile = path.join(partial, DUMP_FILES[kind]);
    const tables =
      kind === "pglite"
        ? await backupEmbedded(config, dumpFile, log)
        : await backupPostgres(config, dumpFile, opts.env, log);
    // After the database: every file a copied row names was written before its row was committed.
    const uploads = copyUploads(config, path.join(partial, "uploads"));
    const manifest: Manifest = {
      format: 1,
      createdAt: createdAt.toISOString(),
      app: { version: appVersion(opts.root) },
      database: { kind, file: DUMP_FILES[kind], migrations: tables[MIGRATIONS_TABLE] ?? 0 },
      tables,
      uploads,
    };
    fs.writeFileSync(path.join(partial, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const dir = path.join(opts.outDir, name);
    fs.renameSync(partial, dir);
    return { dir, manifest };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

async function backupEmbedded(config: Config, dumpFile: string, log: (line: string) => void) {
  let dump: Blob;
  const holder = serverHoldingEmbeddedDatabase(config.dataDir);
  if (holder) {
    log(`The server (pid ${holder}) holds the embedded database: asking it for a copy`);
    dump = await dumpFromServer(config);
  } else {
    if (!embeddedDatabaseExists(config.dataDir))
      throw new BackupError(`There is no embedded database in ${config.dataDir} to back up`);
    const database = await openDatabase({
      dataDir: config.dataDir,
      migrationsFolder: "",
      skipMigrations: true,
    });
    try {
      if (database.kind !== "pglite") throw new BackupError("Expected the embedded database");
      dump = await database.dump();
    } finally {
      await database.close();
    }
  }
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  // Counted from the copy itself, which also proves it opens.
  const copy = await openEmbeddedDump(dump);
  try {
    return await tableRowCounts(copy.db);
  } finally {
    await copy.close();
  }
}

/** The pid in DATA_DIR/db.lock when that process is alive. */
function serverHoldingEmbeddedDatabase(dataDir: string) {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, "db.lock"), "utf8").trim());
  } catch {
    return undefined;
  }
  if (!pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : undefined;
  }
}

async function dumpFromServer(config: Config) {
  const host = ["0.0.0.0", "::", "localhost"].includes(config.host) ? "127.0.0.1" : config.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${config.port}${EMBEDDED_BACKUP_PATH}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${backupToken(config.authSecret)}` },
    });
  } catch (error) {
    throw new BackupError(`Cannot reach the server at ${url}: ${(error as Error).message}`);
  }
  if (!response.ok)
    throw new BackupError(
      `The server at ${url} refused the backup (${response.status}): run the backup with the server's own configuration (PORT, HOST, AUTH_SECRET, DATA_DIR)`,
    );
  return response.blob();
}

async function backupPostgres(
  config: Config,
  dumpFile: string,
  env: NodeJS.ProcessEnv | undefined,
  log: (line: string) => void,
) {
  const pgDump = postgresTool("pg_dump");
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrationsFolder: "",
    skipMigrations: true,
  });
  try {
    // The counts and pg_dump read one snapshot: the transaction exports it and stays open while pg_dump runs.
    return await database.db.transaction(
      async (tx) => {
        const snapshot = rowsOf<{ id: string }>(await tx.execute(sql`select pg_export_snapshot() as id`));
        const tables = await tableRowCounts(tx);
        log(`pg_dump of ${Object.keys(tables).length} tables`);
        runPostgresTool(
          pgDump,
          ["--format=custom", `--snapshot=${snapshot[0]!.id}`, `--file=${dumpFile}`],
          config.databaseUrl!,
          env,
        );
        return tables;
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
  } finally {
    await database.close();
  }
}

function copyUploads(config: Config, target: string): Manifest["uploads"] {
  if (config.s3)
    return {
      included: false,
      files: 0,
      note: `Images are in the bucket ${config.s3.bucket}: keep them with the bucket's versioning or replication`,
    };
  const source = localUploadsDir(config);
  fs.mkdirSync(target, { recursive: true });
  if (fs.existsSync(source)) fs.cpSync(source, target, { recursive: true });
  return { included: true, files: countFiles(target) };
}

function appVersion(root: string) {
  try {
    return String(JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version ?? "unknown");
  } catch {
    return "unknown";
  }
}
