// One Link cards (docs/decisions/027-one-link-cards.md): made when their order is paid, one per card bought, each
// numbered like a card page and owned by the buyer's account. They have no page: the link is written to the chip
// and is permanent, so nothing here changes it.
import { and, asc, desc, eq, ilike, inArray, isNull, or } from "drizzle-orm";
import { oneLinkCards, orderItems, orders } from "~/db/schema";
import { type CardLink, linkHref, PLATFORM_LABELS } from "~/schemas/link-rules";
import { type FulfilmentFacts, fulfilmentState } from "~/utils/fulfilment";
import type { DbOrTx, Tx } from "../platform/db.server";
import { prefixPattern } from "../platform/sql.server";
import { drawCardNumber } from "./card-numbers.server";

/** The most One Link cards a list shows at once (an account's, or the admin's page of them). */
const LIST_LIMIT = 100;

export const ONE_LINK_PERMANENT =
  "This is a One Link card: its link is written on the card itself and cannot be changed.";

/** Whether a card number (as typed, any case) is a One Link card's. */
export async function isOneLinkCardNumber(db: DbOrTx, cardNumber: string) {
  const [card] = await db
    .select({ id: oneLinkCards.id })
    .from(oneLinkCards)
    .where(eq(oneLinkCards.cardNumber, cardNumber.trim().toUpperCase()));
  return Boolean(card);
}

type ItemForCards = { id: string; kind: string; quantity: number; details: unknown };

/**
 * Makes the One Link cards an item still lacks. Call inside the transaction that marks the order paid (it holds
 * the order's row lock); the unique (item, unit) pair keeps a replay from making a second card.
 */
export async function createItemOneLinkCards(tx: Tx, item: ItemForCards, ownerUserId: string | null) {
  if (item.kind !== "one-link") return [];
  const link = (item.details as { links: CardLink[] }).links[0];
  if (!link) return [];
  const have = new Set(
    (
      await tx
        .select({ unit: oneLinkCards.unit })
        .from(oneLinkCards)
        .where(eq(oneLinkCards.orderItemId, item.id))
    ).map((r) => r.unit),
  );
  const made: { id: string; cardNumber: string }[] = [];
  for (let unit = 1; unit <= item.quantity; unit++) {
    if (have.has(unit)) continue;
    const [row] = await tx
      .insert(oneLinkCards)
      .values({
        cardNumber: await drawCardNumber(tx),
        orderItemId: item.id,
        unit,
        ownerUserId,
        title: link.label || PLATFORM_LABELS[link.platform] || link.platform,
        url: linkHref(link),
      })
      .returning({ id: oneLinkCards.id, cardNumber: oneLinkCards.cardNumber });
    made.push(row!);
  }
  return made;
}

/** Puts an order's One Link cards that have no owner on this account (a guest's claim link). */
export async function claimOrderOneLinkCards(tx: DbOrTx, orderId: string, userId: string) {
  const items = tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId));
  return tx
    .update(oneLinkCards)
    .set({ ownerUserId: userId })
    .where(and(inArray(oneLinkCards.orderItemId, items), isNull(oneLinkCards.ownerUserId)))
    .returning({ cardNumber: oneLinkCards.cardNumber });
}

const columns = {
  id: oneLinkCards.id,
  cardNumber: oneLinkCards.cardNumber,
  title: oneLinkCards.title,
  url: oneLinkCards.url,
  writtenAt: oneLinkCards.writtenAt,
  createdAt: oneLinkCards.createdAt,
  ownerUserId: oneLinkCards.ownerUserId,
  orderId: orders.id,
  orderNumber: orders.orderNumber,
  orderStatus: orders.status,
  postedAt: orders.postedAt,
  deliveredAt: orders.deliveredAt,
};

function withState<T extends FulfilmentFacts>(row: T) {
  return { ...row, state: fulfilmentState(row) };
}

/** The account's One Link cards, newest first, each with its order and where the card is on its way. */
export async function listOwnedOneLinkCards(db: DbOrTx, userId: string) {
  const rows = await db
    .select(columns)
    .from(oneLinkCards)
    .innerJoin(orderItems, eq(orderItems.id, oneLinkCards.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(oneLinkCards.ownerUserId, userId))
    .orderBy(desc(oneLinkCards.createdAt), asc(oneLinkCards.cardNumber))
    .limit(LIST_LIMIT);
  return rows.map(withState);
}
export type OwnedOneLinkCard = Awaited<ReturnType<typeof listOwnedOneLinkCards>>[number];

/** The admin's list: newest first, or those whose card or order number starts with q. */
export async function listOneLinkCardsForAdmin(db: DbOrTx, q: string) {
  const query = q.trim().slice(0, 50).toLowerCase();
  const rows = await db
    .select(columns)
    .from(oneLinkCards)
    .innerJoin(orderItems, eq(orderItems.id, oneLinkCards.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      query
        ? or(
            ilike(oneLinkCards.cardNumber, prefixPattern(query)),
            ilike(orders.orderNumber, prefixPattern(query)),
          )
        : undefined,
    )
    .orderBy(desc(oneLinkCards.createdAt), desc(oneLinkCards.id))
    .limit(LIST_LIMIT);
  return rows.map(withState);
}
export type AdminOneLinkCard = Awaited<ReturnType<typeof listOneLinkCardsForAdmin>>[number];
