// A company's cards posted to each member (docs/product.md#companies): one parcel per member, made with the order
// from the addresses the members gave (read then, never kept in the cart or the order's lines, which the buyer
// reads), and posted one by one with its own carrier and tracking number. Posting one is fulfilment's
// (markParcelPosted).
import { and, asc, count, eq, inArray, isNull, notInArray, or } from "drizzle-orm";
import type { ItemKind } from "~/catalog";
import { orderParcels } from "~/db/schema";
import type { Delivery } from "~/schemas/checkout";
import { addressesOf } from "../companies/member-addresses.server";
import type { DbOrTx, Tx } from "../platform/db.server";
import { memberParcelsOf, parcelOptionFor } from "./pricing.server";

type Line = { kind: ItemKind; quantity: number; details: unknown };

/**
 * Each parcel the cart's lines post to members, with the address its member gave now. `changed` names the members
 * whose address is gone, or is now in a country priced differently from what the cart was charged with.
 */
export async function parcelAddresses(tx: DbOrTx, organizationId: string | null, items: Line[]) {
  const parcels = memberParcelsOf(items);
  if (!parcels.length || !organizationId) return { parcels: [], changed: [] };
  const addresses = await addressesOf(
    tx,
    organizationId,
    parcels.map((p) => p.member.userId),
  );
  const changed: string[] = [];
  const found: ((typeof parcels)[number] & { address: Delivery })[] = [];
  for (const p of parcels) {
    const address = addresses.get(p.member.userId);
    if (!address || parcelOptionFor(address) !== p.option) changed.push(p.member.name);
    else found.push({ ...p, address });
  }
  return { parcels: found, changed };
}

/** The order's parcels, each on the order line it was placed with (the lines in the cart's order). */
export async function createMemberParcels(
  tx: Tx,
  orderId: string,
  placed: { id: string }[],
  lines: Line[],
  parcels: Awaited<ReturnType<typeof parcelAddresses>>["parcels"],
) {
  const rows = parcels.map((p) => ({
    orderId,
    orderItemId: placed[lines.indexOf(p.item as Line)]!.id,
    userId: p.member.userId,
    address: p.address,
    deliveryOption: p.option,
    fee: p.fee,
  }));
  if (rows.length) await tx.insert(orderParcels).values(rows);
}

/** A member who left before the payment gets no card, so nothing is posted to them: their parcel goes. */
export async function dropParcelsWithoutCard(tx: DbOrTx, orderItemId: string, carded: string[]) {
  await tx.delete(orderParcels).where(
    and(
      eq(orderParcels.orderItemId, orderItemId),
      // A member whose account was deleted since has no card either.
      carded.length ? or(isNull(orderParcels.userId), notInArray(orderParcels.userId, carded)) : undefined,
    ),
  );
}

/** The parcels of these orders. */
export async function parcelsOfOrders(db: DbOrTx, orderIds: string[]) {
  const byOrder = new Map<string, (typeof orderParcels.$inferSelect)[]>();
  if (!orderIds.length) return byOrder;
  const rows = await db
    .select()
    .from(orderParcels)
    .where(inArray(orderParcels.orderId, orderIds))
    .orderBy(asc(orderParcels.orderItemId), asc(orderParcels.id));
  for (const r of rows) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r]);
  return byOrder;
}

/** How many parcels each of these orders has, and how many are posted; an order without any is not in the map. */
export async function parcelCounts(db: DbOrTx, orderIds: string[]) {
  const counts = new Map<string, { count: number; posted: number }>();
  if (!orderIds.length) return counts;
  const rows = await db
    .select({
      orderId: orderParcels.orderId,
      count: count().mapWith(Number),
      posted: count(orderParcels.postedAt).mapWith(Number),
    })
    .from(orderParcels)
    .where(inArray(orderParcels.orderId, orderIds))
    .groupBy(orderParcels.orderId);
  for (const r of rows) counts.set(r.orderId, { count: r.count, posted: r.posted });
  return counts;
}
