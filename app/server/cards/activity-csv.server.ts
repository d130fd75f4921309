// A customer's card activity as CSV: daily views and link clicks per card and source over a chosen range, read
// from the daily aggregates.
import { and, between, eq, sql } from "drizzle-orm";
import { cardPages, cardViewsDaily, linkClicksDaily } from "~/db/schema";
import type { VisitSource } from "~/utils/card-links";
import { toCsv } from "~/utils/csv";
import { addDays } from "~/utils/dates";
import type { DbOrTx } from "../platform/db.server";
import { ownedCards, VIEW_SOURCES } from "./card-stats.server";

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
