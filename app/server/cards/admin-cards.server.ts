// What the admin reads about cards: the paged, searchable list and each card's view and click counts.
import { desc, eq, like, or, sql } from "drizzle-orm";
import { cardPages, cardViewsDaily, linkClicksDaily, pageLinks, shops } from "~/db/schema";
import type { DbOrTx } from "../platform/db.server";
import { prefixPattern } from "../platform/sql.server";

const CARDS_PAGE_SIZE = 20;

/**
 * One page of the admin list, newest first. Search is a prefix match on card number, slug, name or shop name,
 * so each branch is an index range scan and the cost does not grow with the number of cards.
 */
export async function listCardPages(db: DbOrTx, opts: { q?: string; page?: number }) {
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const q = (opts.q ?? "").trim().toLowerCase().slice(0, 64);
  const pattern = prefixPattern(q);
  const where = q
    ? or(
        like(sql`lower(${cardPages.cardNumber})`, pattern),
        like(cardPages.slug, pattern),
        like(sql`lower(${cardPages.name})`, pattern),
        like(sql`lower(${shops.name})`, pattern),
      )
    : undefined;
  const rows = await db
    .select({
      id: cardPages.id,
      cardNumber: cardPages.cardNumber,
      name: cardPages.name,
      businessName: cardPages.businessName,
      slug: cardPages.slug,
      isSold: cardPages.isSold,
      shopId: cardPages.shopId,
      shopName: shops.name,
      createdAt: cardPages.createdAt,
      linkCount: sql<number>`(select count(*)::int from ${pageLinks} where ${pageLinks.cardPageId} = ${cardPages.id})`,
      views: sql<number>`(select coalesce(sum(${cardViewsDaily.count}), 0)::int from ${cardViewsDaily} where ${cardViewsDaily.cardPageId} = ${cardPages.id})`,
      clicks: sql<number>`(select coalesce(sum(${linkClicksDaily.count}), 0)::int from ${linkClicksDaily} where ${linkClicksDaily.cardPageId} = ${cardPages.id})`,
    })
    .from(cardPages)
    .leftJoin(shops, eq(shops.id, cardPages.shopId))
    .where(where)
    .orderBy(desc(cardPages.createdAt), desc(cardPages.id))
    // One extra row tells whether a next page exists without counting the whole table.
    .limit(CARDS_PAGE_SIZE + 1)
    .offset((page - 1) * CARDS_PAGE_SIZE);
  return { cards: rows.slice(0, CARDS_PAGE_SIZE), page, hasNext: rows.length > CARDS_PAGE_SIZE, q };
}

export async function getCardStats(db: DbOrTx, cardPageId: string) {
  const views = await db
    .select({ source: cardViewsDaily.source, count: sql<number>`sum(${cardViewsDaily.count})::int` })
    .from(cardViewsDaily)
    .where(eq(cardViewsDaily.cardPageId, cardPageId))
    .groupBy(cardViewsDaily.source);
  const clicks = await db
    .select({ linkId: linkClicksDaily.linkId, count: sql<number>`sum(${linkClicksDaily.count})::int` })
    .from(linkClicksDaily)
    .where(eq(linkClicksDaily.cardPageId, cardPageId))
    .groupBy(linkClicksDaily.linkId);
  return {
    views: Object.fromEntries(views.map((v) => [v.source, v.count])) as Partial<Record<string, number>>,
    clicksByLink: Object.fromEntries(clicks.map((c) => [c.linkId, c.count])) as Record<string, number>,
  };
}
