// The dashboard's My Links section: the links of the customer's own card pages with their click counts. Changing
// one is a paid update request: shop/my-links-actions.server.ts (docs/product.md#my-links).

import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { data } from "react-router";
import { UPDATE_REQUEST_PRICE } from "~/catalog";
import { cardPages, linkClicksDaily, pageLinks } from "~/db/schema";
import { type MyLinksTab, parseMyLinksTab } from "~/schemas/my-links-tabs";
import { CARD_ICON_SVGS, type CardIconSvg } from "~/utils/card-icons";
import { isUuid } from "~/utils/ids";
import { type LinkKind, linkKind } from "~/utils/link-kinds";
import { formatPence } from "~/utils/money";
import { pageNumber } from "~/utils/paging";
import type { SessionUser } from "../accounts/session.server";
import type { DbOrTx } from "../platform/db.server";
import { listOwnedOneLinkCards } from "./one-link-cards.server";

/** The most cards and links the section lists for one account (a card holds at most 50 links). */
const OWNED_CARDS_LIMIT = 100;
const LINKS_LIMIT = OWNED_CARDS_LIMIT * 50;
/** Cards shown on one page of the section: a customer with many cards pages through them. */
const MY_LINKS_CARDS_PER_PAGE = 5;
/** 'Last 30 days' is today (UTC, as the click counts are kept) and the 29 days before. */
const RECENT_DAYS = 30;

export const MY_LINKS_MESSAGES = {
  cardNotFound: "This card is not on your account",
  linkNotFound: "This link is not on any of your cards",
  unchanged: "Nothing to change: the title and URL are the ones on your card",
  setByCompany: (company: string) => `This link is set by ${company}: only its admins change it.`,
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
  /** The company that sets this link on its card, or null: the holder's own link. */
  setBy: string | null;
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
 * The account's cards (newest first) each with its links in card order and their kind, in one query; the clicks
 * are read after, for the links a page shows (`withClicks`).
 */
async function listMyLinks(db: DbOrTx, userId: string): Promise<MyCardLinks[]> {
  const owned = db
    .select({
      id: cardPages.id,
      cardNumber: cardPages.cardNumber,
      name: cardPages.name,
      slug: cardPages.slug,
      company: cardPages.businessName,
      createdAt: cardPages.createdAt,
    })
    .from(cardPages)
    .where(eq(cardPages.ownerUserId, userId))
    .orderBy(desc(cardPages.createdAt), desc(cardPages.id))
    .limit(OWNED_CARDS_LIMIT)
    .as("owned");
  const rows = await db
    .select({
      cardId: owned.id,
      cardNumber: owned.cardNumber,
      name: owned.name,
      slug: owned.slug,
      id: pageLinks.id,
      title: pageLinks.title,
      url: pageLinks.url,
      icon: pageLinks.icon,
      companyLinkId: pageLinks.companyLinkId,
      company: owned.company,
    })
    .from(owned)
    .leftJoin(pageLinks, eq(pageLinks.cardPageId, owned.id))
    .orderBy(desc(owned.createdAt), desc(owned.id), asc(pageLinks.sortOrder))
    .limit(LINKS_LIMIT);
  const cards: MyCardLinks[] = [];
  for (const row of rows) {
    let card = cards.at(-1);
    if (card?.id !== row.cardId) {
      card = { id: row.cardId, cardNumber: row.cardNumber, name: row.name, slug: row.slug, links: [] };
      cards.push(card);
    }
    if (row.id === null) continue;
    card.links.push({
      id: row.id,
      cardId: row.cardId,
      title: row.title!,
      url: row.url!,
      icon: row.icon!,
      kind: linkKind(row.url!),
      clicks30Days: 0,
      clicksAllTime: 0,
      setBy: row.companyLinkId ? (row.company ?? "your company") : null,
    });
  }
  return cards;
}

/**
 * The clicks of these links in the last 30 days and all time, read through the primary key (link, day, source).
 * `now` is for tests.
 */
async function withClicks(db: DbOrTx, cards: MyCardLinks[], now = new Date()): Promise<MyCardLinks[]> {
  const ids = cards.flatMap((c) => c.links.map((l) => l.id));
  if (ids.length === 0) return cards;
  const since = dayOffset(now, RECENT_DAYS - 1);
  const rows = await db
    .select({
      id: linkClicksDaily.linkId,
      recent: sql<number>`coalesce(sum(${linkClicksDaily.count}) filter (where ${linkClicksDaily.day} >= ${since}::date), 0)`,
      total: sql<number>`coalesce(sum(${linkClicksDaily.count}), 0)`,
    })
    .from(linkClicksDaily)
    .where(inArray(linkClicksDaily.linkId, ids))
    .groupBy(linkClicksDaily.linkId);
  // sum() comes back as a string from the drivers.
  const clicks = new Map(rows.map((r) => [r.id, { recent: Number(r.recent), total: Number(r.total) }]));
  return cards.map((card) => ({
    ...card,
    links: card.links.map((l) => ({
      ...l,
      clicks30Days: clicks.get(l.id)?.recent ?? 0,
      clicksAllTime: clicks.get(l.id)?.total ?? 0,
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
  const several = cards.length > 1;
  // With several cards, a tab lists only the cards that have links of its kind.
  const listed = cards
    .map((c) => ({ ...c, links: c.links.filter(shown) }))
    .filter((c) => !several || tab === "all" || c.links.length > 0);
  const pages = Math.max(1, Math.ceil(listed.length / MY_LINKS_CARDS_PER_PAGE));
  let page = pageNumber(url, pages);
  // ?edit= and ?remove= open a link's form without JavaScript, on the page of its card; a link that is not the
  // customer's is not found.
  const pick = (name: string) => {
    const id = url.searchParams.get(name);
    if (id === null) return null;
    const link = all.find((l) => l.id === id);
    if (!link) throw data({ error: "Link not found" }, { status: 404 });
    if (!shown(link)) return null;
    page = Math.floor(listed.findIndex((c) => c.id === link.cardId) / MY_LINKS_CARDS_PER_PAGE) + 1;
    return link.id;
  };
  const editing = pick("edit");
  const removing = pick("remove");
  const onPage = listed.slice((page - 1) * MY_LINKS_CARDS_PER_PAGE, page * MY_LINKS_CARDS_PER_PAGE);
  return {
    oneLinkCards: await listOwnedOneLinkCards(db, user.id),
    tab,
    counts,
    several,
    page,
    pages,
    cards: await withClicks(db, onPage),
    /** Every card, for the card a new link goes to. */
    allCards: cards.map(({ id, cardNumber, name }) => ({ id, cardNumber, name })),
    icons: iconsOf(onPage.flatMap((c) => c.links)),
    editing,
    removing,
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
      setBy: sql<
        string | null
      >`case when ${pageLinks.companyLinkId} is not null then ${cardPages.businessName} end`,
    })
    .from(pageLinks)
    .innerJoin(cardPages, eq(cardPages.id, pageLinks.cardPageId))
    .where(and(eq(pageLinks.id, linkId), eq(cardPages.ownerUserId, userId)));
  return link ?? null;
}
