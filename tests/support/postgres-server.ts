// Starts a throw-away PostgreSQL server in a temp dir on a free port (used by the integration tests and benches).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export function findPostgresBin() {
  // Newest Debian version first, as scripts/test.mjs looks for them.
  const versions = fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql") : [];
  const debian = versions.sort((a, b) => Number(b) - Number(a)).map((v) => `/usr/lib/postgresql/${v}/bin`);
  return ["/usr/local/bin", ...debian, "/usr/bin"].find(
    (dir) => fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl")),
  );
}

export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export interface PostgresServer {
  url(database: string): string;
  stop(): void;
}

/** initdb refuses to run as root, so the server runs as the postgres user when we are root. */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("No PostgreSQL server binaries found (initdb, pg_ctl)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pgtest-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const run = (cmd: string, args: string[]) => {
    const full = asRoot
      ? ["runuser", "-u", "postgres", "--", path.join(bin, cmd), ...args]
      : [path.join(bin, cmd), ...args];
    const result = spawnSync(full[0]!, full.slice(1), { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  const port = await freePort();
  run("initdb", ["-D", dir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  run("pg_ctl", [
    "-D",
    dir,
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    "-l",
    path.join(dir, "log"),
    "-w",
    "start",
  ]);
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      try {
        run("pg_ctl", ["-D", dir, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
