// The HTTP app: request logging, security headers, cross-site and size checks, then React Router.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import * as serverBuild from "virtual:react-router/server-build";
import { createReadableStreamFromReadable } from "@react-router/node";
import express, { type NextFunction, type Request, type Response } from "express";
import onHeaders from "on-headers";
import { type AppLoadContext, createRequestHandler as createRouterHandler } from "react-router";
import { CARD_CACHE_LIMITS, cardPageCache } from "~/server/cards/page-cache.server";
import { tryFastCardResponse } from "~/server/cards/page-responses.server";
import { EMBEDDED_BACKUP_PATH, mayTakeBackup } from "~/server/platform/backup.server";
import { maxBodyBytes } from "~/server/platform/body-limits.server";
import { loggedPath, logRequest, requestLog } from "~/server/platform/request-log.server";
import {
  getRuntime,
  runWeeklyDigests,
  startRuntime as startAppRuntime,
} from "~/server/platform/runtime.server";
import {
  createSignedInPageCache,
  type SignedInPageCache,
  signedInPageKey,
} from "~/server/platform/signed-in-page-cache.server";
import { pageSecurityPolicy, siteHeaders } from "~/server/platform/site-headers.server";
import { IMMUTABLE_CACHE, localUploadsDir } from "~/server/platform/storage.server";
import { cachedPagePath, sendPageEntry, sitePageCache, tryCachedPage } from "~/server/site/page-cache.server";
import { contextHooksOn, releaseContextHooksWhenIdle } from "./context-hooks";
import { sendWholeResponse } from "./whole-response";

export { createBackup, restoreBackup } from "~/server/platform/backup.server";
export { createAdminAccount, stopRuntime } from "~/server/platform/runtime.server";
export { serveAssets, serveTopFiles } from "./static-assets";

/** Starts the runtime (the server applies its `config.trustProxy` to the Express app it mounts `app` in). */
export function startRuntime(opts: Parameters<typeof startAppRuntime>[0]) {
  releaseContextHooksWhenIdle();
  return startAppRuntime(opts);
}

declare module "react-router" {
  interface AppLoadContext {
    db: import("~/server/platform/db.server").Database;
    auth: import("~/server/platform/auth.server").Auth;
    config: import("~/server/platform/env.server").Config;
    logger: import("pino").Logger;
    /** Wakes the e-mail worker after a transaction that queued a message has committed. */
    pokeOutbox: () => void;
    clientIp: string;
    /** This response's script nonce; for a page rendered to be shared, a marker its policy never lists (by hash). */
    cspNonce: string;
    /** Rendered to be shared between visitors: whole, not streamed (sitePageCache). */
    sharedRender?: boolean;
    /** URL of each island script, for pages that do not hydrate React. */
    islands: import("~/server/site/islands.server").IslandUrls;
  }
}

const runtimeLog = {
  error: (details: object, message: string) => getRuntime().logger.error(details, message),
};

/**
 * Cached public card pages, link redirects and marketing pages, answered on the raw Node request before Express,
 * logging and React Router (server.mjs calls this first). Returns true when it answered; never throws.
 * Given `fallback` (the Express app), signed-in pages kept in memory are answered here too: true then means the
 * request is taken, and `fallback` gets it when its page is not there.
 */
export function fastPath(
  req: IncomingMessage,
  res: ServerResponse,
  fallback?: (req: IncomingMessage, res: ServerResponse) => void,
) {
  try {
    if (tryCachedPage(req, res)) return true;
  } catch (error) {
    runtimeLog.error({ err: error, url: req.url?.slice(0, 100) }, "cached page fast path failed");
    if (!res.headersSent) return false;
    res.destroy();
    return true;
  }
  if (tryFastCardResponse(req, res, runtimeLog)) return true;
  const key = fallback && signedInPageKey(req);
  if (!fallback || !key) return false;
  signedInPageCache()
    .answerFromMemory(key, req, res)
    .then(
      (answered) => answered || fallback(req, res),
      (error: unknown) => {
        runtimeLog.error({ err: error, url: loggedPath(req.url) }, "signed-in page cache failed");
        if (!res.headersSent) fallback(req, res);
        else res.destroy();
      },
    );
  return true;
}

// A router, not an app of its own: a mounted app would give each request its own prototypes
// (server/express-shaped.mjs).
export const app = express.Router();

// In development server.mjs goes through Vite first, so the fast path also runs here.
app.use((req, res, next) => {
  if (!fastPath(req, res)) next();
});

// Shared shop pages show stored data (the featured referrers): once a request that may have written is answered,
// they are rendered again for their next visitor.
app.use((req, res, next) => {
  if (!["GET", "HEAD", "OPTIONS"].includes(req.method)) res.once("close", sitePageCache.storedDataChanged);
  next();
});

