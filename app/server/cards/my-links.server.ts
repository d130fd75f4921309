// The dashboard's My Links section: the links of the customer's own card pages with their click counts. Changing
// one is a paid update request: shop/my-links-actions.server.ts (docs/product.md#my-links).
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { UPDATE_REQUEST_PRICE } from "~/catalog";
import { cardPages, pageLinks } from "~/db/schema";
import { type MyLinksTab, parseMyLinksTab } from "~/schemas/my-links-tabs";
import { CARD_ICON_SVGS, type CardIconSvg } from "~/utils/card-icons";
import { isUuid } from "~/utils/ids";
import { type LinkKind, linkKind } from "~/utils/link-kinds";
import { formatPence } from "~/utils/money";
import type { SessionUser } from "../accounts/auth.server";
import type { DbOrTx } from "../platform/db.server";
import { listOwnedOneLinkCards } from "./one-link-cards.server";

/** The most cards and links the section lists for one account (a card holds at most 50 links). */
const OWNED_CARDS_LIMIT = 100;
const LINKS_LIMIT = OWNED_CARDS_LIMIT * 50;
/** 'Last 30 days' is today (UTC, as the click counts are kept) and the 29 days before. */
const RECENT_DAYS = 30;

export const MY_LINKS_MESSAGES = {
  cardNotFound: "This card is not on your account",
  linkNotFound: "This link is not on any of your cards",
  unchanged: "Nothing to change: the title and URL are the ones on your card",
};

export interface MyLink {
  id: string;
  cardId: string;
  title: string;
  url: string;
  icon: string;
  kind: LinkKind;
  clicks30Days: number;
  clicksAllTime: number;
}

export interface MyCardLinks {
  id: string;
  cardNumber: string;
  name: string;
  slug: string;
  links: MyLink[];
}

const dayOffset = (now: Date, days: number) =>
  new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The account's cards (newest first) each with its links in card order, their kind and clicks: in the last 30
 * days and all time. `now` is for tests.
 */
async function listMyLinks(db: DbOrTx, userId: string, now = new Date()): Promise<MyCardLinks[]> {
  const cards = await db
    .select({
      id: cardPages.id,
      cardNumber: cardPages.cardNumber,
      name: cardPages.name,
      slug: cardPages.slug,
    })
    .from(cardPages)
    .where(eq(cardPages.ownerUserId, userId))
    .orderBy(desc(cardPages.createdAt), desc(cardPages.id))
    .limit(OWNED_CARDS_LIMIT);
  if (cards.length === 0) return [];
  const since = dayOffset(now, RECENT_DAYS - 1);
  // Correlated sums read one link's aggregate rows through the primary key (link, day, source).
  const rows = await db
    .select({
      id: pageLinks.id,
      cardId: pageLinks.cardPageId,
      title: pageLinks.title,
      url: pageLinks.url,
      icon: pageLinks.icon,
      recent: sql<number>`(select coalesce(sum(c.count), 0) from link_clicks_daily c where c.link_id = page_links.id and c.day >= ${since}::date)`,
      total: sql<number>`(select coalesce(sum(c.count), 0) from link_clicks_daily c where c.link_id = page_links.id)`,
    })
    .from(pageLinks)
    .innerJoin(cardPages, eq(cardPages.id, pageLinks.cardPageId))
    .where(eq(cardPages.ownerUserId, userId))
    .orderBy(asc(pageLinks.cardPageId), asc(pageLinks.sortOrder))
    .limit(LINKS_LIMIT);
  return cards.map((card) => ({
    ...card,
    links: rows
      .filter((r) => r.cardId === card.id)
      .map(({ recent, total, ...r }) => ({
        ...r,
        kind: linkKind(r.url),
        // sum() comes back as a string from the drivers.
        clicks30Days: Number(recent),
        clicksAllTime: Number(total),
      })),
  }));
}

/** What the section shows: the cards with the links of the chosen tab, the count of each tab, the open form. */
export async function loadMyLinks(db: DbOrTx, user: SessionUser, url: URL) {
  const tab = parseMyLinksTab(url.searchParams.get("tab"));
  const cards = await listMyLinks(db, user.id);
  const all = cards.flatMap((c) => c.links);
  const counts: Record<MyLinksTab, number> = {
    all: all.length,
    social: all.filter((l) => l.kind === "social").length,
    payment: all.filter((l) => l.kind === "payment").length,
    other: all.filter((l) => l.kind === "other").length,
  };
  const shown = (l: MyLink) => tab === "all" || l.kind === tab;
  // ?edit= and ?remove= open a link's form without JavaScript; a link that is not the customer's is not found.
  const pick = (name: string) => {
    const id = url.searchParams.get(name);
    if (id === null) return null;
    const link = all.find((l) => l.id === id);
    if (!link) throw data({ error: "Link not found" }, { status: 404 });
    return shown(link) ? link.id : null;
  };
  const shownCards = cards.map((c) => ({ ...c, links: c.links.filter(shown) }));
  return {
    oneLinkCards: await listOwnedOneLinkCards(db, user.id),
    tab,
    counts,
    cards: shownCards,
    icons: iconsOf(shownCards.flatMap((c) => c.links)),
    editing: pick("edit"),
    removing: pick("remove"),
    price: formatPence(UPDATE_REQUEST_PRICE, { whole: true }),
  };
}

/** The icons of these links by name, sent with the page: the script then carries none of the platforms' icons. */
function iconsOf(links: MyLink[]): Record<string, CardIconSvg> {
  return Object.fromEntries(links.map((l) => [l.icon, CARD_ICON_SVGS[l.icon] ?? CARD_ICON_SVGS.link!]));
}

/** One of the customer's cards, or null (for a link change, an id is not proof of ownership). */
export async function ownedCard(db: DbOrTx, userId: string, cardId: string) {
  if (!isUuid(cardId)) return null;
  const [card] = await db
    .select({ id: cardPages.id, cardNumber: cardPages.cardNumber })
    .from(cardPages)
    .where(and(eq(cardPages.id, cardId), eq(cardPages.ownerUserId, userId)));
  return card ?? null;
}

/** A link on one of the customer's cards, with its card number, or null. */
export async function ownedLink(db: DbOrTx, userId: string, linkId: string) {
  if (!isUuid(linkId)) return null;
  const [link] = await db
    .select({
      id: pageLinks.id,
      title: pageLinks.title,
      url: pageLinks.url,
      icon: pageLinks.icon,
      cardNumber: cardPages.cardNumber,
    })
    .from(pageLinks)
    .innerJoin(cardPages, eq(cardPages.id, pageLinks.cardPageId))
    .where(and(eq(pageLinks.id, linkId), eq(cardPages.ownerUserId, userId)));
  return link ?? null;
}
