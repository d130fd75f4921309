// Over 300 lines: writing, posting and delivering a paid order share its lock and its cards.
// Fulfilment (docs/product.md#fulfilment): the physical cards of paid orders the shop still has to write and post,
// oldest payment first, with the exact address for each chip; marking a card written, an order posted (the
// dispatch e-mail with its tracking link goes out through the outbox in the same transaction) and delivered.
// The order keeps its statuses: it stays `paid` while prepared and posted (its history records each step) and
// becomes `completed` when delivered.
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { CARD_TYPES } from "~/catalog";
import {
  cardPages,
  oneLinkCards,
  orderItemCardPages,
  orderItems,
  orders,
  physicalCards,
  referralCommissions,
} from "~/db/schema";
import { type CarrierId, carrierLabel, trackingUrl } from "~/schemas/fulfilment";
import { awaitsWriting } from "~/utils/fulfilment";
import { isUuid } from "~/utils/ids";
import { chipUrl } from "../cards/chip-url.server";
import { markPhysicalCardWritten } from "../cards/physical-cards.server";
import type { DbOrTx, Tx } from "../platform/db.server";
import { enqueueEmail } from "../platform/email/outbox.server";
import { qrPath } from "../referrals/resell.server";
import { commissionsFollowing } from "../referrals/self-referral.server";
import { deliveredEmail, dispatchEmail } from "./order-emails.server";
import type { Actor } from "./orders.server";
import { changeStatus, recordOrderStep } from "./orders.server";

/** The most orders each list shows: the oldest first, so the next ones appear as these are posted. */
const LIST_LIMIT = 30;

export class FulfilmentError extends Error {
  override name = "FulfilmentError";
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

export interface CardToWrite {
  kind: "one-link" | "multi-link";
  /**
   * What 'Mark written' names: a Multi Link card's physical card (its own chip address; a replacement has only
   * that), else its card page (made before chip addresses), or the One Link card.
   */
  id: string | null;
  cardNumber: string | null;
  name: string;
  /** The exact address for the chip; null while a Multi Link card has no page yet. */
  url: string | null;
  qr: { size: number; path: string } | null;
  writtenAt: Date | null;
}

const hasCards = sql`exists (select 1 from order_items i where i.order_id = "orders"."id" and i.kind in ('one-link', 'multi-link'))`;

/** The cards of these orders, one per card bought, in the order's own order, each with what to write on it. */
async function cardsOfOrders(db: DbOrTx, orderIds: string[], publicUrl: string) {
  const byOrder = new Map<string, CardToWrite[]>();
  if (!orderIds.length) return byOrder;
  const items = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      kind: orderItems.kind,
      name: orderItems.name,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, orderIds), inArray(orderItems.kind, [...CARD_TYPES])))
    .orderBy(asc(orderItems.sortOrder));
  const itemIds = items.map((i) => i.id);
  const pages = itemIds.length
    ? await db
        .select({
          itemId: orderItemCardPages.orderItemId,
          unit: orderItemCardPages.unit,
          id: cardPages.id,
          cardNumber: cardPages.cardNumber,
          slug: cardPages.slug,
          writtenAt: orderItemCardPages.writtenAt,
        })
        .from(orderItemCardPages)
        .innerJoin(cardPages, eq(cardPages.id, orderItemCardPages.cardPageId))
        .where(inArray(orderItemCardPages.orderItemId, itemIds))
    : [];
  const oneLinks = itemIds.length
    ? await db
        .select({
          itemId: oneLinkCards.orderItemId,
          unit: oneLinkCards.unit,
          id: oneLinkCards.id,
          cardNumber: oneLinkCards.cardNumber,
          url: oneLinkCards.url,
          writtenAt: oneLinkCards.writtenAt,
        })
        .from(oneLinkCards)
        .where(inArray(oneLinkCards.orderItemId, itemIds))
    : [];
  // Each Multi Link card paid since chip addresses exist (a replacement included) has a physical card of its own.
  const chips = itemIds.length
    ? await db
        .select({
          itemId: physicalCards.orderItemId,
          id: physicalCards.id,
          token: physicalCards.token,
          state: physicalCards.state,
          writtenAt: physicalCards.writtenAt,
          cardNumber: cardPages.cardNumber,
        })
        .from(physicalCards)
        .innerJoin(cardPages, eq(cardPages.id, physicalCards.cardPageId))
        .where(inArray(physicalCards.orderItemId, itemIds))
        .orderBy(asc(physicalCards.createdAt), asc(physicalCards.id))
    : [];
  for (const item of items) {
    const cards = byOrder.get(item.orderId) ?? [];
    const itemChips = chips.filter((c) => c.itemId === item.id);
    for (let unit = 1; unit <= item.quantity; unit++) {
      const kind = item.kind as CardToWrite["kind"];
      const chip = kind === "multi-link" ? itemChips[unit - 1] : undefined;
      if (chip) {
        const url = chipUrl(publicUrl, { kind: "physical", token: chip.token });
        cards.push({
          kind,
          id: chip.id,
          cardNumber: chip.cardNumber,
          name: item.name,
          url,
          qr: qrPath(url),
          writtenAt: chip.state === "to_write" ? null : (chip.writtenAt ?? new Date(0)),
        });
        continue;
      }
      const made =
        kind === "multi-link"
          ? pages.find((p) => p.itemId === item.id && p.unit === unit)
          : oneLinks.find((c) => c.itemId === item.id && c.unit === unit);
      const url = !made
        ? null
        : "slug" in made
          ? chipUrl(publicUrl, { kind: "multi-link", slug: made.slug })
          : chipUrl(publicUrl, { kind: "one-link", url: made.url });
      cards.push({
        kind,
        id: made?.id ?? null,
        cardNumber: made?.cardNumber ?? null,
        name: item.name,
        url,
        qr: url ? qrPath(url) : null,
        writtenAt: made?.writtenAt ?? null,
      });
    }
    byOrder.set(item.orderId, cards);
  }
  return byOrder;
}

const orderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  customerName: orders.customerName,
  deliveryAddress: orders.deliveryAddress,
  deliveryOption: orders.deliveryOption,
  paidAt: orders.paidAt,
  postedAt: orders.postedAt,
  carrier: orders.carrier,
  trackingNumber: orders.trackingNumber,
};

/**
 * The admin's 'To write and post' list: paid orders with cards not yet posted, oldest payment first, each card
 * with its chip address; and the orders posted but not yet delivered.
 */
export async function loadFulfilment(db: DbOrTx, publicUrl: string) {
  const toPost = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.status, "paid"), isNull(orders.postedAt), hasCards))
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .limit(LIST_LIMIT);
  const posted = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.status, "paid"), isNotNull(orders.postedAt)))
    .orderBy(asc(orders.postedAt), asc(orders.id))
    .limit(LIST_LIMIT);
  const cards = await cardsOfOrders(
    db,
    toPost.map((o) => o.id),
    publicUrl,
  );
  return {
    toPost: toPost.map((o) => ({ ...o, cards: cards.get(o.id) ?? [] })),
    posted: posted.map((o) => ({ ...o, trackingUrl: trackingUrl(o.carrier, o.trackingNumber) })),
  };
}
export type FulfilmentData = Awaited<ReturnType<typeof loadFulfilment>>;

/** Locks the order for a fulfilment step; it must be paid and not yet posted unless said otherwise. */
async function lockPaidOrder(tx: Tx, orderId: string) {
  if (!isUuid(orderId)) throw new FulfilmentError("Order not found", 404);
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new FulfilmentError("Order not found", 404);
  if (order.status !== "paid")
    throw new FulfilmentError(`Order ${order.orderNumber} is not a paid order waiting to be posted`, 409);
  return order;
}

/**
 * Records that a card's chip was written (by Web NFC, read back, or by hand). The first card of an order starts
 * its 'being prepared' step; each card is a line in the order's history. A second mark changes nothing.
 */
export async function markCardWritten(
  db: DbOrTx,
  card: { kind: string; id: string },
  actor: Actor,
): Promise<{ changed: boolean; cardNumber: string; orderNumber: string }> {
  if (!isUuid(card.id) || (card.kind !== "one-link" && card.kind !== "multi-link"))
    throw new FulfilmentError("Card not found", 404);
  if (card.kind === "multi-link") {
    const chip = await markChipWritten(db, card.id, actor);
    if (chip) return chip;
  }
  return db.transaction(async (tx) => {
    const [found] =
      card.kind === "multi-link"
        ? await tx
            .select({
              orderId: orderItems.orderId,
              cardNumber: cardPages.cardNumber,
              writtenAt: orderItemCardPages.writtenAt,
            })
            .from(orderItemCardPages)
            .innerJoin(cardPages, eq(cardPages.id, orderItemCardPages.cardPageId))
            .innerJoin(orderItems, eq(orderItems.id, orderItemCardPages.orderItemId))
            .where(eq(orderItemCardPages.cardPageId, card.id))
        : await tx
            .select({
              orderId: orderItems.orderId,
              cardNumber: oneLinkCards.cardNumber,
              writtenAt: oneLinkCards.writtenAt,
            })
            .from(oneLinkCards)
            .innerJoin(orderItems, eq(orderItems.id, oneLinkCards.orderItemId))
            .where(eq(oneLinkCards.id, card.id));
    if (!found) throw new FulfilmentError("Card not found", 404);
    const order = await lockPaidOrder(tx, found.orderId);
    if (order.postedAt) throw new FulfilmentError(`Order ${order.orderNumber} has been posted`, 409);
    const changed =
      card.kind === "multi-link"
        ? await tx
            .update(orderItemCardPages)
            .set({ writtenAt: new Date() })
            .where(and(eq(orderItemCardPages.cardPageId, card.id), isNull(orderItemCardPages.writtenAt)))
            .returning({ id: orderItemCardPages.cardPageId })
        : await tx
            .update(oneLinkCards)
            .set({ writtenAt: new Date() })
            .where(and(eq(oneLinkCards.id, card.id), isNull(oneLinkCards.writtenAt)))
            .returning({ id: oneLinkCards.id });
    if (changed.length)
      await recordOrderStep(tx, order, actor, `Being prepared: card ${found.cardNumber} written`);
    return { changed: changed.length > 0, cardNumber: found.cardNumber, orderNumber: order.orderNumber };
  });
}