app.use((req, res, next) => {
  logRequest(req, res, getRuntime().logger);
  next();
});

// Browser tests read the card cache's size to prove it stays bounded (E2E_TEST_HOOKS, refused in production).
app.get("/__test/card-cache", (_req, res, next) => {
  if (getRuntime().config.testHooks) res.json({ size: cardPageCache.size(), limits: CARD_CACHE_LIMITS });
  else next();
});

// Browser tests check that the asynchronous-context hooks go off once no page needs them (E2E_TEST_HOOKS).
app.get("/__test/context-hooks", (_req, res, next) => {
  if (getRuntime().config.testHooks) contextHooksOn().then((on) => res.json({ on }), next);
  else next();
});

// Browser tests run the weekly digest job now instead of waiting for the hourly round; `now` picks the week
// (E2E_TEST_HOOKS, refused in production).
app.post("/__test/weekly-digests", (req, res, next) => {
  const runtime = getRuntime();
  if (!runtime.config.testHooks) return next();
  const now = typeof req.query.now === "string" ? new Date(req.query.now) : new Date();
  if (Number.isNaN(now.getTime())) {
    res.status(400).type("text/plain").send("now must be a date");
    return;
  }
  runWeeklyDigests(runtime.database.db, runtime.config, runtime.outbox, now).then(
    (result) => res.json(result),
    next,
  );
});

// `npm run backup` asks the server that holds the embedded database for a copy (docs/decisions/011-backup.md):
// a command on this machine only, with a token derived from AUTH_SECRET; anyone else gets a plain 404.
app.post(EMBEDDED_BACKUP_PATH, (req, res) => {
  const { config, database } = getRuntime();
  if (
    database.kind !== "pglite" ||
    !mayTakeBackup(config, req.socket.remoteAddress, req.headers.authorization)
  ) {
    res.status(404).type("text/plain").send("Not Found");
    return;
  }
  database.dump().then(
    async (dump) => {
      res.setHeader("Content-Type", "application/gzip");
      res.setHeader("Cache-Control", "no-store");
      res.end(Buffer.from(await dump.arrayBuffer()));
    },
    (error: unknown) => {
      requestLog(req, getRuntime().logger).error({ err: error }, "embedded database backup failed");
      res.status(500).type("text/plain").send("The backup failed; see the server log");
    },
  );
});

app.use(baseHeaders);
app.use(securityHeaders);
// Uploaded images have content-hashed names, so they never change: cache them for a year.
app.use("/uploads", (req, res, next) => {
  uploads ??= express.static(localUploadsDir(getRuntime().config), {
    immutable: true,
    maxAge: "1y",
    index: false,
    fallthrough: false,
    setHeaders: (r) => r.setHeader("Cache-Control", IMMUTABLE_CACHE),
  });
  uploads(req, res, next);
});
let uploads: ReturnType<typeof express.static> | undefined;
app.use(refuseCrossSitePosts);
app.use(refuseOversizedBodies);
app.use(answerFromSitePageCache);
app.use(answerFromSignedInPageCache);

// React Router answers the rest, sent whole, not streamed (server/whole-response.ts).
app.use((req, res, next) => {
  handleRequest(abortableRequest(req, res), loadContext(req, res.locals.cspNonce as string))
    .then((answer) => sendWholeResponse(res, answer))
    .catch(next);
});

function loadContext(req: Request, cspNonce: string): AppLoadContext {
  const runtime = getRuntime();
  return {
    db: runtime.database.db,
    auth: runtime.auth,
    config: runtime.config,
    logger: requestLog(req, runtime.logger),
    pokeOutbox: runtime.outbox.poke,
    clientIp: req.ip ?? "unknown",
    cspNonce,
    islands: runtime.islands,
  };
}

let signedInPages: SignedInPageCache | undefined;

/** Dashboard and back-office pages, answered again from memory while nothing they show has changed. */
function signedInPageCache() {
  if (!signedInPages) {
    const { database, config } = getRuntime();
    signedInPages = createSignedInPageCache({
      readSnapshot: () => database.snapshot(),
      siteHeaders: [...siteHeaders(config.publicUrl), ["X-Frame-Options", "DENY"]],
    });
  }
  return signedInPages;
}

function answerFromSignedInPageCache(req: Request, res: Response, next: NextFunction) {
  const key = import.meta.env.DEV ? null : signedInPageKey(req);
  if (key === null) return next();
  // The page's policy lists the scripts that carry the render's nonce by hash, not the nonce: kept bytes repeat it.
  const render = (nonce: string) => handleRequest(routerRequest(req), loadContext(req, nonce));
  signedInPageCache()
    .answer(key, req, res, render)
    .then((answer) => answer && sendWholeResponse(res, answer))
    .catch(next);
}

