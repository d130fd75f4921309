// Public card pages rendered once per change and kept compressed in memory, keyed by slug and source.
// Every edit made through cards.server.ts invalidates the slug at once in this process; with PostgreSQL,
// card-page-sync.server.ts passes the edits of the other app processes on (see docs/card-pages.md).
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { parseSource, type VisitSource } from "~/utils/card-links";
import { isReservedSlug } from "~/utils/slug";
import { isCountableHit, recordClick, recordView } from "./analytics.server";
import { CARD_PAGE_CSP, renderCardNotFoundHtml, renderCardPageHtml } from "./card-page-html.server";
import { getCardPageBySlug, getLinkTarget, onCardPagesChanged } from "./cards.server";
import type { Database } from "./db.server";

/**
 * With PostgreSQL, edits from other processes arrive as notifications; this lifetime only bounds how long a
 * missed one (a write made outside the app, a notification that failed to send, a listening connection that
 * died unnoticed) can leave a page stale. Short lifetimes cost a re-render and brotli pass (~25 ms of blocked
 * event loop for a 10-link page) per page and source each time they run out.
 */
export const CARD_CACHE_SHARED_TTL_MS = 60_000;

export type CardEntry = {
  cardId: string | null; // null: the not-found page
  status: 200 | 404;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  expiresAt: number;
  /** Response headers per encoding, built once with the entry. */
  headers: { br: string[]; gzip: string[]; identity: string[] };
};

export type LinkTarget = { url: string; cardId: string; slug: string };

type Options = { db: Database; publicUrl: string; siteName: string; shared: boolean };

export type CardPageCache = ReturnType<typeof createCardPageCache>;

/**
 * One cache of pages and link redirect targets. The app uses the one below (`cardPageCache`); tests build their
 * own, e.g. one per simulated app process.
 */
export function createCardPageCache() {
  const entries = new Map<string, CardEntry | null>(); // slug|source -> page, or null for 'no such card'
  const generations = new Map<string, number>();
  const linkTargets = new Map<string, LinkTarget & { expiresAt: number }>();
  let epoch = 0; // bumped by clear(), so a load that began before it does not store what it read
  let notFound: CardEntry | null = null;

  function peek(slug: string, source: VisitSource) {
    const entry = entries.get(`${slug}|${source}`);
    if (entry === undefined) return undefined;
    if (entry && entry.expiresAt < Date.now()) return undefined;
    return entry;
  }

  function peekLinkTarget(linkId: string): LinkTarget | undefined {
    const target = linkTargets.get(linkId);
    if (!target || target.expiresAt < Date.now()) return undefined;
    return target;
  }

  return {
    invalidate(slug: string) {
      generations.set(slug, (generations.get(slug) ?? 0) + 1);
      for (const source of ["nfc", "qr", "link"]) entries.delete(`${slug}|${source}`);
      for (const [id, target] of linkTargets) if (target.slug === slug) linkTargets.delete(id);
    },

    /** Drops everything, for when changes may have been missed. */
    clear() {
      epoch++;
      entries.clear();
      linkTargets.clear();
      notFound = null;
    },

    /** What the cache knows right now: an entry, null for 'not a card', undefined when it must be loaded. */
    peek,
    peekLinkTarget,

    async load(opts: Options, rawSlug: string, source: VisitSource) {
      const slug = rawSlug.toLowerCase();
      if (!/^[a-z0-9-]{1,64}$/.test(slug) || isReservedSlug(slug)) return null;
      const cached = peek(slug, source);
      if (cached !== undefined) return cached;
      const generation = generations.get(slug) ?? 0;
      const startEpoch = epoch;
      const page = await getCardPageBySlug(opts.db, slug);
      const ttl = opts.shared ? CARD_CACHE_SHARED_TTL_MS : 0;
      const entry = page
        ? compress(
            renderCardPageHtml(page, { publicUrl: opts.publicUrl, siteName: opts.siteName, source }),
            200,
            page.id,
            ttl,
          )
        : null;
      // An edit that landed while we were reading wins: store only if nothing changed meanwhile.
      if ((generations.get(slug) ?? 0) === generation && epoch === startEpoch) {
        entries.set(`${slug}|${source}`, entry);
        const expiresAt = ttl ? Date.now() + ttl : Number.POSITIVE_INFINITY;
        if (page)
          for (const l of page.links) linkTargets.set(l.id, { url: l.url, cardId: page.id, slug, expiresAt });
      }
      return entry;
    },

    notFoundEntry(opts: Pick<Options, "publicUrl" | "siteName">) {
      notFound ??= compress(renderCardNotFoundHtml(opts), 404, null, 0);
      return notFound;
    },

    async resolveLinkTarget(db: Database, linkId: string): Promise<LinkTarget | null> {
      const cached = peekLinkTarget(linkId);
      if (cached) return cached;
      const link = await getLinkTarget(db, linkId);
      return link ? { url: link.url, cardId: link.cardPageId, slug: "" } : null;
    },
  };
}

