// Pages as an anonymous visitor without a cart sees them (marketing and help pages, the shop's forms, log in and
// register): the same for everyone, so each is rendered once per process from a request that carries nothing of
// any visitor, compressed once, and answered from memory before Express and React Router (server/app.ts), as
// the card pages are (docs/decisions/010-cached-marketing-pages.md, 012-cached-shop-pages.md).
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type CompressedPage, compressPage } from "../platform/compressed-page.server";
import { inlineScriptHashes, pageSecurityPolicy } from "../platform/site-headers.server";

interface PageRule {
  /**
   * Cookies that never change the page. Any other cookie (the session, the cart, a toast, or one added later)
   * sends the visitor to a render of their own: unknown means personal.
   */
  neutralCookies: ReadonlySet<string>;
  /**
   * Pages that show stored data (the cart's featured referrers) are shared for this long at most, and never past
   * a write made through this process (storedDataChanged); pages without it change only on deploy.
   */
  maxAgeMs: number | null;
}

/** The referral code matters only to the cart: a page that does not read it may ignore its cookie. */
const REF_ONLY: ReadonlySet<string> = new Set(["ref"]);
const NO_COOKIE: ReadonlySet<string> = new Set();

/** Other processes on the same PostgreSQL see a write at most this late on a shared shop page. */
export const STORED_DATA_MAX_AGE_MS = 1000;

const STATIC_PAGE: PageRule = { neutralCookies: REF_ONLY, maxAgeMs: null };
/** The order form and the cart list the featured referrers and preselect the one of a referral cookie. */
const SHOP_PAGE: PageRule = { neutralCookies: NO_COOKIE, maxAgeMs: STORED_DATA_MAX_AGE_MS };

/** The pages served from the cache. */
const CACHED_PAGES: ReadonlyMap<string, PageRule> = new Map([
  ["/", STATIC_PAGE],
  ["/pricing", STATIC_PAGE],
  ["/features", STATIC_PAGE],
  ["/about", STATIC_PAGE],
  ["/faq", STATIC_PAGE],
  ["/contact", STATIC_PAGE],
  ["/socials", STATIC_PAGE],
  ["/privacy", STATIC_PAGE],
  ["/terms", STATIC_PAGE],
  ["/compatibility", STATIC_PAGE],
  ["/safety", STATIC_PAGE],
  ["/returns", STATIC_PAGE],
  ["/update-links", STATIC_PAGE],
  ["/login", STATIC_PAGE],
  ["/register", STATIC_PAGE],
  ["/order-card", SHOP_PAGE],
  ["/cart", SHOP_PAGE],
]);

type RequestLine = {
  method?: string;
  url?: string;
  headers: { cookie?: string; authorization?: string };
};

/**
 * The page to answer from the cache, or null when this visitor may see anything else: another method, a query
 * string (a ?ref= link sets a cookie; any other parameter is not worth the risk), credentials, or a cookie that is
 * not known to be neutral for that page.
 */
export function cachedPagePath({ method, url, headers }: RequestLine): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const rule = url === undefined ? undefined : CACHED_PAGES.get(url);
  if (url === undefined || rule === undefined) return null;
  if (headers.authorization !== undefined) return null;
  const cookie = headers.cookie;
  if (cookie !== undefined) {
    for (const pair of cookie.split(";")) {
      const eq = pair.indexOf("=");
      if (!rule.neutralCookies.has((eq < 0 ? pair : pair.slice(0, eq)).trim())) return null;
    }
  }
  return url;
}

export type PageEntry = CompressedPage & {
  /** Its Content-Security-Policy, sent with a 304 too: a browser keeps the headers of a revalidation. */
  policy: string;
  /** The footer shows the year, so an entry lasts until the new year at the latest. */
  expiresAt: number;
  /** The stored-data generation the page was rendered in; null for a page that shows no stored data. */
  generation: number | null;
};

/**
 * Renders a page as a visitor without cookies sees it: the app's own render, answered as a Fetch Response, with
 * this nonce on the scripts it writes.
 */
export type RenderAnonymous = (path: string, nonce: string) => Promise<Response>;

