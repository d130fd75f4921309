// A customer's own orders (Settings, Billing tab) and their receipts. An order is the customer's when it was
// placed signed in to their account, or placed as a guest with the account's verified e-mail address; an
// order placed signed in to another account stays that account's, whatever e-mail it was sent to.
import { and, desc, eq } from "drizzle-orm";
import { orders } from "~/db/schema";
import { isUuid } from "~/utils/ids";
import { ordersOwnedBy } from "../accounts/owned-orders.server";
import type { DbOrTx } from "../platform/db.server";
import { getOrder } from "./orders.server";

/** Orders per page of the history. */
const ORDERS_PAGE_SIZE = 20;

interface OrderSummaryRow {
  id: string;
  orderNumber: string;
  createdAt: Date;
  total: number;
  status: (typeof orders.$inferSelect)["status"];
  paymentMethod: (typeof orders.$inferSelect)["paymentMethod"];
  deliveryOption: (typeof orders.$inferSelect)["deliveryOption"];
  paidAt: Date | null;
  postedAt: Date | null;
  deliveredAt: Date | null;
  carrier: (typeof orders.$inferSelect)["carrier"];
  trackingNumber: string | null;
}

/** One page (from 1) of the account's orders, newest first, and whether another page follows. */
export async function listCustomerOrders(db: DbOrTx, userId: string, page = 1) {
  const where = await ordersOwnedBy(db, userId);
  if (!where) return { orders: [] as OrderSummaryRow[], hasNext: false };
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      total: orders.total,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      deliveryOption: orders.deliveryOption,
      paidAt: orders.paidAt,
      postedAt: orders.postedAt,
      deliveredAt: orders.deliveredAt,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE + 1)
    .offset((page - 1) * ORDERS_PAGE_SIZE);
  return { orders: rows.slice(0, ORDERS_PAGE_SIZE), hasNext: rows.length > ORDERS_PAGE_SIZE };
}

/** The order with its items when it is this account's, else null (the caller answers 404 either way). */
export async function getCustomerOrder(db: DbOrTx, userId: string, orderId: string) {
  if (!isUuid(orderId)) return null;
  const where = await ordersOwnedBy(db, userId);
  if (!where) return null;
  const [owned] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), where));
  return owned ? getOrder(db, owned.id) : null;
}
