// The host. Before Express: card pages, link redirects and render-once pages answered from memory. Then Express:
// the site's headers, static files, the request log, cross-site and size checks, compression and React Router.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import * as serverBuild from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import onHeaders from "on-headers";
import {
  type AppLoadContext,
  createRequestHandler as createRouterHandler,
  RouterContextProvider,
} from "react-router";
import type { ViteDevServer } from "vite";
import { cardPageCache } from "~/server/cards/page-cache.server";
import { tryFastCardResponse } from "~/server/cards/page-responses.server";
import { maxBodyBytes } from "~/server/platform/body-limits.server";
import { sendPrecompressed } from "~/server/platform/compressed-page.server";
import { logRequest, requestLog } from "~/server/platform/request-log.server";
import { timeRequest } from "~/server/platform/server-timing.server";
import { pageSecurityPolicy, siteHeaders } from "~/server/platform/site-headers.server";
import { IMMUTABLE_CACHE, localUploadsDir } from "~/server/platform/storage.server";
import { cachedPagePath, sitePageCache } from "~/server/site/page-cache.server";
import { backupEndpoint } from "./backup-endpoint";
import { type ErrorLog, guarded, type Listener } from "./guarded";
import { getRuntime } from "./runtime";
import { serveAssets, serveTopFiles } from "./static-assets";
import { testHooks } from "./test-hooks";

export { createBackup } from "~/server/platform/backup.server";
export { restoreBackup } from "~/server/platform/restore.server";
export { createAdminAccount, startRuntime, stopRuntime } from "./runtime";

// The fields our load context gives each loader and action. React Router 8 no longer declares AppLoadContext (its
// context is always a RouterContextProvider); the name stays ours, in its module, so loaders and the server
// modules that take a context keep importing it from "react-router".
declare module "react-router" {
  interface AppLoadContext {
    db: import("~/server/platform/db.server").Database;
    auth: import("~/server/accounts/auth.server").Auth;
    config: import("~/server/platform/env.server").Config;
    logger: import("pino").Logger;
    /** Wakes the e-mail worker after a transaction that queued a message has committed. */
    pokeOutbox: () => void;
    /** Wakes the webhook worker after a transaction that queued an event has committed. */
    pokeWebhooks: () => void;
    clientIp: string;
    /** This response's script nonce; for a render-once page, a marker its policy never lists (it lists hashes). */
    cspNonce: string;
    /** Rendered once for every visitor: whole, not streamed (sitePageCache). */
    sharedRender?: boolean;
    /** URL of each island script, for pages that do not hydrate React. */
    islands: import("~/server/site/islands.server").IslandUrls;
  }
  // Each loader's context is a RouterContextProvider (middleware is always on in React Router 8): ours carries the
  // load context's fields as well, so loaders read them as before and middleware can add typed values to it.
  interface RouterContextProvider extends AppLoadContext {}
}

/**
 * The site's request listener (the runtime must be started). With Vite (development), Vite serves the sources
 * and hot reload first; everything else runs as in production, caches and policy included.
 */
export function createHost({ root, vite }: { root: string; vite?: ViteDevServer }): Listener {
  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy req.ip is the proxy's address unless we trust it to tell us the client's (TRUST_PROXY).
  app.set("trust proxy", getRuntime().config.trustProxy);
  if (vite) app.use(vite.middlewares);
  app.use(baseHeaders);
  if (!vite) serveBuild(app, path.join(root, "build/client"));
  app.use((req, res, next) => {
    logRequest(req, res, getRuntime().logger);
    next();
  });
  if (getRuntime().config.testHooks) app.use(testHooks());
  app.use(backupEndpoint());
  app.use(securityHeaders);
  app.use(privatePages);
  app.use("/uploads", uploads());
  app.use(refuseCrossSitePosts);
  app.use(refuseOversizedBodies);
  if (getRuntime().config.serverTiming) app.use(serverTiming);
  // What React Router renders is compressed as it is sent; what is compressed already (a card page) is left so.
  app.use(compression());
  app.use(
    createRequestHandler({
      build: import.meta.env.DEV ? () => import("virtual:react-router/server-build") : serverBuild,
      getLoadContext: (req, res) => loadContext(req, res.locals.cspNonce as string),
    }),
  );
  const runtimeLog: ErrorLog = { error: (details, message) => getRuntime().logger.error(details, message) };
  return guarded((req, res) => {
    if (!answerBeforeExpress(req, res, app, runtimeLog)) app(req, res);
  }, runtimeLog);
}

/** The build's files: scripts and styles from memory, compressed at build time; anything else from the disk. */
function serveBuild(app: express.Express, dir: string) {
  app.use("/assets", serveAssets(path.join(dir, "assets")));
  app.use("/assets", express.static(path.join(dir, "assets"), { immutable: true, maxAge: "1y" }));
  // Only a file name has a dot: pages go on without a look at the disk.
  const topFiles = serveTopFiles(dir);
  const files = express.static(dir, { maxAge: "1h", index: false });
  app.use((req, res, next) => {
    if (!req.path.includes(".")) return next();
    topFiles(req, res, () => files(req, res, next));
  });
}

/**
 * The one place that answers before Express, once per request: a cached card page or link redirect, or a page
 * rendered once for every visitor (rendered now if it is not in memory yet). Returns whether it took the request.
 */
