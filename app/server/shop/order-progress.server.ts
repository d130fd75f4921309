// What the customer reads about where an order is (docs/product.md#fulfilment): on the success page, the receipt
// and Billing's order history. Derived from the order's status, posting and delivery and its cards' written times,
// through orderStatus, so no page words it on its own.
import { and, eq, inArray, min, sql, sum } from "drizzle-orm";
import { CARD_TYPES } from "~/catalog";
import { oneLinkCards, orderItemCardPages, orderItems, type orders, physicalCards } from "~/db/schema";
import { deliveryLabel } from "~/delivery-options";
import { carrierLabel, trackingUrl } from "~/schemas/fulfilment";
import { orderProgress, type ProgressStep } from "~/utils/fulfilment";
import { type OrderStatusWords, orderStatus } from "~/utils/order-status";
import type { DbOrTx } from "../platform/db.server";
import { CLAIM_LINK_DAYS, claimLinkWaiting } from "./card-claims.server";
import { parcelCounts } from "./member-parcels.server";
import { pagesOfItems } from "./order-card-pages.server";

/** How many cards each order posts, and when its first card was written. */
async function fulfilmentOfOrders(db: DbOrTx, orderIds: string[]) {
  const facts = new Map<string, { cards: number; preparingSince: Date | null; forMembers: boolean }>();
  if (!orderIds.length) return facts;
  const items = await db
    .select({
      orderId: orderItems.orderId,
      cards: sum(orderItems.quantity).mapWith(Number),
      forMembers: sql<boolean>`bool_or((${orderItems.details} -> 'forMembers') is not null)`,
    })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, orderIds), inArray(orderItems.kind, [...CARD_TYPES])))
    .groupBy(orderItems.orderId);
  for (const i of items)
    facts.set(i.orderId, { cards: i.cards, preparingSince: null, forMembers: Boolean(i.forMembers) });
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
  | "id"
  | "status"
  | "paymentMethod"
  | "deliveryOption"
  | "paidAt"
  | "postedAt"
  | "deliveredAt"
  | "carrier"
  | "trackingNumber"
>;

/**
 * What the customer reads about each order (Billing, the receipt, the success page): its status words, and for a
 * paid order with cards the steps of its way, with the carrier and tracking link once posted.
 */
export async function progressOfOrders(db: DbOrTx, list: OrderForProgress[]) {
  const facts = await fulfilmentOfOrders(
    db,
    list.map((o) => o.id),
  );
  const parcels = await parcelCounts(
    db,
    list.map((o) => o.id),
  );
  const progress = new Map<string, OrderProgressView>();
  for (const o of list) {
    const f = {
      ...o,
      cards: facts.get(o.id)?.cards ?? 0,
      preparingSince: facts.get(o.id)?.preparingSince ?? null,
    };
    const posted = Boolean(o.postedAt);
    progress.set(o.id, {
      status: orderStatus({
        ...f,
        deliveryName: o.deliveryOption ? deliveryLabel(o.deliveryOption) : null,
        carrier: posted && o.carrier !== "other" ? carrierLabel(o.carrier) : null,
        parcels: parcels.get(o.id) ?? null,
        forMembers: facts.get(o.id)?.forMembers ?? false,
      }),
      steps: orderProgress(f, f.cards > 0),
      carrier: posted ? carrierLabel(o.carrier) : null,
      trackingNumber: posted ? o.trackingNumber : null,
      trackingUrl: posted ? trackingUrl(o.carrier, o.trackingNumber) : null,
      memberParcels: parcels.get(o.id)?.count ?? 0,
    });
  }
  return progress;
}

export interface OrderProgressView {
  status: OrderStatusWords;
  /** Null for an order not on its way: unpaid, cancelled, refunded, or with nothing to post. */
  steps: ProgressStep[] | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** Parcels posted to members' own addresses (a company's order): then the order's address is the invoice's. */
  memberParcels: number;
}

export async function progressOfOrder(db: DbOrTx, order: OrderForProgress) {
  return (await progressOfOrders(db, [order])).get(order.id)!;
}

/**
 * The success page's 'What happens next?' beyond the status: the addresses of the card pages the payment made,
 * and, for a guest's pages, how long the e-mail's link to add them to an account works (null when none waits).
 */
export async function pagesOfOrder(
  db: DbOrTx,
  order: { id: string; items: { id: string }[] },
  publicUrl: string,
) {
  const byItem = await pagesOfItems(
    db,
    order.items.map((i) => i.id),
  );
  const base = publicUrl.replace(/\/+$/, "");
  return {
    urls: [...byItem.values()].flat().map((p) => `${base}/${p.slug}`),
    claimDays: (await claimLinkWaiting(db, order.id)) ? CLAIM_LINK_DAYS : null,
  };
}
