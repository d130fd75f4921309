// Starts the site: the built app by default, or Vite with hot reload when run with --dev. With WEB_CONCURRENCY=N
// (N > 1, PostgreSQL only) this process forks N app processes that share the port (node:cluster).
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const dev = process.argv.includes("--dev");

function fail(error) {
  // One clear line for configuration and database problems; a stack only for the unexpected.
  const known = ["ConfigError", "DatabaseError"].includes(error?.name);
  console.error(known ? error.message : `Startup failed: ${error?.stack ?? error}`);
  process.exit(1);
}

/** How many app processes to run: one unless WEB_CONCURRENCY asks for more, which needs PostgreSQL. */
function appProcessCount() {
  const raw = process.env.WEB_CONCURRENCY ?? "1";
  const n = /^\d{1,2}$/.test(raw) ? Number(raw) : 0;
  if (n < 1 || n > 64) fail(configError("WEB_CONCURRENCY must be a whole number from 1 to 64"));
  if (n > 1 && !process.env.DATABASE_URL)
    fail(
      configError(
        `WEB_CONCURRENCY=${n} needs DATABASE_URL: the embedded database is opened by one process at a time`,
      ),
    );
  return n;
}

/**
 * The address the server really listens on, as a URL: HOST may be an unspecified address (0.0.0.0, ::) or a name,
 * and the port is the one the system gave. The loopback is shown as localhost, as a browser would open it.
 */
function listeningUrl(address) {
  if (!address || typeof address === "string") return String(address);
  const { address: ip, port, family } = address;
  const shown = ip === "127.0.0.1" || ip === "::1" ? "localhost" : family === "IPv6" ? `[${ip}]` : ip;
  return `http://${shown}:${port}`;
}

function configError(message) {
  return Object.assign(new Error(`Invalid configuration: ${message}`), { name: "ConfigError" });
}

/**
 * The primary of several app processes: starts them one after another (the first migrates and seeds), starts a
 * new one when one dies, and passes SIGTERM/SIGINT on, exiting when all have stopped.
 */
function runAppProcesses(count) {
  let stopping = false;
  let started = false;
  let exitCode = 0;
  /** Resolves true once the new process listens, false if it exits first (it has printed why). */
  const fork = () =>
    new Promise((resolve) => {
      const worker = cluster.fork();
      worker.once("listening", () => resolve(true));
      worker.once("exit", () => resolve(false));
    });
  const alive = () => Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    if (alive().length === 0) process.exit(exitCode);
    for (const worker of alive()) worker.process.kill(signal);
    setTimeout(() => process.exit(1), 12_000).unref();
  };
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (alive().length === 0) process.exit(exitCode);
      return;
    }
    if (!started) return;
    console.error(`App process ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    fork();
  });
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  return (async () => {
    for (let i = 0; i < count; i++) {
      if (!(await fork())) {
        exitCode = 1;
        return stop("SIGTERM");
      }
    }
    started = true;
  })();
}

const appProcesses = dev ? 1 : appProcessCount();
if (appProcesses > 1 && cluster.isPrimary) await runAppProcesses(appProcesses);
else await serve();

async function serve() {
  let appModule;
  let runtime;
  let handle;
  let stopping = false;
  // The answers under way: on shutdown the database closes only after they are done. An answer sent at once (a
  // card page from memory) is done when `handle` returns, and is not tracked: the card path stays as it was.
  const answering = new Set();
  let drained;
  const listener = http.createServer((req, res) => {
    // While stopping, an answer closes its connection, so that no request follows it on that connection.
    if (stopping) res.shouldKeepAlive = false;
    handle(req, res);
    if (res.writableEnded) return;
    answering.add(res);
    res.once("close", () => {
      answering.delete(res);
      if (answering.size === 0) drained?.();
    });
  });
  try {
    if (dev) {
      // The app's module is asked for on each request, so an edit is served at once; the pages kept in memory are
      // rendered again after any change.
      const vite = await import("vite");
      // Hot reload's socket on the site's own port, which the page policy allows ('self').
      const viteServer = await vite.createServer({
        root,
        server: { middlewareMode: true, hmr: { server: listener } },
      });
      const load = () => viteServer.ssrLoadModule("./server/app.ts");
      appModule = await load();
      runtime = await appModule.startRuntime({ root });
      const hosts = new WeakMap();
      const hostOf = (module) => {
        if (!hosts.has(module)) hosts.set(module, module.createHost({ root, vite: viteServer }));
        return hosts.get(module);
      };
      viteServer.watcher.on("change", () => load().then((module) => module.forgetRenderedPages()));
      handle = (req, res) => {
        load().then(
          (module) => hostOf(module)(req, res),
          (error) => {
            viteServer.ssrFixStacktrace(error);
            console.error(error);
            res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end(String(error?.stack));
          },
        );
      };
    } else {
      appModule = await import(path.join(root, "build/server/index.js"));
      runtime = await appModule.startRuntime({ root });
      handle = appModule.createHost({ root });
    }
  } catch (error) {
    fail(error);
  }

  const { port, host } = runtime.config;
  // A proxy keeps idle connections to the app open for up to 60 s (nginx's upstream keepalive_timeout, most load
  // balancers the same) and may send the next request on one at any moment: the app must not close them sooner,
  // or that request fails with a 502. Node's default is 5 s.
  listener.keepAliveTimeout = 65_000;
  listener.headersTimeout = 66_000;
  listener.listen(port, host, () => {
    console.warn(`Ready on ${listeningUrl(listener.address())}`);
  });
  listener.on("error", (error) => fail(new Error(`Cannot listen on ${host}:${port}: ${error.message}`)));

  async function shutdown(signal) {
    if (stopping) return;
    stopping = true;
    console.warn(`${signal} received, shutting down`);
    listener.close();
    listener.closeIdleConnections();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // The answers under way finish first (a deploy's restart must not fail them), for at most 8 s, each closing
    // its connection.
    for (const res of answering) res.shouldKeepAlive = false;
    if (answering.size > 0)
      await new Promise((resolve) => {
        drained = resolve;
        setTimeout(resolve, 8_000).unref();
      });
    await appModule?.stopRuntime().catch((error) => console.error(error));
    process.exit(0);
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
