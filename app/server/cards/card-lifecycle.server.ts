// A card page's state as its owner (My Cards) and the admin (the card view) read it: the page, each physical card,
// whether the page has older cards, replacements still awaiting payment, and what each says (card-status.server.ts);
// the page's history, and the physical cards still to write. The changes are in physical-cards.server.ts.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { cardPageEvents, cardPages, orderItems, orders, physicalCards } from "~/db/schema";
import type { DbOrTx } from "../platform/db.server";
import { describeCardState, physicalCardLabel } from "./card-status.server";
import { chipPath } from "./physical-cards.server";

/** A page's physical cards, oldest first, with what the owner and the admin see of each. */
async function listPhysicalCards(db: DbOrTx, cardPageId: string) {
  const rows = await db
    .select({
      id: physicalCards.id,
      token: physicalCards.token,
      state: physicalCards.state,
      replacesId: physicalCards.replacesId,
      replacesOlderCards: physicalCards.replacesOlderCards,
      writtenAt: physicalCards.writtenAt,
      turnedOffAt: physicalCards.turnedOffAt,
      offReason: physicalCards.offReason,
      turnedOffBy: physicalCards.turnedOffBy,
      createdAt: physicalCards.createdAt,
      orderNumber: orders.orderNumber,
    })
    .from(physicalCards)
    .leftJoin(orderItems, eq(orderItems.id, physicalCards.orderItemId))
    .leftJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(physicalCards.cardPageId, cardPageId))
    .orderBy(asc(physicalCards.createdAt), asc(physicalCards.id))
    .limit(50);
  return rows.map((r) => ({ ...r, chipPath: chipPath(r), label: physicalCardLabel(r.token) }));
}

/** Replacements for this page in orders not paid yet (bank transfers wait up to 14 days, so there are few). */
async function replacementsAwaitingPayment(db: DbOrTx, cardPageId: string) {
  const rows = await db
    .select({ details: orderItems.details, orderNumber: orders.orderNumber })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.status, "awaiting_payment"),
        eq(orderItems.kind, "multi-link"),
        sql`${orderItems.details}->'replacementFor'->>'cardPageId' = ${cardPageId}`,
      ),
    )
    .limit(20);
  return rows.map((r) => ({
    physicalCardId:
      (r.details as { replacementFor?: { physicalCardId: string | null } }).replacementFor?.physicalCardId ??
      null,
    orderNumber: r.orderNumber,
  }));
}

/**
 * Whether cards written with the page's own address (`/{slug}?s=nfc`) may exist. Every card sold since chip
 * addresses gets its physical card in the same transaction as its page (the same created_at), so a page that has
 * none, or is older than its first, was sold before them or made by hand, and the shop may have written its own
 * address on a chip. Views cannot tell: a chip tap counts as an NFC view of the page too.
 */
function hasOlderCards(
  page: { createdAt: Date; olderCardsOffAt: Date | null },
  cards: { createdAt: Date; replacesOlderCards: boolean }[],
) {
  const first = cards[0];
  return (
    page.olderCardsOffAt !== null ||
    cards.some((c) => c.replacesOlderCards) ||
    !first ||
    page.createdAt.getTime() < first.createdAt.getTime()
  );
}

/** The page's state and what it says, to its owner or to the admin. */
export async function cardLifecycle(db: DbOrTx, cardPageId: string, audience: "owner" | "admin" = "admin") {
  const [page] = await db
    .select({
      pausedAt: cardPages.pausedAt,
      pausedBy: cardPages.pausedBy,
      olderCardsOffAt: cardPages.olderCardsOffAt,
      olderCardsOffBy: cardPages.olderCardsOffBy,
      createdAt: cardPages.createdAt,
    })
    .from(cardPages)
    .where(eq(cardPages.id, cardPageId));
  if (!page) return null;
  const cards = await listPhysicalCards(db, cardPageId);
  const facts = {
    ...page,
    hasOlderCards: hasOlderCards(page, cards),
    physicalCards: cards,
    replacementsAwaitingPayment: await replacementsAwaitingPayment(db, cardPageId),
  };
  return { ...facts, status: describeCardState(facts, audience) };
}
export type CardLifecycle = NonNullable<Awaited<ReturnType<typeof cardLifecycle>>>;

/** Physical cards still to be written, oldest first (the fulfilment list): the chip address and the page. */
export async function physicalCardsToWrite(db: DbOrTx, limit = 100) {
  const rows = await db
    .select({
      id: physicalCards.id,
      token: physicalCards.token,
      cardPageId: physicalCards.cardPageId,
      cardNumber: cardPages.cardNumber,
      slug: cardPages.slug,
      replacesId: physicalCards.replacesId,
      replacesOlderCards: physicalCards.replacesOlderCards,
      orderItemId: physicalCards.orderItemId,
      createdAt: physicalCards.createdAt,
    })
    .from(physicalCards)
    .innerJoin(cardPages, eq(cardPages.id, physicalCards.cardPageId))
    .where(eq(physicalCards.state, "to_write"))
    .orderBy(asc(physicalCards.createdAt), asc(physicalCards.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    chipPath: chipPath(r),
    isReplacement: r.replacesId !== null || r.replacesOlderCards,
  }));
}

/** The page's history, newest first. */
export async function cardHistory(db: DbOrTx, cardPageId: string, limit = 50) {
  return db
    .select({
      id: cardPageEvents.id,
      action: cardPageEvents.action,
      actor: cardPageEvents.actor,
      note: cardPageEvents.note,
      createdAt: cardPageEvents.createdAt,
    })
    .from(cardPageEvents)
    .where(eq(cardPageEvents.cardPageId, cardPageId))
    .orderBy(desc(cardPageEvents.createdAt), desc(cardPageEvents.id))
    .limit(limit);
}
