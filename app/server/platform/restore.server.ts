// Restore of a backup folder (`npm run restore`) into the configured database and DATA_DIR/uploads: refused
// before anything is written when it cannot succeed, checked against the manifest's row counts at the end
// (docs/decisions/011-backup.md).
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import {
  BackupError,
  type BackupOptions,
  countFiles,
  type Manifest,
  ManifestSchema,
  rowsOf,
  tableRowCounts,
} from "./backup-manifest.server";
import { type Database, loadEmbeddedDatabase, openDatabase } from "./db.server";
import { embeddedDatabaseExists, lockEmbeddedDatabase } from "./embedded-dir.server";
import { loadConfig } from "./env.server";
import { postgresTool, runPostgresTool } from "./postgres-tools.server";
import { localUploadsDir } from "./storage.server";

/**
 * Restores a backup folder into the configured database and DATA_DIR/uploads. Everything that could refuse is
 * checked before anything is written; the row counts are compared with the manifest at the end.
 */
export async function restoreBackup(opts: BackupOptions & { from: string; force?: boolean }) {
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
