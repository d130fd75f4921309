// Read side of the card analytics: the figures of a customer's dashboard (links, clicks against the period
// before, cards in use) and views per day by source, for one customer's cards, one card, or every card (admin).
// Everything is read from the daily aggregates; days are UTC calendar days, as the counter writes them.
import { and, between, count, countDistinct, eq, sql } from "drizzle-orm";
import { cardPages, cardViewsDaily, linkClicksDaily, oneLinkCards, pageLinks } from "~/db/schema";
import type { VisitSource } from "~/utils/card-links";
import { addDays, dayRange } from "~/utils/dates";
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
  const from = addDays(today, -(STATS_DAYS - 1));
  const previousFrom = addDays(from, -STATS_DAYS);
  const owned = eq(cardPages.ownerUserId, userId);

  const [cards] = await db.select({ n: count() }).from(cardPages).where(owned);
  // A One Link card is one of the customer's cards with one link; its taps open the link directly, uncounted.
  const [oneLinks] = await db
    .select({ n: count() })
    .from(oneLinkCards)
    .where(eq(oneLinkCards.ownerUserId, userId));
  const [links] = await db
    .select({ n: count() })
    .from(pageLinks)
    .innerJoin(cardPages, eq(cardPages.id, pageLinks.cardPageId))
    .where(owned);
  const [active] = await db
    .select({ n: countDistinct(cardViewsDaily.cardPageId) })
    .from(cardViewsDaily)
    .innerJoin(cardPages, eq(cardPages.id, cardViewsDaily.cardPageId))
    .where(and(owned, between(cardViewsDaily.day, from, today)));
  const [clicks] = await db
    .select({
      current: sql<number>`coalesce(sum(${linkClicksDaily.count}) filter (where ${linkClicksDaily.day} >= ${from}), 0)`,
      previous: sql<number>`coalesce(sum(${linkClicksDaily.count}) filter (where ${linkClicksDaily.day} < ${from}), 0)`,
    })
    .from(linkClicksDaily)
    .innerJoin(cardPages, eq(cardPages.id, linkClicksDaily.cardPageId))
    .where(and(owned, between(linkClicksDaily.day, previousFrom, today)));

  // count() and sum() come back as strings from the drivers.
  return {
    totalLinks: Number(links?.n ?? 0) + Number(oneLinks?.n ?? 0),
    cardsOwned: Number(cards?.n ?? 0) + Number(oneLinks?.n ?? 0),
    activeCards: Number(active?.n ?? 0),
    clicks: { current: Number(clicks?.current ?? 0), previous: Number(clicks?.previous ?? 0) },
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

/** The last `STATS_DAYS` days of views, one point per day with every source, oldest first. */
export async function scanActivity(
  db: DbOrTx,
  scope: { ownerUserId?: string; cardPageId?: string },
  today: string,
) {
  const rows = await getViewsPerDay(db, scope, today);
  return fillSeries(
    dayRange(today, STATS_DAYS),
    VIEW_SOURCES,
    rows.map((r) => ({ key: r.day, series: r.source, value: r.count })),
  );
}
