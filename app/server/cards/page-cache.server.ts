// Public card pages rendered once per change and kept compressed in memory, keyed by slug and source.
// Every committed edit invalidates the slug at once in this process (changes.server.ts); with PostgreSQL,
// page-sync.server.ts passes the edits of the other app processes on (see docs/card-pages.md).
import { normalizeLinkUrl, type VisitSource } from "~/utils/card-links";
import { isReservedSlug } from "~/utils/slug";
import { compressPage } from "../platform/compressed-page.server";
import type { Database } from "../platform/db.server";
import { Lru } from "../platform/lru.server";
import {
  CARD_CACHE_LIMITS,
  CARD_CACHE_MISS_TTL_MS,
  CARD_CACHE_SHARED_TTL_MS,
  type CardCacheLimits,
  type CardEntry,
  type ChipTarget,
  compress,
  entryBytes,
  expiry,
  type LinkTarget,
  type Options,
  type PageVariant,
} from "./card-entries.server";
import { getCardPageBySlug, getLinkTarget, type PublicCardPage } from "./card-reads.server";
import { onCardPagesChanged } from "./changes.server";
import {
  CARD_PAGE_CSP,
  renderCardInactiveHtml,
  renderCardNotFoundHtml,
  renderCardPageHtml,
  renderNoticeHtml,
} from "./page-html.server";
import { CHIP_TOKEN_PATTERN, getChipTarget } from "./physical-cards.server";

export type CardPageCache = ReturnType<typeof createCardPageCache>;

/**
 * One cache of pages and link redirect targets, each bounded and least recently used out first. The app uses
 * the one below (`cardPageCache`); tests build their own, e.g. one per simulated app process.
 */