/** The app's cache. Edits made in this process invalidate it at once. */
export const cardPageCache = createCardPageCache();

onCardPagesChanged((slugs) => {
  for (const slug of slugs) cardPageCache.invalidate(slug);
});

export const invalidate = (slug: string) => cardPageCache.invalidate(slug);
export const clearCardPageCache = () => cardPageCache.clear();
export const peekCardEntry = (slug: string, source: VisitSource) => cardPageCache.peek(slug, source);
export const loadCardEntry = (opts: Options, rawSlug: string, source: VisitSource) =>
  cardPageCache.load(opts, rawSlug, source);
export const notFoundEntry = (opts: Pick<Options, "publicUrl" | "siteName">) =>
  cardPageCache.notFoundEntry(opts);
export const resolveLinkTarget = (db: Database, linkId: string) =>
  cardPageCache.resolveLinkTarget(db, linkId);

function compress(html: string, status: 200 | 404, cardId: string | null, ttl: number): CardEntry {
  const identity = Buffer.from(html);
  const gzip = gzipSync(identity, { level: 9 });
  const br = brotliCompressSync(identity, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
  });
  const etag = `"${createHash("sha1").update(identity).digest("base64url").slice(0, 20)}"`;
  return {
    cardId,
    status,
    etag,
    identity,
    gzip,
    br,
    expiresAt: ttl ? Date.now() + ttl : Number.POSITIVE_INFINITY,
    headers: {
      br: headerList(etag, "br", br.length),
      gzip: headerList(etag, "gzip", gzip.length),
      identity: headerList(etag, null, identity.length),
    },
  };
}

// --- Answering: raw Node (the fast path in server/app.ts) and Fetch Response (the React Router fallback) ---

type Negotiated = { body: Buffer; headers: string[] };

function negotiate(entry: CardEntry, acceptEncoding: string | undefined): Negotiated {
  const accept = acceptEncoding ?? "";
  if (accept.includes("br")) return { body: entry.br, headers: entry.headers.br };
  if (accept.includes("gzip")) return { body: entry.gzip, headers: entry.headers.gzip };
  return { body: entry.identity, headers: entry.headers.identity };
}

/** Flat [name, value, name, value, ...] list, the cheapest form for writeHead. */
function headerList(etag: string, encoding: "br" | "gzip" | null, length: number) {
  const headers = [
    "Content-Type",
    "text/html; charset=utf-8",
    "Content-Length",
    String(length),
    "Cache-Control",
    "no-cache",
    "ETag",
    etag,
    "Vary",
    "Accept-Encoding",
    "Content-Security-Policy",
    CARD_PAGE_CSP,
    "X-Content-Type-Options",
    "nosniff",
    "Referrer-Policy",
    "strict-origin-when-cross-origin",
  ];
  if (encoding) headers.push("Content-Encoding", encoding);
  return headers;
}

