// What an order's status means: the words a customer reads about where it is (the success page, the receipt, the
// order progress, Billing and My Cards all take them from orderStatus) and what the admin may do.

/** Where an order is: its payment, then, for an order with cards to post, their way to the customer. */
export type OrderStage =
  | "Awaiting payment"
  | "Cancelled"
  | "Refunded"
  | "Paid"
  | "Being prepared"
  | "Posted"
  | "Delivered"
  | "Completed";

export interface OrderFacts {
  status: string;
  paymentMethod: string;
  /** Cards the order posts (One Link and Multi Link, replacements too); 0 for updates and lists only. */
  cards: number;
  /** The delivery option's name and promise; null for an order placed before there were options. */
  deliveryName: string | null;
  paidAt: Date | string | null;
  /** When the shop wrote the order's first card. */
  preparingSince: Date | string | null;
  postedAt: Date | string | null;
  deliveredAt: Date | string | null;
  /** The carrier's name, or null when it has none worth naming ('Other'). */
  carrier: string | null;
  /** A company's cards posted to each member: its parcels, and how many are posted. */
  parcels?: { count: number; posted: number } | null;
  /** A company's cards for its members ('Order cards for members'): each carries its member's company page. */
  forMembers?: boolean;
}

export interface OrderStatusWords {
  stage: OrderStage;
  /** Follows 'Order WC123456 ' on the success page. */
  headline: string;
  /** What happens (or happened) to the cards; null when there are none, or nothing more happens. */
  cards: string | null;
}

/** The stage alone; an order completed before its posting was recorded counts as delivered. */
export function orderStage(
  o: Pick<OrderFacts, "status" | "cards" | "preparingSince" | "postedAt" | "deliveredAt">,
): OrderStage {
  switch (o.status) {
    case "awaiting_payment":
      return "Awaiting payment";
    case "cancelled":
      return "Cancelled";
    case "refunded":
      return "Refunded";
  }
  const completed = o.status === "completed";
  if (!o.cards) return completed ? "Completed" : "Paid";
  if (o.deliveredAt || completed) return "Delivered";
  if (o.postedAt) return "Posted";
  return o.preparingSince ? "Being prepared" : "Paid";
}

/** The shop's own day, so the server and the browser print the same date. */
const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Europe/London",
});
const on = (at: Date | string | null) => (at ? ` on ${dayFormat.format(new Date(at))}` : "");

/** Every sentence about where an order is, from its state and its fulfilment. */
export function orderStatus(o: OrderFacts): OrderStatusWords {
  const stage = orderStage(o);
  const one = o.cards === 1;
  const card = one ? "card" : "cards";
  const it = one ? "it" : "them";
  const parcels = o.parcels?.count ? o.parcels : null;
  const by = parcels
    ? ", each to its member's address"
    : o.deliveryName
      ? ` by ${o.deliveryName}`
      : " to you";
  const whose = o.forMembers
    ? one
      ? "the member's company page"
      : "each member's company page"
    : "your links";
  const toWrite = `We write ${whose} to ${o.forMembers ? "their" : "your"} ${card} and post ${it}${by}.`;
  const posted = parcels
    ? `Your ${card} ${one ? "was" : "were"} posted${on(o.postedAt)}, each to its member's address; each member was e-mailed the tracking link.`
    : `Your ${card} ${one ? "was" : "were"} posted${on(o.postedAt)}${o.carrier ? ` with ${o.carrier}` : ""}.`;
  const sofar = parcels?.posted
    ? ` So far ${parcels.posted} of ${parcels.count} ${parcels.count === 1 ? "parcel is" : "parcels are"} posted.`
    : "";
  const words: Record<OrderStage, [string, string | null]> = {
    "Awaiting payment": ["is awaiting payment.", toWrite],
    Cancelled: ["was cancelled.", null],
    Refunded: ["was refunded.", null],
    Paid: ["is confirmed.", toWrite],
    "Being prepared": [
      "is confirmed and being prepared.",
      `We are writing ${whose} to ${o.forMembers ? "their" : "your"} ${card}, then we post ${it}${by}.${sofar}`,
    ],
    Posted: [`was posted${on(o.postedAt)}.`, posted],
    Delivered: [
      `was delivered${on(o.deliveredAt)}.`,
      `Your ${card} ${one ? "was" : "were"} delivered${on(o.deliveredAt)}.`,
    ],
    Completed: ["is complete.", null],
  };
  const [headline, cards] = words[stage];
  return { stage, headline, cards: o.cards ? cards : null };
}

/** What the admin can do with an order: record its payment, or move it to one of the three badges. */
export type AdminOrderAction = "mark-paid" | "pending" | "completed" | "refunded";

/**
 * The admin's actions an order in this status can take (docs/product.md#order-lifecycle): the buttons offered
 * and the only changes the server accepts. A refund is final: the money has gone back.
 */
export function adminOrderActions(status: string): AdminOrderAction[] {
  switch (status) {
    case "awaiting_payment":
      return ["mark-paid"];
    case "paid":
      return ["completed", "refunded"];
    case "completed":
      return ["pending", "refunded"];
    default:
      return [];
  }
}