export function createCardPageCache(limits: CardCacheLimits = CARD_CACHE_LIMITS) {
  const pages = new Lru<string, CardEntry>(limits.pageBytes, entryBytes); // slug|source -> page
  const misses = new Lru<string, number>(limits.misses); // slug -> when 'no such card' runs out
  const linkTargets = new Lru<string, LinkTarget & { expiresAt: number }>(limits.linkTargets);
  const chips = new Lru<string, ChipTarget & { expiresAt: number }>(limits.chips); // token -> page
  const chipMisses = new Lru<string, number>(limits.misses); // token -> when 'no such card' runs out
  // Bumped by every invalidation: a chip read from the database while one happened is not stored.
  let generation = 0;
  const inactive: { paused?: CardEntry; off?: CardEntry } = {};
  // The loads in flight per slug: an invalidation marks them stale, so what they read is not stored. Only live
  // requests are held here, so nothing outlives them.
  const loading = new Map<string, Set<{ stale: boolean }>>();
  let notFound: CardEntry | null = null;

  const pageKey = (slug: string, source: PageVariant) => `${slug}|${source}`;

  function peek(slug: string, source: PageVariant): CardEntry | null | undefined {
    const key = pageKey(slug, source);
    const entry = pages.get(key);
    if (entry) {
      if (entry.expiresAt === Number.POSITIVE_INFINITY || entry.expiresAt >= Date.now()) return entry;
      pages.delete(key);
    }
    const missUntil = misses.get(slug);
    if (missUntil === undefined) return undefined;
    if (missUntil >= Date.now()) return null;
    misses.delete(slug);
    return undefined;
  }

  /** A chip token's page: the target, null for 'no such card', undefined when it must be loaded. */
  function peekChip(token: string): ChipTarget | null | undefined {
    const target = chips.get(token);
    if (target) {
      if (target.expiresAt >= Date.now()) return target;
      chips.delete(token);
    }
    const missUntil = chipMisses.get(token);
    if (missUntil === undefined) return undefined;
    if (missUntil >= Date.now()) return null;
    chipMisses.delete(token);
    return undefined;
  }

  function inactiveEntry(opts: Pick<Options, "publicUrl" | "siteName">, kind: "paused" | "off") {
    inactive[kind] ??= {
      ...compressPage(renderCardInactiveHtml(kind, opts), {
        csp: CARD_PAGE_CSP,
        publicUrl: opts.publicUrl,
        extraHeaders: ["X-Robots-Tag", "noindex"],
      }),
      cardId: null,
      status: 200,
      expiresAt: Number.POSITIVE_INFINITY,
    };
    return inactive[kind];
  }

  /** The page (or notice) for this variant, rendered now. */
  function render(opts: Options, page: NonNullable<PublicCardPage>, variant: PageVariant, ttl: number) {
    const expiresAt = ttl ? Date.now() + ttl : Number.POSITIVE_INFINITY;
    if (page.pausedAt) return { ...inactiveEntry(opts, "paused"), expiresAt };
    if (page.departedNotice)
      return {
        ...compressPage(renderNoticeHtml(page.departedNotice, opts), {
          csp: CARD_PAGE_CSP,
          publicUrl: opts.publicUrl,
          extraHeaders: ["X-Robots-Tag", "noindex"],
        }),
        cardId: null,
        status: 200 as const,
        expiresAt,
      };
    // Cards written before chip addresses carry /{slug}?s=nfc: once the owner turns those off, that address alone stops.
    if (variant === "nfc" && page.olderCardsOffAt) return { ...inactiveEntry(opts, "off"), expiresAt };
    const source = variant === "chip" ? "nfc" : variant;
    const { html, csp } = renderCardPageHtml(page, {
      publicUrl: opts.publicUrl,
      siteName: opts.siteName,
      source,
    });
    return compress(html, csp, 200, page.id, ttl, opts.publicUrl);
  }

  function peekLinkTarget(linkId: string): LinkTarget | undefined {
    const target = linkTargets.get(linkId);
    if (!target) return undefined;
    if (target.expiresAt >= Date.now()) return target;
    linkTargets.delete(linkId);
    return undefined;
  }

  return {
    invalidate(slug: string) {
      generation++;
      for (const ticket of loading.get(slug) ?? []) ticket.stale = true;
      for (const source of ["nfc", "qr", "link", "chip"]) pages.delete(`${slug}|${source}`);
      misses.delete(slug);
      for (const [id, target] of linkTargets.entries()) if (target.slug === slug) linkTargets.delete(id);
      for (const [token, target] of chips.entries()) if (target.slug === slug) chips.delete(token);
      // A token issued for this page may have been asked for before it existed.
      chipMisses.clear();
    },

    /** Drops everything, for when changes may have been missed. */
    clear() {
      generation++;
      for (const tickets of loading.values()) for (const ticket of tickets) ticket.stale = true;
      pages.clear();
      misses.clear();
      linkTargets.clear();
      chips.clear();
      chipMisses.clear();
      notFound = null;
      inactive.paused = undefined;
      inactive.off = undefined;
    },

    /** What the cache knows right now: an entry, null for 'not a card', undefined when it must be loaded. */
    peek,
    peekLinkTarget,
    peekChip,
    /** The paused notice (or the turned-off one) once rendered, for the fast path; undefined until then. */
    peekInactive: (kind: "paused" | "off") => inactive[kind],
    inactiveEntry,

    /** How many pages, 'no such card' answers and link targets are held (for tests and monitoring). */
    size() {
      return {
        pages: pages.size,
        pageBytes: pages.weight,
        misses: misses.size,
        linkTargets: linkTargets.size,
        chips: chips.size,
      };
    },

    /** The page a card's chip address opens, the turned-off notice, or null for a token never issued. */
    async loadChip(opts: Options, token: string): Promise<CardEntry | null> {
      if (!CHIP_TOKEN_PATTERN.test(token)) return null;
      let target = peekChip(token);
      if (target === undefined) {
        const seen = generation;
        target = await getChipTarget(opts.db, token);
        if (seen === generation) {
          if (target) chips.set(token, { ...target, expiresAt: expiry(opts) });
          else chipMisses.set(token, Date.now() + CARD_CACHE_MISS_TTL_MS);
        }
      }
      if (!target) return null;
      if (target.off) return inactiveEntry(opts, "off");
      return this.load(opts, target.slug, "chip");
    },

    async load(opts: Options, rawSlug: string, source: PageVariant) {
      const slug = rawSlug.toLowerCase();
      if (!/^[a-z0-9-]{1,64}$/.test(slug) || isReservedSlug(slug)) return null;
      const cached = peek(slug, source);
      if (cached !== undefined) return cached;
      const ticket = { stale: false };
      const tickets = loading.get(slug) ?? new Set();
      loading.set(slug, tickets);
      tickets.add(ticket);
      let page: PublicCardPage;
      try {
        page = await getCardPageBySlug(opts.db, slug);
      } finally {
        tickets.delete(ticket);
        if (tickets.size === 0 && loading.get(slug) === tickets) loading.delete(slug);
      }
      const ttl = opts.shared ? CARD_CACHE_SHARED_TTL_MS : 0;
      const entry = page ? render(opts, page, source, ttl) : null;
      // An edit that landed while we were reading wins: store only if nothing changed meanwhile.
      if (!ticket.stale) {
        if (entry) pages.set(pageKey(slug, source), entry);
        else misses.set(slug, Date.now() + CARD_CACHE_MISS_TTL_MS);
        const expiresAt = ttl ? Date.now() + ttl : Number.POSITIVE_INFINITY;
        // Normalised again on the way out: a link stored by an older version must still make a valid header.
        if (page)
          for (const l of page.links)
            linkTargets.set(l.id, {
              url: normalizeLinkUrl(l.url),
              cardId: page.id,
              slug,
              expiresAt,
              paused: Boolean(page.pausedAt || page.departedNotice),
            });
      }
      return entry;
    },

    notFoundEntry(opts: Pick<Options, "publicUrl" | "siteName">) {
      notFound ??= compress(renderCardNotFoundHtml(opts), CARD_PAGE_CSP, 404, null, 0, opts.publicUrl);
      return notFound;
    },

    async resolveLinkTarget(db: Database, linkId: string): Promise<LinkTarget | null> {
      const cached = peekLinkTarget(linkId);
      if (cached) return cached;
      const link = await getLinkTarget(db, linkId);
      return link
        ? { url: normalizeLinkUrl(link.url), cardId: link.cardPageId, slug: "", paused: link.paused }
        : null;
    },
  };
}

/** The app's cache. Edits made in this process invalidate it at once. */
export const cardPageCache = createCardPageCache();

onCardPagesChanged((slugs) => {
  for (const slug of slugs) cardPageCache.invalidate(slug);
});

export const peekCardEntry = (slug: string, source: VisitSource) => cardPageCache.peek(slug, source);
export const loadCardEntry = (opts: Options, rawSlug: string, source: VisitSource) =>
  cardPageCache.load(opts, rawSlug, source);
export const loadChipEntry = (opts: Options, token: string) => cardPageCache.loadChip(opts, token);
export const inactiveCardEntry = (opts: Pick<Options, "publicUrl" | "siteName">, kind: "paused" | "off") =>
  cardPageCache.inactiveEntry(opts, kind);
export const notFoundEntry = (opts: Pick<Options, "publicUrl" | "siteName">) =>
  cardPageCache.notFoundEntry(opts);
export const resolveLinkTarget = (db: Database, linkId: string) =>
  cardPageCache.resolveLinkTarget(db, linkId);