function answerBeforeExpress(req: IncomingMessage, res: ServerResponse, app: Listener, log: ErrorLog) {
  if (tryFastCardResponse(req, res, log)) return true;
  const pagePath = cachedPagePath(req);
  if (pagePath === null) return false;
  const entry = sitePageCache.peek(pagePath);
  if (entry) {
    sendPrecompressed(req, res, entry);
    return true;
  }
  // A render that cannot be shared (a redirect, an error) goes to Express, which renders it for this visitor.
  sitePageCache.load(pagePath, renderOnce, getRuntime().config.publicUrl).then(
    (loaded) => (loaded ? sendPrecompressed(req, res, loaded) : app(req, res)),
    (error: unknown) => {
      log.error({ err: error, url: pagePath }, "render-once page failed");
      if (res.headersSent) res.destroy();
      else app(req, res);
    },
  );
  return true;
}

/** Development: a changed file may change any rendered page, so the pages kept in memory are rendered again. */
export function forgetRenderedPages() {
  sitePageCache.clear();
  cardPageCache.clear();
}

function loadContext(req: Request, cspNonce: string) {
  const runtime = getRuntime();
  return routerContext({
    db: runtime.database.db,
    auth: runtime.auth,
    config: runtime.config,
    logger: requestLog(req, runtime.logger),
    pokeOutbox: runtime.outbox.poke,
    pokeWebhooks: runtime.webhooks.poke,
    clientIp: req.ip ?? "unknown",
    cspNonce,
    islands: runtime.islands,
  });
}

/** The context React Router hands each loader and action: a provider (for middleware) with our fields on it. */
function routerContext(fields: AppLoadContext): RouterContextProvider {
  return Object.assign(new RouterContextProvider(), fields);
}

// The built app itself in production: given a function, React Router rebuilds its route table on every request,
// which only hot reload needs.
const renderRequest = import.meta.env.DEV
  ? createRouterHandler(() => import("virtual:react-router/server-build"), "development")
  : createRouterHandler(serverBuild, process.env.NODE_ENV);

/** A render-once page, from a request with nothing of any visitor (no cookies, no headers, the configured address). */
function renderOnce(pagePath: string, nonce: string) {
  const runtime = getRuntime();
  const context = routerContext({
    db: runtime.database.db,
    auth: runtime.auth,
    config: runtime.config,
    logger: runtime.logger,
    pokeOutbox: runtime.outbox.poke,
    pokeWebhooks: runtime.webhooks.poke,
    clientIp: "unknown",
    // Marks the render's own scripts: the kept page's policy lists those by hash, never the nonce.
    cspNonce: nonce,
    sharedRender: true,
    islands: runtime.islands,
  });
  return renderRequest(new Request(new URL(pagePath, runtime.config.publicUrl)), context);
}

/**
 * Headers for every answer, static files included: no sniffing, no framing, no referrer leaks, https only. Set
 * as the answer starts, each unless the route chose its own (a receipt's stricter referrer policy): once each.
 */
function baseHeaders(_req: Request, res: Response, next: NextFunction) {
  onHeaders(res, () => {
    for (const [name, value] of siteHeaders(getRuntime().config.publicUrl))
      if (!res.hasHeader(name)) res.setHeader(name, value);
    if (!res.hasHeader("X-Frame-Options")) res.setHeader("X-Frame-Options", "DENY");
  });
  next();
}

/**
 * The page policy: scripts only from this site or with this response's nonce. An answer that brings its own
 * policy (a card page, stricter still) keeps it alone: a browser enforces every policy it is sent.
 */
function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  onHeaders(res, () => {
    if (!res.hasHeader("Content-Security-Policy"))
      res.setHeader("Content-Security-Policy", pageSecurityPolicy(nonce));
  });
  next();
}

/** Where a page rendered per request spent its time (development and bench:pages): Server-Timing, db and render. */
function serverTiming(_req: Request, res: Response, next: NextFunction) {
  timeRequest((header) => {
    onHeaders(res, () => res.setHeader("Server-Timing", header()));
    next();
  });
}

/** Pages for one person only (accounts, back office, links that carry a token): never kept by any cache. */
const PRIVATE_PAGES =
  /^\/(?:dashboard|admin-dashboard|api\/auth|claim-cards|payment-success|reset-password)(?:[/.]|$)/;

function privatePages(req: Request, res: Response, next: NextFunction) {
  if (PRIVATE_PAGES.test(req.path)) onHeaders(res, () => res.setHeader("Cache-Control", "private, no-store"));
  next();
}

/** Uploaded images have content-hashed names, so they never change: cached for a year. */
function uploads() {
  let serve: ReturnType<typeof express.static> | undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    serve ??= express.static(localUploadsDir(getRuntime().config), {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
      setHeaders: (r) => r.setHeader("Cache-Control", IMMUTABLE_CACHE),
    });
    serve(req, res, next);
  };
}

/**
 * Where another site posts by design, and the post proves itself: webhooks by their signature, Apple's sign-in
 * callback and a company's SAML responses by their state and signed assertion.
 */
const SIGNED_POSTS = ["/api/webhooks/", "/api/auth/callback/", "/api/auth/sso/saml2/sp/acs/"];

/**
 * Cross-site form posts are refused: the Origin (or Sec-Fetch-Site) of a state-changing request must be
 * this site. 'Origin: null' (sandboxed frames, data: pages, some redirects) is never this site.
 */
function refuseCrossSitePosts(req: Request, res: Response, next: NextFunction) {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method) || SIGNED_POSTS.some((p) => req.path.startsWith(p)))
    return next();
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
