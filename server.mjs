// Starts the site: the built app by default, or Vite with hot reload when run with --dev. With WEB_CONCURRENCY=N
// (N > 1, PostgreSQL only) this process forks N app processes that share the port (node:cluster).
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import { expressShapedClasses } from "./server/express-shaped.mjs";
import { keepTickEntryMaps } from "./server/tick-entries.mjs";

// First, before the app's start-up collections can free the maps of Node's tick entries (server/tick-entries.mjs).
keepTickEntryMaps();

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
  const server = express();
  server.disable("x-powered-by");
  try {
    if (dev) {
      const vite = await import("vite");
      const viteServer = await vite.createServer({ root, server: { middlewareMode: true } });
      appModule = await viteServer.ssrLoadModule("./server/app.ts");
      runtime = await appModule.startRuntime({ root });
      server.use(viteServer.middlewares);
      server.use(async (req, res, next) => {
        try {
          const fresh = await viteServer.ssrLoadModule("./server/app.ts");
          return fresh.app(req, res, next);
        } catch (error) {
          if (error instanceof Error) viteServer.ssrFixStacktrace(error);
          next(error);
        }
      });
    } else {
      appModule = await import(path.join(root, "build/server/index.js"));
      runtime = await appModule.startRuntime({ root });
      server.use(appModule.baseHeaders);
      // Scripts and styles go out as compressed at build time; what the app renders is compressed as it is sent.
      server.use("/assets", appModule.serveAssets(path.join(root, "build/client/assets")));
      // The text files at the top of the build (the favicon) the same way; other files go on to the disk below.
      const topFiles = appModule.serveTopFiles(path.join(root, "build/client"));
      server.use((req, res, next) => (req.path.includes(".") ? topFiles(req, res, next) : next()));
      server.use(
        "/assets",
        express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }),
      );
      // Only a file name has a dot: pages go on without a stat of the disk per request.
      const files = express.static(path.join(root, "build/client"), { maxAge: "1h", index: false });
      server.use((req, res, next) => (req.path.includes(".") ? files(req, res, next) : next()));
      server.use(appModule.app);
    }
  } catch (error) {
    fail(error);
  }

  const { port, host } = runtime.config;
  // Behind a proxy req.ip is the proxy's address unless we trust it to tell us the client's (TRUST_PROXY).
  server.set("trust proxy", runtime.config.trustProxy);
  // Cached pages are answered before Express is entered (see fastPath in server/app.ts).
  const fastPath = dev ? undefined : appModule.fastPath;
  // Nothing thrown here may escape: outside Express an exception ends the process, and with it every visitor's
  // request (and it would again after each restart if stored data caused it).
  function handle(req, res) {
    try {
      server(req, res);
    } catch (error) {
      answerFailure(req, res, error);
    }
  }
  function answerFailure(req, res, error) {
    runtime.logger.error({ err: error, url: req.url }, "request failed outside the app");
    try {
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Internal Server Error");
    } catch {
      res.destroy();
    }
  }
  const listener = http.createServer(expressShapedClasses(server), (req, res) => {
    try {
      // Given the app, the fast path may take a request and hand it on later (a signed-in page not in memory).
      if (fastPath?.(req, res, handle)) return;
    } catch (error) {
      answerFailure(req, res, error);
      return;
    }
    handle(req, res);
  });
  // A proxy keeps idle connections to the app open for up to 60 s (nginx's upstream keepalive_timeout, most load
  // balancers the same) and may send the next request on one at any moment: the app must not close them sooner,
  // or that request fails with a 502. Node's default is 5 s.
  listener.keepAliveTimeout = 65_000;
  listener.headersTimeout = 66_000;
  listener.listen(port, host, () => {
    console.warn(`Ready on http://${host === "127.0.0.1" ? "localhost" : host}:${port}`);
  });
  listener.on("error", (error) => fail(new Error(`Cannot listen on ${host}:${port}: ${error.message}`)));

  let stopping = false;
  async function shutdown(signal) {
    if (stopping) return;
    stopping = true;
    console.warn(`${signal} received, shutting down`);
    listener.close();
    listener.closeIdleConnections?.();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await appModule?.stopRuntime().catch((error) => console.error(error));
    process.exit(0);
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