/** The Fetch Request React Router reads (as its Express adapter builds one), with the body of a post. */
function routerRequest(req: Request, signal?: AbortSignal) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else for (const item of value ?? []) headers.append(name, item);
  }
  const url = `${req.protocol}://${req.host}${req.originalUrl}`;
  if (req.method === "GET" || req.method === "HEAD")
    return new Request(url, { method: req.method, headers, signal });
  return new Request(url, {
    method: req.method,
    headers,
    signal,
    body: createReadableStreamFromReadable(req),
    duplex: "half",
  } as RequestInit);
}

/** The request for React Router, aborted (its loaders and actions told) when the visitor goes before the answer. */
function abortableRequest(req: Request, res: Response) {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return routerRequest(req, controller.signal);
}

/**
 * The first anonymous visit to a shared page renders it for everyone: from a request with nothing of this visitor
 * (no cookies, no headers, the configured address), then answers this visitor from the new entry too.
 * Development renders every time, so edits show at once.
 */
function answerFromSitePageCache(req: Request, res: Response, next: NextFunction) {
  const path = import.meta.env.DEV ? null : cachedPagePath(req);
  if (path === null) return next();
  sitePageCache.load(path, renderAnonymous, getRuntime().config.publicUrl).then((entry) => {
    if (entry) sendPageEntry(req, res, entry);
    else next();
  }, next);
}

// The built app itself, not a function returning it: given a function, React Router rebuilds its route table (every
// route pattern compiled and ranked again) on every request, which development needs for hot reload and production
// must not pay for.
const handleRequest = import.meta.env.DEV
  ? createRouterHandler(() => import("virtual:react-router/server-build"), "development")
  : createRouterHandler(serverBuild, process.env.NODE_ENV);

function renderAnonymous(path: string, nonce: string) {
  const runtime = getRuntime();
  const context: AppLoadContext = {
    db: runtime.database.db,
    auth: runtime.auth,
    config: runtime.config,
    logger: runtime.logger,
    pokeOutbox: runtime.outbox.poke,
    clientIp: "unknown",
    // Marks the render's own scripts: the shared page's policy lists those by hash, never the nonce (sitePageCache).
    cspNonce: nonce,
    sharedRender: true,
    islands: runtime.islands,
  };
  return handleRequest(new Request(new URL(path, runtime.config.publicUrl)), context);
}

/** Headers for every answer, static files included: no sniffing, no framing, no referrer leaks, https only. */
export function baseHeaders(_req: Request, res: Response, next: NextFunction) {
  for (const [name, value] of siteHeaders(getRuntime().config.publicUrl)) res.setHeader(name, value);
  res.setHeader("X-Frame-Options", "DENY");
  next();
}

/**
 * The page policy: scripts only from this site or with this response's nonce. An answer that brings its own
 * policy (a card page, stricter still) keeps it alone: React Router adds a route's headers to those set here,
 * and a browser enforces every policy it is sent.
 */
function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  // Vite's development client injects inline scripts, so the policy applies to the built app only.
  if (!import.meta.env.DEV) {
    onHeaders(res, () => {
      if (!res.hasHeader("Content-Security-Policy"))
        res.setHeader("Content-Security-Policy", pageSecurityPolicy(nonce));
    });
  }
  next();
}

/**
 * Cross-site form posts are refused: the Origin (or Sec-Fetch-Site) of a state-changing request must be
 * this site. 'Origin: null' (sandboxed frames, data: pages, some redirects) is never this site. Webhooks are
 * exempt: they are verified by signature instead.
 */
function refuseCrossSitePosts(req: Request, res: Response, next: NextFunction) {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method) || req.path.startsWith("/api/webhooks/")) return next();
  const origin = req.headers.origin;
  const site = req.headers["sec-fetch-site"];
  const publicOrigin = new URL(getRuntime().config.publicUrl).origin;
  const sameOrigin =
    origin !== undefined
      ? origin === publicOrigin || origin === `${req.protocol}://${req.headers.host}`
      : site === undefined || site === "same-origin" || site === "none";
  if (sameOrigin) return next();
  res.status(403).type("text/plain").send("Cross-site form submissions are not allowed");
}

function refuseOversizedBodies(req: Request, res: Response, next: NextFunction) {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
  const length = Number(req.headers["content-length"] ?? NaN);
  if (Number.isNaN(length)) {
    if (req.headers["transfer-encoding"]) {
      res.status(411).type("text/plain").send("Content-Length is required");
      return;
    }
    return next();
  }
  if (length > maxBodyBytes(req.path)) {
    res.status(413).type("text/plain").send("The request body is too large");
    return;
  }
  next();
}
