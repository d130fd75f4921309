// Over 300 lines: every read of the daily view and click tables, so the index each query uses is seen in one place.
// Read side of the card analytics: the figures of a customer's dashboard (links, clicks against the period
// before, cards in use), views per day by source, for one customer's cards, one card, or every card (admin), and
// over a chosen range a customer's clicks per link and their daily figures as CSV.
// Everything is read from the daily aggregates; days are UTC calendar days, as the counter writes them.
import { and, asc, between, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { cardPages, cardViewsDaily, linkClicksDaily, pageLinks } from "~/db/schema";
import type { VisitSource } from "~/utils/card-links";
import { toCsv } from "~/utils/csv";
import { addDays, bucketDays, type DayBucket, dayRange } from "~/utils/dates";
import { fillSeries } from "~/utils/series";
import type { DbOrTx } from "../platform/db.server";

/** The length of the dashboard's period and of the one it is compared with. */
export const STATS_DAYS = 30;

export interface DashboardStats {
  totalLinks: number;
  cardsOwned: number;
  /** Owned cards viewed at least once in the period. */
  activeCards: number;
  clicks: { current: number; previous: number };
}

/**
 * The dashboard home's figures for one account, over the `STATS_DAYS` days that end with `today` (inclusive) and
 * the same number of days before them.
 */
export async function getDashboardStats(db: DbOrTx, userId: string, today: string): Promise<DashboardStats> {
  return (await getDashboardHome(db, userId, today)).stats;
}

/** The newest of an account's cards, the one the dashboard home offers to share. */
export interface NewestCard {
  name: string;
  cardNumber: string;
  slug: string;
}

/** The dashboard home's figures (getDashboardStats) and the account's newest card, in one query. */
export async function getDashboardHome(
  db: DbOrTx,
  userId: string,
  today: string,
): Promise<{ stats: DashboardStats; newest: NewestCard | null }> {
  const from = addDays(today, -(STATS_DAYS - 1));
  const previousFrom = addDays(from, -STATS_DAYS);
  // Each figure a subquery over the account's cards (through the owner index), the newest card joined beside.
  const [row] = await db
    .select({
      cards: sql<number>`(select count(*) from card_pages c where c.owner_user_id = ${userId})`,
      // A One Link card is one of the customer's cards with one link; its taps open the link directly, uncounted.
      oneLinks: sql<number>`(select count(*) from one_link_cards o where o.owner_user_id = ${userId})`,
      links: sql<number>`(select count(*) from page_links l join card_pages c on c.id = l.card_page_id
        where c.owner_user_id = ${userId})`,
      active: sql<number>`(select count(distinct v.card_page_id) from card_views_daily v
        join card_pages c on c.id = v.card_page_id
        where c.owner_user_id = ${userId} and v.day between ${from} and ${today})`,
      current: sql<number>`(select coalesce(sum(k.count), 0) from link_clicks_daily k
        join card_pages c on c.id = k.card_page_id
        where c.owner_user_id = ${userId} and k.day between ${from} and ${today})`,
      previous: sql<number>`(select coalesce(sum(k.count), 0) from link_clicks_daily k
        join card_pages c on c.id = k.card_page_id
        where c.owner_user_id = ${userId} and k.day >= ${previousFrom} and k.day < ${from})`,
      newestName: sql<string | null>`newest.name`,
      newestNumber: sql<string | null>`newest.card_number`,
      newestSlug: sql<string | null>`newest.slug`,
    })
    .from(
      sql`(select 1) as one left join lateral (select name, card_number, slug from card_pages
        where owner_user_id = ${userId} order by created_at desc, id desc limit 1) newest on true`,
    );

  // count() and sum() come back as strings from the drivers.
  return {
    stats: {
      totalLinks: Number(row?.links ?? 0) + Number(row?.oneLinks ?? 0),
      cardsOwned: Number(row?.cards ?? 0) + Number(row?.oneLinks ?? 0),
      activeCards: Number(row?.active ?? 0),
      clicks: { current: Number(row?.current ?? 0), previous: Number(row?.previous ?? 0) },
    },
    newest:
      row?.newestName != null && row.newestNumber != null && row.newestSlug != null
        ? { name: row.newestName, cardNumber: row.newestNumber, slug: row.newestSlug }
        : null,
  };
}

export interface DailyViews {
  day: string;
  source: VisitSource;
  count: number;
}

/**
 * Views per day and source over the `days` days ending with `today`: of one account's cards (`ownerUserId`), of
 * one card (`cardPageId`; the caller has checked it is the customer's), or of every card (neither). Days without
 * views are absent; the chart fills them with zero.
 */
async function getViewsPerDay(
  db: DbOrTx,
  scope: { ownerUserId?: string; cardPageId?: string },
  today: string,
  days = STATS_DAYS,
): Promise<DailyViews[]> {
  const inPeriod = between(cardViewsDaily.day, addDays(today, -(days - 1)), today);
  const total = sql<number>`sum(${cardViewsDaily.count})`;
  const base = db
    .select({ day: cardViewsDaily.day, source: cardViewsDaily.source, count: total })
    .from(cardViewsDaily);
  const rows = await (scope.ownerUserId
    ? base
        .innerJoin(cardPages, eq(cardPages.id, cardViewsDaily.cardPageId))
        .where(
          and(
            inPeriod,
            eq(cardPages.ownerUserId, scope.ownerUserId),
            scope.cardPageId ? eq(cardViewsDaily.cardPageId, scope.cardPageId) : undefined,
          ),
        )
    : base.where(
        and(inPeriod, scope.cardPageId ? eq(cardViewsDaily.cardPageId, scope.cardPageId) : undefined),
      )
  )
    .groupBy(cardViewsDaily.day, cardViewsDaily.source)
    .orderBy(cardViewsDaily.day);
  return rows.map((r) => ({ day: String(r.day), source: r.source, count: Number(r.count) }));
}

const VIEW_SOURCES = ["nfc", "qr", "link"] as const;

/**
 * The last `days` days up to `today`, grouped for a chart: `spans` are the buckets (oldest first, each named by its
 * first day), `keyOf` a day's bucket.
 */
export function activityPeriod(today: string, days: number, bucket: DayBucket = "day") {
  return { today, days, ...bucketDays(dayRange(today, days), bucket) };
}

/**
 * Views by source over a period (the last `STATS_DAYS` days by default), one point per bucket of the period with
 * every source, oldest first. One query, whatever the length: a year is at most 3 x 365 summed rows.
 */
export async function scanActivity(
  db: DbOrTx,
  scope: { ownerUserId?: string; cardPageId?: string },
  today: string,
  period: ReturnType<typeof activityPeriod> = activityPeriod(today, STATS_DAYS),
) {
  const rows = await getViewsPerDay(db, scope, period.today, period.days);
  return fillSeries(
    period.spans.map((s) => s.first),
    VIEW_SOURCES,
    rows.map((r) => ({ key: period.keyOf.get(r.day) ?? r.day, series: r.source, value: r.count })),
  );
}

/** The card pages of one account, or the one of them in `cardPageId`. */
const ownedCards = (scope: { ownerUserId: string; cardPageId?: string }) =>
  and(
    eq(cardPages.ownerUserId, scope.ownerUserId),
    scope.cardPageId ? eq(cardPages.id, scope.cardPageId) : undefined,
  );

export interface LinkClicks {
  linkId: string;
  title: string;
  cardNumber: string;
  clicks: Record<VisitSource, number>;
  total: number;
}

/**
 * Clicks per link of one account's cards (or one of them) over the `days` days ending with `today`, by source:
 * every link of those cards, those without clicks included, most clicked first, then in the cards' order. One
 * query: the clicks are summed per link from a range of days of each card (the daily table's card index), then
 * joined to the links, so the cost follows the account's cards and not one index lookup per link.
 */
export async function linkClicksInRange(
  db: DbOrTx,
  scope: { ownerUserId: string; cardPageId?: string },
  today: string,
  days: number,
): Promise<LinkClicks[]> {
  const from = addDays(today, -(days - 1));
  const cards = ownedCards(scope);
  const bySource = (source: VisitSource) =>
    sql<number>`sum(${linkClicksDaily.count}) filter (where ${linkClicksDaily.source} = ${source})`.as(
      source,
    );
  const clicks = db
    .select({
      linkId: linkClicksDaily.linkId,
      nfc: bySource("nfc"),
      qr: bySource("qr"),
      link: bySource("link"),
      total: sql<number>`sum(${linkClicksDaily.count})`.as("total"),
    })
    .from(linkClicksDaily)
    .where(
      and(
        inArray(linkClicksDaily.cardPageId, db.select({ id: cardPages.id }).from(cardPages).where(cards)),
        between(linkClicksDaily.day, from, today),
      ),
    )
    .groupBy(linkClicksDaily.linkId)
    .as("clicks");
  const orZero = (n: SQL.Aliased<number>) => sql<number>`coalesce(${n}, 0)`;
  const rows = await db
    .select({
      linkId: pageLinks.id,
      title: pageLinks.title,
      cardNumber: cardPages.cardNumber,
      nfc: orZero(clicks.nfc),
      qr: orZero(clicks.qr),
      link: orZero(clicks.link),
      total: orZero(clicks.total),
    })
    .from(pageLinks)
    .innerJoin(cardPages, eq(cardPages.id, pageLinks.cardPageId))
    .leftJoin(clicks, eq(clicks.linkId, pageLinks.id))
    .where(cards)
    .orderBy(
      desc(orZero(clicks.total)),
      desc(cardPages.createdAt),
      asc(cardPages.id),
      asc(pageLinks.sortOrder),
    )
    .limit(LINK_TABLE_MAX_ROWS);
  // sum() comes back as a string from the drivers.
  return rows.map((r) => ({
    linkId: r.linkId,
    title: r.title,
    cardNumber: r.cardNumber,
    clicks: { nfc: Number(r.nfc), qr: Number(r.qr), link: Number(r.link) },
    total: Number(r.total),
  }));
}

/** The most links the click table lists (an account has at most 100 cards listed, each with a few links). */
const LINK_TABLE_MAX_ROWS = 1000;

export const ACTIVITY_CSV_HEADER = ["day", "card_number", "card_name", "source", "views", "clicks"] as const;

/**
 * Daily views and link clicks of one account's cards (or one of them) over the `days` days ending with `today`:
 * one row per day, card and source that had a view or a click, oldest day first; days, cards and sources with
 * neither have no row. Card names are the owner's text, so csvCell() neutralises formulas in them.
 */
export async function activityCsv(
  db: DbOrTx,
  scope: { ownerUserId: string; cardPageId?: string },
  today: string,
  days: number,
) {
  const from = addDays(today, -(days - 1));
  const cards = ownedCards(scope);
  // Each reads a range of days of each card from the daily tables' card indexes: none per link.
  const views = await db
    .select({
      cardPageId: cardViewsDaily.cardPageId,
      day: cardViewsDaily.day,
      source: cardViewsDaily.source,
      n: sql<number>`sum(${cardViewsDaily.count})`,
    })
    .from(cardViewsDaily)
    .innerJoin(cardPages, eq(cardPages.id, cardViewsDaily.cardPageId))
    .where(and(cards, between(cardViewsDaily.day, from, today)))
    .groupBy(cardViewsDaily.cardPageId, cardViewsDaily.day, cardViewsDaily.source);
  const clicks = await db
    .select({
      cardPageId: linkClicksDaily.cardPageId,
      day: linkClicksDaily.day,
      source: linkClicksDaily.source,
      n: sql<number>`sum(${linkClicksDaily.count})`,
    })
    .from(linkClicksDaily)
    .innerJoin(cardPages, eq(cardPages.id, linkClicksDaily.cardPageId))
    .where(and(cards, between(linkClicksDaily.day, from, today)))
    .groupBy(linkClicksDaily.cardPageId, linkClicksDaily.day, linkClicksDaily.source);
  const names = await db
    .select({ id: cardPages.id, cardNumber: cardPages.cardNumber, name: cardPages.name })
    .from(cardPages)
    .where(cards);
  const cardById = new Map(names.map((c) => [c.id, c]));

  const rows = new Map<
    string,
    { day: string; cardPageId: string; source: VisitSource; views: number; clicks: number }
  >();
  const row = (r: { cardPageId: string; day: string; source: VisitSource }) => {
    const key = `${r.day}|${r.cardPageId}|${r.source}`;
    let found = rows.get(key);
    if (!found) {
      found = { day: String(r.day), cardPageId: r.cardPageId, source: r.source, views: 0, clicks: 0 };
      rows.set(key, found);
    }
    return found;
  };
  for (const v of views) row(v).views += Number(v.n);
  for (const c of clicks) row(c).clicks += Number(c.n);
  const sourceOrder = (s: VisitSource) => VIEW_SOURCES.indexOf(s);
  const sorted = [...rows.values()]
    .filter((r) => cardById.has(r.cardPageId))
    .map((r) => ({ ...r, card: cardById.get(r.cardPageId)! }))
    .sort(
      (a, b) =>
        a.day.localeCompare(b.day) ||
        a.card.cardNumber.localeCompare(b.card.cardNumber) ||
        sourceOrder(a.source) - sourceOrder(b.source),
    );
  return toCsv(
    ACTIVITY_CSV_HEADER,
    sorted.map((r) => [r.day, r.card.cardNumber, r.card.name, r.source, r.views, r.clicks]),
  );
}
