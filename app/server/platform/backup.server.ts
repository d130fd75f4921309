// Over 300 lines: backup and restore are each other's inverse on two databases, kept side by side so they stay so.
// Backup and restore of the database and the uploads folder (`npm run backup`, `npm run restore`): one folder per
// backup with a manifest. The embedded database is copied by the server that holds it; PostgreSQL by pg_dump in
// one snapshot with the row counts (docs/decisions/011-backup.md).
import { spawnSync } from "node:child_process";
import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "~/schemas/zod";
import {
  type Database,
  type DbOrTx,
  loadEmbeddedDatabase,
  openDatabase,
  openEmbeddedDump,
} from "./db.server";
import { embeddedDatabaseExists, lockEmbeddedDatabase } from "./embedded-dir.server";
import { type Config, loadConfig } from "./env.server";
import { localUploadsDir } from "./storage.server";

/** The running server answers this with a copy of the embedded database (POST, loopback and token only). */
export const EMBEDDED_BACKUP_PATH = "/__backup/embedded-database";

class BackupError extends Error {
  override name = "BackupError";
}

/** The token the backup command shows the server: derived from AUTH_SECRET, which both read from the same setup. */
function backupToken(authSecret: string) {
  return createHmac("sha256", authSecret).update("tapcard embedded database backup").digest("base64url");
}

/** Only a command on this machine that knows AUTH_SECRET may take a copy of the database. */
export function mayTakeBackup(
  config: Config,
  remoteAddress: string | undefined,
  authorization: string | undefined,
) {
  const loopback = /^(127\.|::1$|::ffff:127\.)/.test(remoteAddress ?? "");
  const given = Buffer.from((authorization ?? "").slice(0, 200));
  const wanted = Buffer.from(`Bearer ${backupToken(config.authSecret)}`);
  return loopback && given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Rows per table, in every schema the app writes (public, and drizzle's record of applied migrations). */
export async function tableRowCounts(db: DbOrTx) {
  const tables = await db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by table_schema, table_name`);
  const counts: Record<string, number> = {};
  for (const { schema, name } of rowsOf<{ schema: string; name: string }>(tables)) {
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(name)}`,
    );
    counts[schema === "public" ? name : `${schema}.${name}`] = Number(rowsOf<{ n: number }>(result)[0]!.n);
  }
  return counts;
}

/** Both drivers answer a raw query with { rows }; the shared database type does not say so. */
function rowsOf<T>(result: unknown) {
  return (result as { rows: T[] }).rows;
}

const MIGRATIONS_TABLE = "drizzle.__drizzle_migrations";

const ManifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  app: z.object({ version: z.string() }),
  database: z.object({ kind: z.enum(["pglite", "postgres"]), file: z.string(), migrations: z.number() }),
  tables: z.record(z.string(), z.number()),
  uploads: z.object({ included: z.boolean(), files: z.number(), note: z.string().optional() }),
});
type Manifest = z.infer<typeof ManifestSchema>;

const DUMP_FILES = { pglite: "database.tar.gz", postgres: "database.pgdump" } as const;

interface Options {
  root: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

/** Writes one backup folder under outDir and returns its path and manifest. */
export async function createBackup(opts: Options & { outDir: string }) {
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

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .reduce((n, e) => n + (e.isDirectory() ? countFiles(path.join(dir, e.name)) : 1), 0);
}

function appVersion(root: string) {
  try {
    return String(JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version ?? "unknown");
  } catch {
    return "unknown";
  }
}

/**
 * Restores a backup folder into the configured database and DATA_DIR/uploads. Everything that could refuse is
 * checked before anything is written; the row counts are compared with the manifest at the end.
 */
export async function restoreBackup(opts: Options & { from: string; force?: boolean }) {
  const config = loadConfig(opts.env);
  const log = opts.log ?? (() => {});
  const manifest = readManifest(opts.from);
  const kind = config.databaseUrl ? "postgres" : "pglite";
  if (manifest.database.kind !== kind)
    throw new BackupError(
      kind === "postgres"
        ? "This backup is of the embedded database: restore it without DATABASE_URL"
        : "This backup is of PostgreSQL: set DATABASE_URL to the database to restore it into",
    );
  const known = knownMigrations(opts.root);
  if (manifest.database.migrations > known)
    throw new BackupError(
      `This backup was made by a newer version of the app (${manifest.database.migrations} migrations, this one knows ${known}): restore it with that version`,
    );
  const dumpFile = path.join(opts.from, manifest.database.file);
  if (!fs.existsSync(dumpFile)) throw new BackupError(`The backup has no ${manifest.database.file}`);
  const uploadsTarget = localUploadsDir(config);
  const uploadsInTarget = countFiles(uploadsTarget) > 0;
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");

  let counts: Record<string, number>;
  if (kind === "pglite") {
    const release = lockEmbeddedDatabase(config.dataDir);
    try {
      refuseNonEmpty(embeddedDatabaseExists(config.dataDir), uploadsInTarget, opts.force);
      const dbDir = path.join(config.dataDir, "db");
      if (fs.existsSync(dbDir)) moveAside(dbDir, stamp, log);
      restoreUploads(opts.from, manifest, uploadsTarget, uploadsInTarget, stamp, log);
      const restored = await loadEmbeddedDatabase(
        config.dataDir,
        new Blob([new Uint8Array(fs.readFileSync(dumpFile))]),
      );
      try {
        counts = await tableRowCounts(restored.db);
      } finally {
        await restored.close();
      }
    } finally {
      release();
    }
  } else {
    const pgRestore = postgresTool("pg_restore");
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      migrationsFolder: "",
      skipMigrations: true,
    });
    try {
      refuseNonEmpty(await postgresHasTables(database.db), uploadsInTarget, opts.force);
      restoreUploads(opts.from, manifest, uploadsTarget, uploadsInTarget, stamp, log);
      if (opts.force) {
        // The schemas are emptied whole, so no table of a later version of the app is left beside the backup's.
        await database.db.execute(sql`drop schema if exists drizzle cascade`);
        await database.db.execute(sql`drop schema if exists public cascade`);
        await database.db.execute(sql`create schema public`);
      }
      runPostgresTool(
        pgRestore,
        ["--no-owner", "--no-acl", "--exit-on-error", "--single-transaction", dumpFile],
        config.databaseUrl!,
        opts.env,
      );
      counts = await tableRowCounts(database.db);
    } finally {
      await database.close();
    }
  }
  const differ = Object.keys({ ...manifest.tables, ...counts }).filter(
    (t) => manifest.tables[t] !== counts[t],
  );
  if (differ.length)
    throw new BackupError(
      `The restored row counts differ from the backup's manifest in ${differ.map((t) => `${t} (${counts[t] ?? "missing"} instead of ${manifest.tables[t] ?? "none"})`).join(", ")}`,
    );
  return { manifest, counts };
}

