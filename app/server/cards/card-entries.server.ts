// What the card page cache holds and for how long: its entries (a page or notice, compressed, with its status
// and expiry), its bounds, and the options it is given. page-cache.server.ts keeps and invalidates them.
import type { VisitSource } from "~/utils/card-links";
import { compressPage } from "../platform/compressed-page.server";
import type { Database } from "../platform/db.server";

/**
 * With PostgreSQL, edits from other processes arrive as notifications; this lifetime only bounds how long a
 * missed one (a write made outside the app, a notification that failed to send, a listening connection that
 * died unnoticed) can leave a page stale. Short lifetimes cost a re-render and brotli pass (~25 ms of blocked
 * event loop for a 10-link page) per page and source each time they run out.
 */
export const CARD_CACHE_SHARED_TTL_MS = 60_000;

/** How long 'no such card' is remembered: long enough to spare the database a busy missing slug, short enough
 * that a flood of made-up slugs is soon forgotten. */
export const CARD_CACHE_MISS_TTL_MS = 30_000;

/**
 * What one cache may hold. Pages are weighed in bytes (a 10-link page with its gzip and brotli forms is about
 * 18 KB, so 64 MB holds some 3,500 hot pages); 'no such card' answers have their own count, so made-up slugs
 * can never push real pages out; link redirect targets are counted.
 */
export const CARD_CACHE_LIMITS = {
  pageBytes: 64 * 1024 * 1024,
  misses: 1_000,
  linkTargets: 20_000,
  chips: 20_000,
};
export type CardCacheLimits = typeof CARD_CACHE_LIMITS;

export type CardEntry = ReturnType<typeof compressPage> & {
  cardId: string | null; // null: the not-found page
  status: 200 | 404;
  expiresAt: number;
};

/** paused: the page is paused, so the link answers the paused notice instead of redirecting. */
export type LinkTarget = { url: string; cardId: string; slug: string; paused?: boolean };

/** Which page a chip address opens, and whether that physical card is turned off. */
export type ChipTarget = { slug: string; off: boolean };

/** The page as a card's own chip address shows it ('chip'), or as /{slug}?s= does. */
export type PageVariant = VisitSource | "chip";

export type Options = { db: Database; publicUrl: string; siteName: string; shared: boolean };

/** Bytes an entry holds, with a little for its headers and bookkeeping. */
export const entryBytes = (entry: CardEntry) =>
  entry.identity.length + entry.gzip.length + entry.br.length + 1024;

export const expiry = (opts: Options) =>
  opts.shared ? Date.now() + CARD_CACHE_SHARED_TTL_MS : Number.POSITIVE_INFINITY;

export function compress(
  html: string,
  csp: string,
  status: 200 | 404,
  cardId: string | null,
  ttl: number,
  publicUrl: string,
): CardEntry {
  return {
    cardId,
    status,
    ...compressPage(html, { csp, publicUrl }),
    expiresAt: ttl ? Date.now() + ttl : Number.POSITIVE_INFINITY,
  };
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
