// What the admin reads about cards: the paged, searchable list and each card's view and click counts.
import { and, eq, inArray, like, type SQL, sql } from "drizzle-orm";
import { cardPages, cardViewsDaily, linkClicksDaily, pageLinks, shops } from "~/db/schema";
import type { DbOrTx } from "../platform/db.server";
import { keyset, type PageCursor } from "../platform/keyset.server";
import { prefixPattern } from "../platform/sql.server";

const CARDS_PAGE_SIZE = 20;
/** A search naming more shops than this lists the cards of the first ones. */
const MAX_SHOPS_SEARCHED = 100;

/**
 * One page of the admin list, newest first, paged by keyset (see keyset.server.ts). Search is a prefix match on
 * card number, slug, name or shop name: each is its own index range (a union), as one OR across them, with the
 * shop's name from a join, would walk the whole table.
 */
export async function listCardPages(db: DbOrTx, opts: { q?: string } & PageCursor) {
  const q = (opts.q ?? "").trim().toLowerCase().slice(0, 64);
  const pages = keyset(cardPages, cardPages, opts, CARDS_PAGE_SIZE);
  const order = pages.orderBy;
  const branch = (match: SQL) =>
    sql`(select ${cardPages.id}, ${cardPages.createdAt} from ${cardPages} where ${and(match, pages.where)}
      order by ${sql.join(order, sql`, `)} limit ${pages.limit})`;
  const pattern = prefixPattern(q);
  // Shops are few: their ids first, so a search no shop matches has no shop branch at all (an empty list in a
  // join would still walk every card).
  const shopIds = q
    ? (
        await db
          .select({ id: shops.id })
          .from(shops)
          .where(like(sql`lower(${shops.name})`, pattern))
          .limit(MAX_SHOPS_SEARCHED)
      ).map((s) => s.id)
    : [];
  const branches = [
    branch(like(sql`lower(${cardPages.cardNumber})`, pattern)),
    branch(like(cardPages.slug, pattern)),
    branch(like(sql`lower(${cardPages.name})`, pattern)),
    ...(shopIds.length ? [branch(inArray(cardPages.shopId, shopIds))] : []),
  ];
  const matches = q
    ? inArray(cardPages.id, sql`(select id from (${sql.join(branches, sql` union `)}) hits)`)
    : undefined;
  const rows = await db
    .select({
      id: cardPages.id,
      cardNumber: cardPages.cardNumber,
      name: cardPages.name,
      businessName: cardPages.businessName,
      slug: cardPages.slug,
      isSold: cardPages.isSold,
      paused: sql<boolean>`${cardPages.pausedAt} is not null`,
      shopId: cardPages.shopId,
      shopName: shops.name,
      createdAt: cardPages.createdAt,
      linkCount: sql<number>`(select count(*)::int from ${pageLinks} where ${pageLinks.cardPageId} = ${cardPages.id})`,
      views: sql<number>`(select coalesce(sum(${cardViewsDaily.count}), 0)::int from ${cardViewsDaily} where ${cardViewsDaily.cardPageId} = ${cardPages.id})`,
      clicks: sql<number>`(select coalesce(sum(${linkClicksDaily.count}), 0)::int from ${linkClicksDaily} where ${linkClicksDaily.cardPageId} = ${cardPages.id})`,
    })
    .from(cardPages)
    .leftJoin(shops, eq(shops.id, cardPages.shopId))
    .where(and(matches, pages.where))
    .orderBy(...order)
    .limit(pages.limit);
  const page = pages.page(rows);
  return { cards: page.rows, paged: page.paged, previous: page.previous, next: page.next, q };
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
