// A company's cards posted to each member (docs/product.md#companies): one parcel per card, made with the order
// from the addresses the buyer was charged for, and posted one by one with its own carrier and tracking number.
// Posting one is fulfilment's (markParcelPosted).
import { asc, count, inArray } from "drizzle-orm";
import type { ItemKind } from "~/catalog";
import { orderParcels } from "~/db/schema";
import type { DbOrTx, Tx } from "../platform/db.server";
import { memberParcelsOf } from "./pricing.server";

/** The order's parcels, one per card of each line posted to members, as it is placed. */
export async function createMemberParcels(
  tx: Tx,
  orderId: string,
  items: { id: string; kind: ItemKind; quantity: number; details: unknown }[],
) {
  const rows = items.flatMap((item) =>
    memberParcelsOf([item]).flatMap(({ member, option, fee }, i) =>
      member.address
        ? [
            {
              orderId,
              orderItemId: item.id,
              unit: i + 1,
              userId: member.userId,
              address: member.address,
              deliveryOption: option,
              fee,
            },
          ]
        : [],
    ),
  );
  if (rows.length) await tx.insert(orderParcels).values(rows);
}

/** The parcels of these orders, in line and unit order. */
export async function parcelsOfOrders(db: DbOrTx, orderIds: string[]) {
  const byOrder = new Map<string, (typeof orderParcels.$inferSelect)[]>();
  if (!orderIds.length) return byOrder;
  const rows = await db
    .select()
    .from(orderParcels)
    .where(inArray(orderParcels.orderId, orderIds))
    .orderBy(asc(orderParcels.orderItemId), asc(orderParcels.unit));
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