function pairs(flat: string[]) {
  const out: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
}

/** Counts the view (when it is a person's) and writes the page. No cookie is ever set. */
export function sendCardEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CardEntry,
  source: VisitSource,
) {
  if (entry.cardId && req.method === "GET" && isCountableHit(req.headers)) recordView(entry.cardId, source);
  const negotiated = negotiate(entry, req.headers["accept-encoding"] as string | undefined);
  if (entry.status === 200 && req.headers["if-none-match"] === entry.etag) {
    res.writeHead(304, { ETag: entry.etag, "Cache-Control": "no-cache", Vary: "Accept-Encoding" });
    res.end();
    return;
  }
  res.writeHead(entry.status, negotiated.headers);
  res.end(req.method === "HEAD" ? undefined : negotiated.body);
}

export function cardEntryResponse(request: Request, entry: CardEntry, source: VisitSource) {
  const headers = Object.fromEntries(request.headers);
  if (entry.cardId && request.method === "GET" && isCountableHit(headers)) recordView(entry.cardId, source);
  const negotiated = negotiate(entry, request.headers.get("accept-encoding") ?? undefined);
  if (entry.status === 200 && request.headers.get("if-none-match") === entry.etag) {
    return new Response(null, { status: 304, headers: { ETag: entry.etag, "Cache-Control": "no-cache" } });
  }
  return new Response(request.method === "HEAD" ? null : new Uint8Array(negotiated.body), {
    status: entry.status,
    headers: pairs(negotiated.headers),
  });
}

/** The redirect behind each web link on a card page: counts the click, then sends the visitor on. */
export function linkRedirect(
  target: { url: string; cardId: string },
  linkId: string,
  source: VisitSource,
  headers: Record<string, string | string[] | undefined>,
  method: string,
) {
  if (method === "GET" || method === "POST") {
    if (isCountableHit(headers) || headers["ping-to"]) recordClick(linkId, target.cardId, source);
  }
  return {
    status: method === "POST" ? 204 : 302,
    headers: { Location: target.url, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  };
}

const CARD_PATH = /^\/(?:card\/)?([A-Za-z0-9-]{1,64})\/?(?:\?(.*))?$/;
const GO_PATH = /^\/go\/([0-9a-f-]{36})(?:\?(.*))?$/;

function sourceFromQuery(query: string | undefined) {
  if (!query) return "link" as const;
  return parseSource(new URLSearchParams(query).get("s"));
}

/**
 * Answers a card page or a link redirect straight from memory, before Express and React Router are entered.
 * Returns false when the request is not one it can answer from the cache; the app then handles it (and the
 * React Router fallback fills the cache for the next request).
 */
export function tryFastCardResponse(req: IncomingMessage, res: ServerResponse) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "";
  const card = CARD_PATH.exec(url);
  if (card) {
    const slug = card[1]!.toLowerCase();
    const source = sourceFromQuery(card[2]);
    const entry = cardPageCache.peek(slug, source);
    if (!entry) return false;
    sendCardEntry(req, res, entry, source);
    return true;
  }
  const go = GO_PATH.exec(url);
  if (go && req.method === "GET") {
    const target = cardPageCache.peekLinkTarget(go[1]!);
    if (!target) return false;
    const answer = linkRedirect(target, go[1]!, sourceFromQuery(go[2]), req.headers, "GET");
    res.writeHead(answer.status, answer.headers);
    res.end();
    return true;
  }
  return false;
}

export function cardCacheOptions(context: {
  db: Database;
  config: { publicUrl: string; shop: { name: string }; databaseUrl?: string };
}): Options {
  return {
    db: context.db,
    publicUrl: context.config.publicUrl,
    siteName: context.config.shop.name,
    shared: Boolean(context.config.databaseUrl),
  };
}