/**
 * A Multi Link card with its own chip address: the order's history records the step, and the physical card goes
 * live (turning off the card it replaces) once that has committed, so the other app processes hear of the change
 * only when it is there to read. Null when the id names no physical card of an order (a card page made before).
 */
async function markChipWritten(db: DbOrTx, physicalCardId: string, actor: Actor) {
  const step = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ orderId: orderItems.orderId, state: physicalCards.state, cardNumber: cardPages.cardNumber })
      .from(physicalCards)
      .innerJoin(orderItems, eq(orderItems.id, physicalCards.orderItemId))
      .innerJoin(cardPages, eq(cardPages.id, physicalCards.cardPageId))
      .where(eq(physicalCards.id, physicalCardId));
    if (!found) return null;
    const order = await lockPaidOrder(tx, found.orderId);
    if (order.postedAt) throw new FulfilmentError(`Order ${order.orderNumber} has been posted`, 409);
    const changed = found.state === "to_write";
    if (changed) await recordOrderStep(tx, order, actor, `Being prepared: card ${found.cardNumber} written`);
    return { changed, cardNumber: found.cardNumber, orderNumber: order.orderNumber };
  });
  if (step?.changed) await markPhysicalCardWritten(db, physicalCardId, actor);
  return step;
}

/**
 * Posts an order: every card must be written first. The carrier and tracking number are stored, the history
 * records the step, and the dispatch e-mail with the tracking link is queued in the same transaction.
 */
export async function markOrderPosted(
  db: DbOrTx,
  input: { orderId: string; carrier: CarrierId; trackingNumber: string },
  actor: Actor,
  opts: { shop: string },
) {
  return db.transaction(async (tx) => {
    const order = await lockPaidOrder(tx, input.orderId);
    if (order.postedAt) return { changed: false, orderNumber: order.orderNumber };
    const cards = (await cardsOfOrders(tx, [order.id], "")).get(order.id) ?? [];
    if (!cards.length) throw new FulfilmentError(`Order ${order.orderNumber} has no card to post`, 409);
    const unwritten = cards.filter(awaitsWriting).length;
    if (unwritten)
      throw new FulfilmentError(
        `Write every card of order ${order.orderNumber} first: ${unwritten} of ${cards.length} not written yet`,
        409,
      );
    await tx
      .update(orders)
      .set({ postedAt: new Date(), carrier: input.carrier, trackingNumber: input.trackingNumber })
      .where(eq(orders.id, order.id));
    const carrier = carrierLabel(input.carrier);
    await recordOrderStep(tx, order, actor, `Posted: ${carrier}, tracking ${input.trackingNumber}`);
    await enqueueEmail(tx, dispatchEmail({ ...order, ...input, cards: cards.length }, opts));
    return { changed: true, orderNumber: order.orderNumber };
  });
}

/** Completes a posted order as delivered; the referral commission follows as with 'Mark completed'. */
export async function markOrderDelivered(
  db: DbOrTx,
  orderId: string,
  actor: Actor,
  opts: { shop: string; notify: boolean },
) {
  return db.transaction(async (tx) => {
    const order = await lockPaidOrder(tx, orderId);
    if (!order.postedAt) throw new FulfilmentError(`Order ${order.orderNumber} has not been posted yet`, 409);
    await tx.update(orders).set({ deliveredAt: new Date() }).where(eq(orders.id, order.id));
    await changeStatus(tx, order.id, "paid", "completed", actor, "Delivered");
    await tx
      .update(referralCommissions)
      .set({ status: "completed", updatedAt: new Date() })
      .where(commissionsFollowing(order.id, false));
    if (opts.notify) await enqueueEmail(tx, deliveredEmail(order, opts));
    return { orderNumber: order.orderNumber };
  });
}
