// The dashboard home's figures for one account (links, clicks against the period before, cards in use) and its
// newest card, read from the daily aggregates in one query.
import { sql } from "drizzle-orm";
import { addDays } from "~/utils/dates";
import type { DbOrTx } from "../platform/db.server";
import { STATS_DAYS } from "./card-stats.server";

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
