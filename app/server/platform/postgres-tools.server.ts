// pg_dump and pg_restore, which back up and restore PostgreSQL: where to find them and how to run them.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { BackupError } from "./backup-manifest.server";

/** pg_dump or pg_restore: PG_BIN_DIR, else the newest Debian version, else the PATH. */
export function postgresTool(name: "pg_dump" | "pg_restore") {
  const dirs = process.env.PG_BIN_DIR ? [process.env.PG_BIN_DIR] : [];
  const versions = fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql") : [];
  dirs.push(
    "/usr/local/bin",
    ...versions.sort((a, b) => Number(b) - Number(a)).map((v) => `/usr/lib/postgresql/${v}/bin`),
  );
  return dirs.map((d) => path.join(d, name)).find((f) => fs.existsSync(f)) ?? name;
}

/** Runs a PostgreSQL tool against the database; the password goes in the environment, not the process list. */
export function runPostgresTool(
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
