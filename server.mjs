// Starts the site: the built app by default, or Vite with hot reload when run with --dev.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";

const root = path.dirname(fileURLToPath(import.meta.url));
const dev = process.argv.includes("--dev");

function fail(error) {
  // One clear line for configuration and database problems; a stack only for the unexpected.
  const known = ["ConfigError", "DatabaseError"].includes(error?.name);
  console.error(known ? error.message : `Startup failed: ${error?.stack ?? error}`);
  process.exit(1);
}

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
    server.use(
      compression({ filter: (req, res) => !req.path.startsWith("/healthz") && compression.filter(req, res) }),
    );
    server.use(
      "/assets",
      express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }),
    );
    server.use(express.static(path.join(root, "build/client"), { maxAge: "1h", index: false }));
    server.use(appModule.app);
  }
} catch (error) {
  fail(error);
}

const { port, host } = runtime.config;
// Cached card pages are answered before Express is entered (see fastPath in server/app.ts).
const fastPath = dev ? undefined : appModule.fastPath;
const listener = http.createServer((req, res) => {
  // Nothing thrown here may escape: outside Express an exception ends the process, and with it every visitor's
  // request (and it would again after each restart if stored data caused it).
  try {
    if (fastPath?.(req, res)) return;
    server(req, res);
  } catch (error) {
    runtime.logger.error({ err: error, url: req.url }, "request failed outside the app");
    try {
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Internal Server Error");
    } catch {
      res.destroy();
    }
  }
});
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
