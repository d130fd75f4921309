// Read side of the card analytics: views per day by source, for one customer's cards, one card, or every card
// (admin), and a customer's clicks per link over a chosen range. The dashboard home's figures are
// dashboard-home.server.ts, the daily figures as CSV activity-csv.server.ts.
// Everything is read from the daily aggregates; days are UTC calendar days, as the counter writes them.
import { and, asc, between, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { cardPages, cardViewsDaily, linkClicksDaily, pageLinks } from "~/db/schema";
import type { VisitSource } from "~/utils/card-links";
import { addDays, bucketDays, type DayBucket, dayRange } from "~/utils/dates";
import { fillSeries } from "~/utils/series";
import type { DbOrTx } from "../platform/db.server";

/** The length of the dashboard's period and of the one it is compared with. */
export const STATS_DAYS = 30;

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

export const VIEW_SOURCES = ["nfc", "qr", "link"] as const;

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
export const ownedCards = (scope: { ownerUserId: string; cardPageId?: string }) =>
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
