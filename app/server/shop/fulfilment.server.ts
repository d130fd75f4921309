// Fulfilment's steps (docs/product.md#fulfilment): marking a card written, an order posted (the dispatch e-mail
// with its tracking link goes out through the outbox in the same transaction) and delivered, each with the
// order locked. The order keeps its statuses: it stays `paid` while prepared and posted (its history records
// each step) and becomes `completed` when delivered.
import { and, eq, isNull } from "drizzle-orm";
import {
  cardPages,
  oneLinkCards,
  orderItemCardPages,
  orderItems,
  orderParcels,
  orders,
  physicalCards,
  referralCommissions,
} from "~/db/schema";
import { type CarrierId, carrierLabel } from "~/schemas/fulfilment";
import type { CardDetails } from "~/schemas/item-details";
import { awaitsWriting } from "~/utils/fulfilment";
import { isUuid } from "~/utils/ids";
import { markPhysicalCardWritten } from "../cards/physical-cards.server";
import type { DbOrTx, Tx } from "../platform/db.server";
import { enqueueEmail } from "../platform/email/outbox.server";
import { commissionsFollowing } from "../referrals/self-referral.server";
import { cardsOfOrders } from "./fulfilment-queue.server";
import { parcelsOfOrders } from "./member-parcels.server";
import { deliveredEmail, dispatchEmail, lastParcelEmail, parcelEmail } from "./order-emails.server";
import type { Actor } from "./orders.server";
import { changeStatus, recordOrderStep } from "./orders.server";

export class FulfilmentError extends Error {
  override name = "FulfilmentError";
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

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
    if ((await parcelsOfOrders(tx, [order.id])).size)
      throw new FulfilmentError(
        `Order ${order.orderNumber} goes to each member: post each parcel on its own`,
        409,
      );
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

/**
 * Posts one parcel: its card must be written, its order paid and not yet posted. The member is e-mailed the
 * tracking link in the same transaction; the last parcel posts the order, and its buyer is told.
 */
export async function markParcelPosted(
  db: DbOrTx,
  input: { parcelId: string; carrier: CarrierId; trackingNumber: string },
  actor: Actor,
  opts: { shop: string },
) {
  if (!isUuid(input.parcelId)) throw new FulfilmentError("Parcel not found", 404);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ orderId: orderParcels.orderId })
      .from(orderParcels)
      .where(eq(orderParcels.id, input.parcelId));
    if (!found) throw new FulfilmentError("Parcel not found", 404);
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for("update");
    if (!order) throw new FulfilmentError("Parcel not found", 404);
    if (order.status !== "paid" || order.postedAt)
      throw new FulfilmentError(`Order ${order.orderNumber} is not a paid order waiting to be posted`, 409);
    const parcels = (await parcelsOfOrders(tx, [order.id])).get(order.id) ?? [];
    const parcel = parcels.find((p) => p.id === input.parcelId)!;
    if (parcel.postedAt) return { changed: false, orderNumber: order.orderNumber, orderPosted: false };
    const cards = (await cardsOfOrders(tx, [order.id], "")).get(order.id) ?? [];
    const card = cards.find(
      (c) => parcel.userId !== null && c.itemId === parcel.orderItemId && c.holderUserId === parcel.userId,
    );
    if (!card || awaitsWriting(card))
      throw new FulfilmentError(`Write the card for ${parcel.address.fullName} first`, 409);
    await tx
      .update(orderParcels)
      .set({ postedAt: new Date(), carrier: input.carrier, trackingNumber: input.trackingNumber })
      .where(eq(orderParcels.id, parcel.id));
    const carrier = carrierLabel(input.carrier);
    await recordOrderStep(
      tx,
      order,
      actor,
      `Posted card ${card.cardNumber} to ${parcel.address.fullName}: ${carrier}, tracking ${input.trackingNumber}`,
    );
    await enqueueEmail(
      tx,
      parcelEmail({ ...parcel, ...input, company: await companyOf(tx, order.id) }, opts),
    );
    const waiting = await tx
      .select({ id: orderParcels.id })
      .from(orderParcels)
      .where(and(eq(orderParcels.orderId, order.id), isNull(orderParcels.postedAt)))
      .limit(1);
    if (waiting.length) return { changed: true, orderNumber: order.orderNumber, orderPosted: false };
    await tx.update(orders).set({ postedAt: new Date() }).where(eq(orders.id, order.id));
    await recordOrderStep(tx, order, actor, `Posted: every parcel (${parcels.length})`);
    await enqueueEmail(tx, lastParcelEmail({ ...order, parcels: parcels.length }, opts));
    return { changed: true, orderNumber: order.orderNumber, orderPosted: true };
  });
}

/** The company a team order was for, by the name its line was bought under. */
async function companyOf(tx: Tx, orderId: string) {
  const rows = await tx
    .select({ details: orderItems.details })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return rows.map((r) => (r.details as CardDetails).forMembers?.company).find(Boolean) ?? "your company";
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
