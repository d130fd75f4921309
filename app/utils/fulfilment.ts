// Where a physical card and its order are on their way to the customer (docs/product.md#fulfilment): paid, being
// prepared (the shop has written a card), posted (with tracking), delivered. Browser-safe: the order pages, My
// Cards and the admin's lists all word it from here.
import { orderStage } from "./order-status";

export interface FulfilmentFacts {
  orderStatus: string;
  writtenAt: Date | string | null;
  postedAt: Date | string | null;
  deliveredAt: Date | string | null;
}

export type CardState = "To write" | "Written" | "Posted" | "Delivered" | "Refunded" | "Cancelled";

/** One card's state: its order's stage (orderStage), and before posting its own write. */
export function fulfilmentState(f: FulfilmentFacts): CardState {
  const stage = orderStage({ ...f, status: f.orderStatus, cards: 1, preparingSince: f.writtenAt });
  if (stage === "Refunded" || stage === "Cancelled" || stage === "Posted" || stage === "Delivered")
    return stage;
  return f.writtenAt ? "Written" : "To write";
}

export interface ProgressStep {
  label: "Paid" | "Being prepared" | "Posted" | "Delivered";
  done: boolean;
  at: string | null;
}

export interface OrderFulfilment {
  status: string;
  paidAt: Date | string | null;
  /** When the shop wrote the order's first card, or null. */
  preparingSince: Date | string | null;
  postedAt: Date | string | null;
  deliveredAt: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The four steps of a paid order with cards to post; null for an order that is not (yet) on its way: unpaid,
 * cancelled, refunded, or one with nothing posted. A completed order posted before tracking is delivered.
 */
export function orderProgress(o: OrderFulfilment, hasCards: boolean): ProgressStep[] | null {
  if (!hasCards || !o.paidAt || (o.status !== "paid" && o.status !== "completed")) return null;
  const delivered = o.deliveredAt ?? (o.status === "completed" ? (o.postedAt ?? o.paidAt) : null);
  const posted = o.postedAt ?? delivered;
  const preparing = o.preparingSince ?? posted;
  return [
    { label: "Paid", done: true, at: iso(o.paidAt) },
    { label: "Being prepared", done: preparing !== null, at: iso(preparing) },
    { label: "Posted", done: posted !== null, at: iso(posted) },
    { label: "Delivered", done: delivered !== null, at: iso(delivered) },
  ];
}

/**
 * A card that holds up posting until it is written. A One Link card of an order paid before they were numbered
 * has no record to mark, so it cannot hold the order up; a Multi Link card without its page can (make the page).
 */
export const awaitsWriting = (card: { id: string | null; kind: string; writtenAt: Date | string | null }) =>
  !card.writtenAt && (card.id !== null || card.kind === "multi-link");
