// The only module that imports a database driver: embedded PGlite by default, a PostgreSQL pool with DATABASE_URL.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type ExtractTablesWithRelations, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "~/db/schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Functions that write take this, so callers can run them inside their own transaction. */
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the committed SQL migrations; the same files run on both engines. */
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
}

export class DatabaseError extends Error {
  override name = "DatabaseError";
}

/** Opens the database named by the configuration and applies pending migrations. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  migrationsFolder: string;
}): Promise<DatabaseHandle> {
  const handle = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl)
    : await openPglite(path.join(opts.dataDir, "db"));
  try {
    await handle.migrate(opts.migrationsFolder);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    const where = safeUrl(databaseUrl);
    throw new DatabaseError(
      `Cannot connect to PostgreSQL at ${where}: ${(error as Error).message || String(error)}`,
    );
  }
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    // One client holds an advisory lock so app processes starting together migrate one at a time.
    async migrate(migrationsFolder) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(727274)");
        await migratePg(drizzlePg({ client }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock(727274)").catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dir: string): Promise<DatabaseHandle> {
  fs.mkdirSync(dir, { recursive: true });
  const releaseLock = takeLock(`${dir}.lock`);
  try {
    const client = await PGlite.create(dir);
    const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database;
    return {
      db,
      kind: "pglite",
      migrate: (migrationsFolder) => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** PGlite has no lock between processes: two writers would corrupt the directory, so we take one. */
function takeLock(lockFile: string) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(fs.readFileSync(lockFile, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseError(
          `The database in ${path.dirname(lockFile)} is in use by another process (pid ${pid}); stop it first or set DATA_DIR to another folder`,
        );
      }
      fs.rmSync(lockFile, { force: true }); // left behind by a process that died
    }
  }
  throw new DatabaseError(`Cannot take the database lock ${lockFile}`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function pingDatabase(db: Database) {
  await db.execute(sql`select 1`);
}

function safeUrl(databaseUrl: string) {
  try {
    const u = new URL(databaseUrl);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "the configured address";
  }
}
