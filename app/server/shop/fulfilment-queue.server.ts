// What fulfilment has waiting (docs/product.md#fulfilment): the physical cards of paid orders the shop still has
// to write and post, oldest payment first, each with the exact address for its chip; and the orders posted but
// not yet delivered.
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { CARD_TYPES } from "~/catalog";
import { cardPages, oneLinkCards, orderItemCardPages, orderItems, orders, physicalCards } from "~/db/schema";
import { trackingUrl } from "~/schemas/fulfilment";
import { chipUrl } from "../cards/chip-url.server";
import type { DbOrTx } from "../platform/db.server";
import { qrPath } from "../referrals/resell.server";
import { parcelsOfOrders } from "./member-parcels.server";

/** The most orders each list shows: the oldest first, so the next ones appear as these are posted. */
const LIST_LIMIT = 30;

export interface CardToWrite {
  kind: "one-link" | "multi-link";
  /** The order line it was bought in. */
  itemId: string;
  /** Whose card page it is: a company's parcel to a member goes with the card made for them. */
  holderUserId: string | null;
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
export async function cardsOfOrders(db: DbOrTx, orderIds: string[], publicUrl: string) {
  const byOrder = new Map<string, CardToWrite[]>();
  if (!orderIds.length) return byOrder;
  const items = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      kind: orderItems.kind,
      name: orderItems.name,
      quantity: orderItems.quantity,
      forMembers: sql<boolean>`(${orderItems.details}->'forMembers') is not null`,
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
          holderUserId: cardPages.ownerUserId,
        })
        .from(physicalCards)
        .innerJoin(cardPages, eq(cardPages.id, physicalCards.cardPageId))
        .where(inArray(physicalCards.orderItemId, itemIds))
        .orderBy(asc(physicalCards.createdAt), asc(physicalCards.id))
    : [];
  for (const item of items) {
    const cards = byOrder.get(item.orderId) ?? [];
    const itemChips = chips.filter((c) => c.itemId === item.id);
    // A company's line has the cards its payment made, one per member still in the company then: a member who
    // had left leaves no card to write.
    const units = item.forMembers ? itemChips.length : item.quantity;
    for (let unit = 1; unit <= units; unit++) {
      const kind = item.kind as CardToWrite["kind"];
      const chip = kind === "multi-link" ? itemChips[unit - 1] : undefined;
      if (chip) {
        const url = chipUrl(publicUrl, { kind: "physical", token: chip.token });
        cards.push({
          kind,
          itemId: item.id,
          holderUserId: chip.holderUserId,
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
        itemId: item.id,
        holderUserId: null,
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
  const parcels = await parcelsOfOrders(
    db,
    [...toPost, ...posted].map((o) => o.id),
  );
  const parcelsOf = (orderId: string) =>
    (parcels.get(orderId) ?? []).map((p) => ({
      id: p.id,
      itemId: p.orderItemId,
      userId: p.userId,
      address: p.address,
      postedAt: p.postedAt,
      carrier: p.carrier,
      trackingNumber: p.trackingNumber,
      trackingUrl: trackingUrl(p.carrier, p.trackingNumber),
    }));
  return {
    toPost: toPost.map((o) => ({ ...o, cards: cards.get(o.id) ?? [], parcels: parcelsOf(o.id) })),
    posted: posted.map((o) => ({
      ...o,
      trackingUrl: trackingUrl(o.carrier, o.trackingNumber),
      parcels: parcelsOf(o.id),
    })),
  };
}
export type FulfilmentData = Awaited<ReturnType<typeof loadFulfilment>>;
