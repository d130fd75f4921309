// Marketing and help pages as an anonymous visitor without a cart sees them: the same for everyone until the next
// deploy, so each is rendered once per process from a request that carries nothing of any visitor, compressed
// once, and answered from memory before Express and React Router (server/app.ts), as the card pages are
// (docs/decisions/010-cached-marketing-pages.md).
import type { IncomingMessage, ServerResponse } from "node:http";
import { type CompressedPage, compressPage } from "../platform/compressed-page.server";
import { pageSecurityPolicy } from "../platform/site-headers.server";

/** The pages served from the cache. Each renders no inline script, so its policy needs no nonce. */
const CACHED_PAGE_PATHS: ReadonlySet<string> = new Set([
  "/",
  "/pricing",
  "/features",
  "/about",
  "/faq",
  "/contact",
  "/socials",
  "/privacy",
  "/terms",
  "/compatibility",
  "/safety",
  "/returns",
]);

/**
 * Cookies that never change these pages (the referral code matters only in the cart). Any other cookie (the
 * session, the cart, a toast, or one added later) sends the visitor to a fresh render: unknown means personal.
 */
const NEUTRAL_COOKIES: ReadonlySet<string> = new Set(["ref"]);

type RequestLine = {
  method?: string;
  url?: string;
  headers: { cookie?: string; authorization?: string };
};

/**
 * The page to answer from the cache, or null when this visitor may see anything else: another method, a query
 * string (a ?ref= link sets a cookie; any other parameter is not worth the risk), credentials, or a cookie that is
 * not known to be neutral.
 */
export function cachedPagePath({ method, url, headers }: RequestLine): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  if (url === undefined || !CACHED_PAGE_PATHS.has(url)) return null;
  if (headers.authorization !== undefined) return null;
  const cookie = headers.cookie;
  if (cookie !== undefined) {
    for (const pair of cookie.split(";")) {
      const eq = pair.indexOf("=");
      if (!NEUTRAL_COOKIES.has((eq < 0 ? pair : pair.slice(0, eq)).trim())) return null;
    }
  }
  return url;
}

export type PageEntry = CompressedPage & {
  /** The footer shows the year, so an entry lasts until the new year at the latest. */
  expiresAt: number;
};

/** Renders a page as a visitor without cookies sees it: the app's own render, answered as a Fetch Response. */
export type RenderAnonymous = (path: string) => Promise<Response>;

/**
 * One cache per process, cleared only by a restart (a deploy). It holds at most one entry per path in
 * CACHED_PAGE_PATHS, so its size is bounded by the site itself (about 40 KB per page with both compressions).
 */
export function createSitePageCache() {
  const entries = new Map<string, PageEntry>();
  const loading = new Map<string, Promise<PageEntry | null>>();

  function peek(path: string): PageEntry | undefined {
    const entry = entries.get(path);
    return entry && entry.expiresAt > Date.now() ? entry : undefined;
  }

  async function fill(path: string, render: RenderAnonymous, publicUrl: string) {
    const response = await render(path);
    const html = await response.text();
    // Only a plain page is shared: an error, a redirect or a cookie being set means this answer is not the
    // same for every visitor, so it is sent to this one alone (the caller renders it afresh).
    if (response.status !== 200 || response.headers.has("Set-Cookie")) return null;
    // The shared policy allows no inline script; a page that gained one must keep its per-response nonce.
    if (INLINE_SCRIPT.test(html)) return null;
    const entry = compress(html, publicUrl);
    if (CACHED_PAGE_PATHS.has(path)) entries.set(path, entry);
    return entry;
  }

  return {
    peek,

    /** The entry for a path, rendered on first use; concurrent first visits share one render. */
    load(path: string, render: RenderAnonymous, publicUrl: string): Promise<PageEntry | null> {
      const cached = peek(path);
      if (cached) return Promise.resolve(cached);
      let pending = loading.get(path);
      if (!pending) {
        pending = fill(path, render, publicUrl).finally(() => loading.delete(path));
        loading.set(path, pending);
      }
      return pending;
    },

    size: () => ({
      pages: entries.size,
      bytes: [...entries.values()].reduce((n, e) => n + entryBytes(e), 0),
    }),
  };
}

/** A <script> element without a src: inline code (a JSON data block would be refused too, which is safe). */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>/i;

const entryBytes = (e: PageEntry) => e.identity.length + e.gzip.length + e.br.length;

/** The app's cache. */
export const sitePageCache = createSitePageCache();

/** Writes a cached page: 304 when the browser holds it already, the smallest encoding it accepts otherwise. */
export function sendPageEntry(req: IncomingMessage, res: ServerResponse, entry: PageEntry) {
  if (req.headers["if-none-match"] === entry.etag) {
    res.writeHead(304, ["ETag", entry.etag, "Cache-Control", "no-cache", "Vary", "Accept-Encoding"]);
    res.end();
    return;
  }
  const accept = req.headers["accept-encoding"] ?? "";
  const [body, headers] = accept.includes("br")
    ? [entry.br, entry.headers.br]
    : accept.includes("gzip")
      ? [entry.gzip, entry.headers.gzip]
      : [entry.identity, entry.headers.identity];
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Answers from the cache when the request may have the shared page and it is there; false otherwise. */
export function tryCachedPage(req: IncomingMessage, res: ServerResponse) {
  const path = cachedPagePath(req);
  const entry = path === null ? undefined : sitePageCache.peek(path);
  if (!entry) return false;
  sendPageEntry(req, res, entry);
  return true;
}

function compress(html: string, publicUrl: string): PageEntry {
  // These pages inline no script, so their policy needs no nonce.
  const page = compressPage(html, {
    csp: pageSecurityPolicy(null),
    publicUrl,
    extraHeaders: ["X-Frame-Options", "DENY"],
  });
  return { ...page, expiresAt: new Date(new Date().getFullYear() + 1, 0, 1).getTime() };
}
