// Over 300 lines: by rule the only module that imports a database driver: both drivers, the lock and the listener.
// The only module that imports a database driver: embedded PGlite by default, a PostgreSQL pool with DATABASE_URL.
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { type ExtractTablesWithRelations, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "~/db/schema";
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

interface ChannelHandlers {
  onNotification(payload: string): void;
  /** Listening again after a lost connection. Notifications sent while it was down are lost for good. */
  onReconnect(): void;
  /** The connection was lost, or an attempt to reopen it failed; another attempt follows. */
  onConnectionError?(error: Error): void;
}

export interface ChannelListener {
  stop(): Promise<void>;
}

/** Delay before reopening a lost listening connection: doubles per failed attempt, up to maxMs. */
export type Backoff = { firstMs: number; maxMs: number };

/** Shown in pg_stat_activity, so an operator can tell the listening connections from the pool's. */
export const LISTENER_APPLICATION_NAME = "tapcard-listener";

class DatabaseError extends Error {
  override name = "DatabaseError";
}

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

async function listenOn(
  databaseUrl: string,
  channel: string,
  handlers: ChannelHandlers,
  backoff: Backoff = { firstMs: 250, maxMs: 10_000 },
): Promise<ChannelListener> {
  let client: pg.Client | undefined; // the connection that is listening now, if any
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  async function open() {
    const c = new pg.Client({
      connectionString: databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: 5000,
      // The connection sits idle between notifications: keepalives notice a peer that went away.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    c.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? "");
    });
    // An idle client reports a lost connection as events; without a handler 'error' would crash the process.
    c.on("error", (error) => lost(c, error));
    c.on("end", () => lost(c, new Error("The listening connection was closed")));
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await c.end().catch(() => {});
      throw error;
    }
    return c;
  }

  function lost(c: pg.Client, error: Error) {
    if (c !== client || stopped) return; // 'error' and 'end' both arrive for one loss
    client = undefined;
    c.end().catch(() => {});
    handlers.onConnectionError?.(error);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    // Jitter, so that app processes cut off together do not all come back at the same instant.
    const delay = Math.min(backoff.maxMs, backoff.firstMs * 2 ** failures) * (0.5 + Math.random() / 2);
    failures++;
    retry = setTimeout(reconnect, delay);
  }

  async function reconnect() {
    retry = undefined;
    if (stopped) return;
    let c: pg.Client;
    try {
      c = await open();
    } catch (error) {
      if (stopped) return;
      handlers.onConnectionError?.(error as Error);
      scheduleReconnect();
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    failures = 0;
    handlers.onReconnect();
  }

  client = await open();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      if (!c) return;
      // A goodbye to a server that no longer answers must not hold up shutdown.
      const giveUp = new Promise<void>((resolve) => setTimeout(resolve, 1000).unref());
      await Promise.race([c.end().catch(() => {}), giveUp]);
    },
  };
}

/**
 * The embedded database's own buffer cache lives in its WebAssembly memory; the files under it are cached by the
 * operating system anyway, so a small one saves about 100 MB of the process for a small shop.
 */
const PGLITE_OPTIONS = { postgresqlconf: "shared_buffers = 16MB" };

const embeddedDir = (dataDir: string) => path.join(dataDir, "db");

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
 * Creates the embedded database, and applies the migrations to it, in a Node process of its own. Creating it grows
 * the WebAssembly memory to about 600 MB, which never shrinks, and leaves about 150 MB of native allocations
 * behind; an instance closed at once in this process still held all of it until a full collection came, which an
 * idle server may not see for hours. Migrating a new database in the serving process left it about 60 MB larger
 * than a restart (docs/decisions/035-heap-limit-again.md). The process that serves opens the database made, and
 * starts small.
 */
async function createPgliteDir(dir: string, migrationsFolder?: string) {
  const resolve = (name: string) => pathToFileURL(createRequire(import.meta.url).resolve(name)).href;
  const script = `
    const [pglite, drizzle, migrator, dir, options, migrationsFolder] = process.argv.slice(1);
    const { PGlite } = await import(pglite);
    const client = await PGlite.create(dir, JSON.parse(options));
    if (migrationsFolder) {
      const { migrate } = await import(migrator);
      const { drizzle: open } = await import(drizzle);
      await migrate(open({ client }), { migrationsFolder });
    }
    await client.close();`;
  const args = [
    resolve("@electric-sql/pglite"),
    resolve("drizzle-orm/pglite"),
    resolve("drizzle-orm/pglite/migrator"),
    dir,
    JSON.stringify(PGLITE_OPTIONS),
    migrationsFolder ?? "",
  ];
  try {
    await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script, ...args]);
  } catch (error) {
    const reason = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new DatabaseError(`Cannot create the embedded database in ${dir}: ${reason}`);
  }
}

/** True when the embedded database in DATA_DIR holds a database (it may be empty of rows). */
export function embeddedDatabaseExists(dataDir: string) {
  return fs.existsSync(path.join(embeddedDir(dataDir), "PG_VERSION"));
}

/**
 * Takes the embedded database's lock for a command that works on it beside the app (restore): throws the
 * 'in use by another process' error while a server holds it.
 */
export function lockEmbeddedDatabase(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  return takeLock(`${embeddedDir(dataDir)}.lock`);
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
