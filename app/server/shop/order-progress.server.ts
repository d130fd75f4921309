// What the customer reads about an order's way to them (docs/product.md#fulfilment): on the success page, the
// receipt and Billing's order history. Derived from the order's posting and delivery and its cards' written times.
import { and, eq, inArray, min } from "drizzle-orm";
import { CARD_TYPES } from "~/catalog";
import { oneLinkCards, orderItemCardPages, orderItems, type orders, physicalCards } from "~/db/schema";
import { carrierLabel, trackingUrl } from "~/schemas/fulfilment";
import { orderProgress, type ProgressStep } from "~/utils/fulfilment";
import type { DbOrTx } from "../platform/db.server";

/** Whether each order has cards, and when its first card was written. */
async function fulfilmentOfOrders(db: DbOrTx, orderIds: string[]) {
  const facts = new Map<string, { hasCards: boolean; preparingSince: Date | null }>();
  if (!orderIds.length) return facts;
  const items = await db
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, orderIds), inArray(orderItems.kind, [...CARD_TYPES])));
  for (const i of items) facts.set(i.orderId, { hasCards: true, preparingSince: null });
  const written = [
    ...(await db
      .select({ orderId: orderItems.orderId, at: min(orderItemCardPages.writtenAt) })
      .from(orderItemCardPages)
      .innerJoin(orderItems, eq(orderItems.id, orderItemCardPages.orderItemId))
      .where(inArray(orderItems.orderId, orderIds))
      .groupBy(orderItems.orderId)),
    ...(await db
      .select({ orderId: orderItems.orderId, at: min(oneLinkCards.writtenAt) })
      .from(oneLinkCards)
      .innerJoin(orderItems, eq(orderItems.id, oneLinkCards.orderItemId))
      .where(inArray(orderItems.orderId, orderIds))
      .groupBy(orderItems.orderId)),
    ...(await db
      .select({ orderId: orderItems.orderId, at: min(physicalCards.writtenAt) })
      .from(physicalCards)
      .innerJoin(orderItems, eq(orderItems.id, physicalCards.orderItemId))
      .where(inArray(orderItems.orderId, orderIds))
      .groupBy(orderItems.orderId)),
  ];
  for (const w of written) {
    const f = facts.get(w.orderId);
    if (!f || !w.at) continue;
    const at = new Date(w.at);
    if (!f.preparingSince || at < f.preparingSince) f.preparingSince = at;
  }
  return facts;
}

type OrderForProgress = Pick<
  typeof orders.$inferSelect,
  "id" | "status" | "paidAt" | "postedAt" | "deliveredAt" | "carrier" | "trackingNumber"
>;

/**
 * What the customer reads about each order's way to them (Billing, the receipt, the success page): the steps,
 * and the carrier and tracking link once posted. Orders with no card to post, or not paid, have none.
 */
export async function progressOfOrders(db: DbOrTx, list: OrderForProgress[]) {
  const facts = await fulfilmentOfOrders(
    db,
    list.map((o) => o.id),
  );
  const progress = new Map<string, OrderProgressView>();
  for (const o of list) {
    const f = facts.get(o.id);
    const steps = orderProgress({ ...o, preparingSince: f?.preparingSince ?? null }, Boolean(f?.hasCards));
    if (!steps) continue;
    progress.set(o.id, {
      steps,
      current: [...steps].reverse().find((s) => s.done)!.label,
      carrier: o.postedAt ? carrierLabel(o.carrier) : null,
      trackingNumber: o.postedAt ? o.trackingNumber : null,
      trackingUrl: o.postedAt ? trackingUrl(o.carrier, o.trackingNumber) : null,
    });
  }
  return progress;
}

export interface OrderProgressView {
  steps: ProgressStep[];
  current: ProgressStep["label"];
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

export async function progressOfOrder(db: DbOrTx, order: OrderForProgress) {
  return (await progressOfOrders(db, [order])).get(order.id) ?? null;
}
