// The database module, with pg-listener.server.ts the only modules that import a database driver: embedded PGlite
// by default, a PostgreSQL pool with DATABASE_URL. The embedded database's folder, creation and lock are in
// embedded-dir.server.ts; PostgreSQL's LISTEN connection is in pg-listener.server.ts.
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
import { createPgliteDir, DatabaseError, embeddedDir, PGLITE_OPTIONS, takeLock } from "./embedded-dir.server";
import { type Backoff, type ChannelHandlers, type ChannelListener, listenOn } from "./pg-listener.server";
import { prepareStatements } from "./pglite-statements.server";
import { timeDatabase } from "./server-timing.server";

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Functions that write take this, so callers can run them inside their own transaction. */
export type DbOrTx = Database | Tx;

interface HandleBase {
  db: Database;
  /** Applies the committed SQL migrations; the same files run on both engines. */
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
}

/** The embedded database: one process, so nothing to tell other processes. */
interface PgliteHandle extends HandleBase {
  kind: "pglite";
  /**
   * A gzipped tar of the data directory, taken while no statement runs: a crash-consistent image, as after a
   * power cut, which on opening recovers to exactly the transactions committed before it (docs/decisions/011-backup.md).
   */
  dump(): Promise<Blob>;
}

/** A PostgreSQL pool, shared by several app processes, which tell each other about changes on channels. */
export interface PostgresHandle extends HandleBase {
  kind: "postgres";
  /**
   * Listens on a channel on a dedicated connection (LISTEN needs one session; a pooled connection goes back
   * to the pool). Resolves once listening, rejects if the first connection fails. A lost connection is
   * reopened with backoff until `stop()`.
   */
  listen(channel: string, handlers: ChannelHandlers, backoff?: Backoff): Promise<ChannelListener>;
  /** Sends a notification (payload under 8000 bytes) to every session listening on the channel. */
  notify(channel: string, payload: string): Promise<void>;
}

export type DatabaseHandle = PgliteHandle | PostgresHandle;

/** Opens the database named by the configuration and applies pending migrations. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  migrationsFolder: string;
  /** Backup and restore read and write the data as it is, whatever version of the app wrote it. */
  skipMigrations?: boolean;
  /** Count each statement's time toward its request's Server-Timing (development and bench:pages only). */
  timeQueries?: boolean;
}): Promise<DatabaseHandle> {
  const timeQueries = opts.timeQueries ?? false;
  const handle = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, timeQueries)
    : await openPglite(
        embeddedDir(opts.dataDir),
        timeQueries,
        opts.skipMigrations ? undefined : opts.migrationsFolder,
      );
  if (opts.skipMigrations) return handle;
  try {
    await handle.migrate(opts.migrationsFolder);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function openPostgres(databaseUrl: string, timeQueries: boolean): Promise<PostgresHandle> {
  // A burst beyond the pool's ten connections queues for one rather than failing: a request that waited 5 s got
  // a 500 when two processes took 80 'Mark paid' clicks at once. Thirty seconds is still well inside a proxy's
  // read time-out (nginx: 60 s), and a database that cannot be reached at all fails at start, not here.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 30_000 });
  // Nor one in use (the database restarted, failed over, or an operator ended the session): its client reports
  // it as an event, which unheard would end the process, while the query in progress fails with the same error
  // for its caller, and the pool drops the client. Before the first connection, so that every client has it.
  pool.on("connect", (client) => client.on("error", () => {}));
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
  if (timeQueries) timePoolQueries(pool);
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
    listen: (channel, handlers, backoff) => listenOn(databaseUrl, channel, handlers, backoff),
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    close: () => pool.end(),
  };
}

async function openPglite(
  dir: string,
  timeQueries: boolean,
  migrationsFolder?: string,
): Promise<PgliteHandle> {
  fs.mkdirSync(dir, { recursive: true });
  const releaseLock = takeLock(`${dir}.lock`);
  try {
    if (!fs.existsSync(path.join(dir, "PG_VERSION"))) await createPgliteDir(dir, migrationsFolder);
    const client = await PGlite.create(dir, PGLITE_OPTIONS);
    prepareStatements(client);
    if (timeQueries) timePgliteCalls(client);
    const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database;
    return {
      db,
      kind: "pglite",
      migrate: (migrationsFolder) => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
      dump: () => client.dumpDataDir("gzip"),
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

/** Statements outside a transaction count toward the request's Server-Timing (a transaction's do not). */
function timePoolQueries(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) =>
    typeof args.at(-1) === "function"
      ? query(...args)
      : timeDatabase(() => query(...args))) as typeof pool.query;
}

/** Every call drizzle makes on the embedded database (a transaction as a whole) counts toward Server-Timing. */
function timePgliteCalls(client: PGlite) {
  for (const name of ["query", "exec", "transaction"] as const) {
    const call = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
      timeDatabase(() => call(...args));
  }
}

/**
 * Loads a dump into DATA_DIR as the embedded database; the caller holds the lock and the folder holds no
 * database. Returns it open, so the caller can check what it holds.
 */
export async function loadEmbeddedDatabase(dataDir: string, dump: Blob) {
  const dir = embeddedDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { ...PGLITE_OPTIONS, loadDataDir: dump });
  return {
    db: drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database,
    close: () => client.close(),
  };
}

/** A dump opened in memory, to read what it holds without touching any folder. */
export async function openEmbeddedDump(dump: Blob) {
  const client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: dump });
  return {
    db: drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database,
    close: () => client.close(),
  };
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