function readManifest(from: string) {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(path.join(from, "manifest.json"), "utf8"));
  } catch (error) {
    throw new BackupError(`${from} is not a backup: cannot read manifest.json (${(error as Error).message})`);
  }
  const parsed = ManifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupError(`${from}/manifest.json is not a backup manifest`);
  if (path.basename(parsed.data.database.file) !== parsed.data.database.file)
    throw new BackupError(`${from}/manifest.json names a database file outside the backup`);
  return parsed.data;
}

function knownMigrations(root: string) {
  const journal = JSON.parse(fs.readFileSync(path.join(root, "drizzle/meta/_journal.json"), "utf8"));
  return (journal.entries as unknown[]).length;
}

function refuseNonEmpty(database: boolean, uploads: boolean, force: boolean | undefined) {
  if (force || (!database && !uploads)) return;
  const what = [database && "the database", uploads && "the uploads folder"].filter(Boolean).join(" and ");
  throw new BackupError(
    `Refusing to overwrite ${what}, which already hold data: restore into an empty target, or pass --force to replace it`,
  );
}

async function postgresHasTables(db: Database) {
  const result = await db.execute(sql`
    select count(*)::int as n from information_schema.tables
    where table_schema not in ('pg_catalog', 'information_schema')`);
  return Number(rowsOf<{ n: number }>(result)[0]!.n) > 0;
}

/** With --force the old files are kept beside the new, never deleted: the operator removes them when satisfied. */
function moveAside(dir: string, stamp: string, log: (line: string) => void) {
  const aside = `${dir}.replaced-${stamp}`;
  fs.renameSync(dir, aside);
  log(`Moved the old ${path.basename(dir)} to ${aside}`);
}

function restoreUploads(
  from: string,
  manifest: Manifest,
  target: string,
  targetHasFiles: boolean,
  stamp: string,
  log: (line: string) => void,
) {
  if (!manifest.uploads.included) {
    if (manifest.uploads.note) log(manifest.uploads.note);
    return;
  }
  if (targetHasFiles) moveAside(target, stamp, log);
  fs.mkdirSync(target, { recursive: true });
  fs.cpSync(path.join(from, "uploads"), target, { recursive: true });
}

/** pg_dump or pg_restore: PG_BIN_DIR, else the newest Debian version, else the PATH. */
function postgresTool(name: "pg_dump" | "pg_restore") {
  const dirs = process.env.PG_BIN_DIR ? [process.env.PG_BIN_DIR] : [];
  const versions = fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql") : [];
  dirs.push(
    "/usr/local/bin",
    ...versions.sort((a, b) => Number(b) - Number(a)).map((v) => `/usr/lib/postgresql/${v}/bin`),
  );
  return dirs.map((d) => path.join(d, name)).find((f) => fs.existsSync(f)) ?? name;
}

/** Runs a PostgreSQL tool against the database; the password goes in the environment, not the process list. */
function runPostgresTool(
  tool: string,
  args: string[],
  databaseUrl: string,
  env: NodeJS.ProcessEnv | undefined,
) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const result = spawnSync(tool, [...args, `--dbname=${url.toString()}`], {
    env: { ...(env ?? process.env), ...(password ? { PGPASSWORD: password } : {}) },
    encoding: "utf8",
  });
  if (result.error)
    throw new BackupError(
      `Cannot run ${tool}: ${result.error.message} (install the PostgreSQL client tools)`,
    );
  if (result.status !== 0)
    throw new BackupError(`${path.basename(tool)} failed: ${(result.stderr || result.stdout).trim()}`);
}
