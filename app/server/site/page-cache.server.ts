// Pages that show no stored data (marketing, help, legal, log in, register, update links): the same for every
// visitor, so each is rendered once per process from a request that carries nothing of any visitor, compressed
// once, and answered from memory before Express and React Router (server/app.ts), as the card pages are
// (docs/decisions/010-cached-marketing-pages.md). A page that shows stored data is rendered per request.
import { randomBytes } from "node:crypto";
import { compressPage, type Precompressed } from "../platform/compressed-page.server";
import { inlineScriptHashes, pageSecurityPolicy } from "../platform/site-headers.server";

/**
 * The pages served from the cache. The referral cookie matters only to the cart, so it is the one cookie these
 * pages may ignore; any other cookie (the session, the cart, a toast, or one added later) sends the visitor to a
 * render of their own: unknown means personal.
 */
const CACHED_PAGES: ReadonlySet<string> = new Set([
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
  "/update-links",
  "/login",
  "/register",
]);
const NEUTRAL_COOKIE = "ref";

type RequestLine = {
  method?: string;
  url?: string;
  headers: { cookie?: string; authorization?: string };
};

/**
 * The page to answer from the cache, or null when this visitor may see anything else: another method, a query
 * string (a ?ref= link sets a cookie; any other parameter is not worth the risk), credentials, or a cookie that is
 * other than the referral code.
 */
export function cachedPagePath({ method, url, headers }: RequestLine): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  if (url === undefined || !CACHED_PAGES.has(url)) return null;
  if (headers.authorization !== undefined) return null;
  const cookie = headers.cookie;
  if (cookie !== undefined) {
    for (const pair of cookie.split(";")) {
      const eq = pair.indexOf("=");
      if ((eq < 0 ? pair : pair.slice(0, eq)).trim() !== NEUTRAL_COOKIE) return null;
    }
  }
  return url;
}

export type PageEntry = Precompressed & {
  /** The footer shows the year, so an entry lasts until the new year at the latest. */
  expiresAt: number;
};

/**
 * Renders a page as a visitor without cookies sees it: the app's own render, answered as a Fetch Response, with
 * this nonce on the scripts it writes.
 */
export type RenderAnonymous = (path: string, nonce: string) => Promise<Response>;

/**
 * One cache per process, cleared by a restart (a deploy), or in development when a file changes. It holds at most one entry per path in
 * CACHED_PAGES, so its size is bounded by the site itself (about 40-70 KB per page with both compressions).
 */
export function createSitePageCache(now: () => number = Date.now) {
  const entries = new Map<string, PageEntry>();
  const loading = new Map<string, Promise<PageEntry | null>>();

  function peek(path: string): PageEntry | undefined {
    const entry = entries.get(path);
    return entry && entry.expiresAt > now() ? entry : undefined;
  }

  async function fill(path: string, render: RenderAnonymous, publicUrl: string) {
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
    const entry: PageEntry = { ...compress(html, publicUrl, scriptHashes), expiresAt: nextNewYear(now()) };
    if (CACHED_PAGES.has(path)) entries.set(path, entry);
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

    /** Forgets every page (development, when a file changed). */
    clear: () => entries.clear(),

    size: () => ({
      pages: entries.size,
      bytes: [...entries.values()].reduce((n, e) => n + entryBytes(e), 0),
    }),
  };
}

const nextNewYear = (time: number) => new Date(new Date(time).getFullYear() + 1, 0, 1).getTime();

const entryBytes = (e: PageEntry) => e.identity.length + (e.gzip?.length ?? 0) + (e.br?.length ?? 0);

/** The app's cache. */
export const sitePageCache = createSitePageCache();

/**
 * A shared page's policy names no nonce (one fixed in shared bytes would be public, and so allow any injected
 * script that copies it). It allows scripts from this site and, by hash, the inline scripts the render wrote:
 * those that carried its nonce, which markup smuggled in through stored text could not know.
 */
function compress(html: string, publicUrl: string, scriptHashes: string[]) {
  const policy = pageSecurityPolicy(null, scriptHashes);
  return compressPage(html, { csp: policy, publicUrl, extraHeaders: ["X-Frame-Options", "DENY"] });
}
