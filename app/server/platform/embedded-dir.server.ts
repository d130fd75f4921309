// The embedded database's folder: where it lives in DATA_DIR, its creation in a process of its own, and the lock
// that keeps a second process out (PGlite has none of its own). No driver is imported here (db.server.ts).
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

export class DatabaseError extends Error {
  override name = "DatabaseError";
}

/**
 * The embedded database's own buffer cache lives in its WebAssembly memory; the files under it are cached by the
 * operating system anyway, so a small one saves about 100 MB of the process for a small shop.
 */
export const PGLITE_OPTIONS = { postgresqlconf: "shared_buffers = 16MB" };

export const embeddedDir = (dataDir: string) => path.join(dataDir, "db");

/**
 * Creates the embedded database, and applies the migrations to it, in a Node process of its own. Creating it grows
 * the WebAssembly memory to about 600 MB, which never shrinks, and leaves about 150 MB of native allocations
 * behind; an instance closed at once in this process still held all of it until a full collection came, which an
 * idle server may not see for hours. Migrating a new database in the serving process left it about 60 MB larger
 * than a restart (docs/decisions/035-heap-limit-again.md). The process that serves opens the database made, and
 * starts small.
 */
export async function createPgliteDir(dir: string, migrationsFolder?: string) {
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

/** PGlite has no lock between processes: two writers would corrupt the directory, so we take one. */
export function takeLock(lockFile: string) {
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