/**
 * One cache per process, cleared only by a restart (a deploy). It holds at most one entry per path in
 * CACHED_PAGES, so its size is bounded by the site itself (about 40-70 KB per page with both compressions).
 */
export function createSitePageCache(now: () => number = Date.now) {
  const entries = new Map<string, PageEntry>();
  const loading = new Map<string, Promise<PageEntry | null>>();
  let generation = 0;

  function peek(path: string): PageEntry | undefined {
    const entry = entries.get(path);
    if (!entry || entry.expiresAt <= now()) return undefined;
    if (entry.generation !== null && entry.generation !== generation) return undefined;
    return entry;
  }

  async function fill(path: string, render: RenderAnonymous, publicUrl: string) {
    const rule = CACHED_PAGES.get(path);
    const renderedIn = generation;
    const nonce = randomBytes(16).toString("base64");
    const response = await render(path, nonce);
    const rendered = await response.text();
    // Only a plain page is shared: an error, a redirect or a cookie being set means this answer is not the
    // same for every visitor, so it is sent to this one alone (the caller renders it afresh).
    if (response.status !== 200 || response.headers.has("Set-Cookie")) return null;
    // The render's own scripts, known by its nonce; the kept bytes then lose it, so that a page rendered again
    // unchanged is the same page.
    const scriptHashes = inlineScriptHashes(rendered, nonce);
    const html = rendered.replaceAll(` nonce="${nonce}"`, "");
    const expiresAt = Math.min(
      nextNewYear(now()),
      rule?.maxAgeMs == null ? Number.POSITIVE_INFINITY : now() + rule.maxAgeMs,
    );
    const dataGeneration = rule?.maxAgeMs == null ? null : renderedIn;
    // A page that shows stored data is rendered again every so often; unchanged, it keeps its compressed forms.
    const previous = entries.get(path);
    const entry: PageEntry =
      previous && previous.identity.toString() === html
        ? { ...previous, expiresAt, generation: dataGeneration }
        : { ...compress(html, publicUrl, scriptHashes), expiresAt, generation: dataGeneration };
    // A write during the render may be missing from it: this visitor gets it, nobody else.
    if (rule && (dataGeneration === null || renderedIn === generation)) entries.set(path, entry);
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

    /**
     * Called once a request that may have written has been answered (its transaction has committed): pages that
     * show stored data are rendered again for their next visitor.
     */
    storedDataChanged() {
      generation++;
    },

    size: () => ({
      pages: entries.size,
      bytes: [...entries.values()].reduce((n, e) => n + entryBytes(e), 0),
    }),
  };
}

const nextNewYear = (time: number) => new Date(new Date(time).getFullYear() + 1, 0, 1).getTime();

const entryBytes = (e: PageEntry) => e.identity.length + e.gzip.length + e.br.length;

/** The app's cache. */
export const sitePageCache = createSitePageCache();

/** Writes a cached page: 304 when the browser holds it already, the smallest encoding it accepts otherwise. */
export function sendPageEntry(req: IncomingMessage, res: ServerResponse, entry: PageEntry) {
  if (req.headers["if-none-match"] === entry.etag) {
    // With the page's own policy: a browser shows its stored copy under the policy of the 304, so one that
    // Express set for a render (a nonce) would block the shared page's inline scripts.
    res.writeHead(304, [
      "ETag",
      entry.etag,
      "Cache-Control",
      "no-cache",
      "Vary",
      "Accept-Encoding",
      "Content-Security-Policy",
      entry.policy,
    ]);
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

/**
 * A shared page's policy names no nonce (one fixed in shared bytes would be public, and so allow any injected
 * script that copies it). It allows scripts from this site and, by hash, the inline scripts the render wrote:
 * those that carried its nonce, which markup smuggled in through stored text could not know.
 */
function compress(
  html: string,
  publicUrl: string,
  scriptHashes: string[],
): CompressedPage & { policy: string } {
  const policy = pageSecurityPolicy(null, scriptHashes);
  return {
    ...compressPage(html, { csp: policy, publicUrl, extraHeaders: ["X-Frame-Options", "DENY"] }),
    policy,
  };
}
