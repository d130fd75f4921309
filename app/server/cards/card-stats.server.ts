// Read side of the card analytics: the figures of a customer's dashboard (links, clicks against the period
// before, cards in use) and views per day by source, for one customer's cards, one card, or every card (admin).
// Everything is read from the daily aggregates; days are UTC calendar days, as the counter writes them.
import { and, between, eq, sql } from "drizzle-orm";
import { cardPages, cardViewsDaily } from "~/db/schema";
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
      totalLinks: Number(row?.links ?? 0),
      cardsOwned: Number(row?.cards ?? 0),
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
