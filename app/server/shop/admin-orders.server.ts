// What the admin reads about orders: the searchable list, one order with its history, and the earnings.
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { fillSeries, monthRange, utcDay } from "~/components/charts/series";
import { orderItems, orderStatusHistory, orders, updateRequests } from "~/db/schema";
import type { DbOrTx } from "../platform/db.server";
import { ilikeAny } from "../platform/sql.server";
import { pagesOfItems } from "./order-card-pages.server";
import { getOrder, type OrderStatus } from "./orders.server";

const ORDERS_PAGE_SIZE = 20;

/** True for an order whose payment arrived after it had been cancelled (see the paid pipeline). */
const paidAfterCancellation = sql<boolean>`exists (select 1 from order_status_history h where h.order_id = "orders"."id" and h.from_status = 'cancelled' and h.to_status = 'paid')`;

export async function listOrders(db: DbOrTx, opts: { q?: string; status?: string; page?: number }) {
  const filters: SQL[] = [];
  // The search box takes an order number, an e-mail or a name: nothing longer is worth a pattern.
  const q = opts.q?.trim().slice(0, 100);
  if (q) {
    filters.push(ilikeAny([orders.orderNumber, orders.customerEmail, orders.customerName], q));
  }
  if (opts.status === "pending") filters.push(inArray(orders.status, ["awaiting_payment", "paid"]));
  else if (opts.status === "paid_after_cancellation") filters.push(paidAfterCancellation);
  else if (
    opts.status &&
    ["completed", "refunded", "cancelled", "awaiting_payment", "paid"].includes(opts.status)
  )
    filters.push(eq(orders.status, opts.status as OrderStatus));
  const where = filters.length ? and(...filters) : undefined;
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(where);
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      total: orders.total,
      createdAt: orders.createdAt,
      paidAfterCancellation,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((page - 1) * ORDERS_PAGE_SIZE);
  const ids = rows.map((r) => r.id);
  const items = ids.length
    ? await db
        .select({
          orderId: orderItems.orderId,
          kind: orderItems.kind,
          quantity: orderItems.quantity,
          details: orderItems.details,
        })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.sortOrder))
    : [];
  return {
    total,
    page,
    pages: Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE)),
    orders: rows.map((r) => ({ ...r, items: items.filter((i) => i.orderId === r.id) })),
  };
}

export async function getOrderForAdmin(db: DbOrTx, orderId: string) {
  const order = await getOrder(db, orderId);
  if (!order) return null;
  const history = await db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
  const requests = await db.select().from(updateRequests).where(eq(updateRequests.orderId, orderId));
  const { accessTokenHash: _secret, ...rest } = order;
  const paidAfterCancellation = history.some((h) => h.fromStatus === "cancelled" && h.toStatus === "paid");
  const pages = await pagesOfItems(
    db,
    order.items.map((i) => i.id),
  );
  return {
    ...rest,
    items: rest.items.map((i) => ({ ...i, cardPages: pages.get(i.id) ?? [] })),
    history,
    updateRequests: requests,
    paidAfterCancellation,
  };
}

/** Revenue and order counts per month, from paid orders (refunded and cancelled ones excluded). */
/** The months the Earnings chart draws, ending with the current one. */
const EARNINGS_CHART_MONTHS = 12;

/**
 * Revenue and paid/completed order counts per month of payment (UTC), all time, with the totals; and the last
 * `EARNINGS_CHART_MONTHS` months up to `today`'s month as a series without gaps, for the chart.
 */
export async function getEarnings(db: DbOrTx, today = utcDay()) {
  const month = sql<string>`to_char(date_trunc('month', ${orders.paidAt} at time zone 'UTC'), 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      revenue: sql<number>`coalesce(sum(${orders.total}), 0)::int`,
      paid: sql<number>`count(*) filter (where ${orders.status} = 'paid')::int`,
      completed: sql<number>`count(*) filter (where ${orders.status} = 'completed')::int`,
    })
    .from(orders)
    .where(inArray(orders.status, ["paid", "completed"]))
    .groupBy(month)
    .orderBy(desc(month));
  const totals = rows.reduce(
    (t, r) => ({
      revenue: t.revenue + r.revenue,
      paid: t.paid + r.paid,
      completed: t.completed + r.completed,
    }),
    { revenue: 0, paid: 0, completed: 0 },
  );
  const [awaiting] = await db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.status, "awaiting_payment"));
  const chart = fillSeries(
    monthRange(today.slice(0, 7), EARNINGS_CHART_MONTHS),
    ["revenue", "orders"] as const,
    rows.flatMap((r) => [
      { key: r.month, series: "revenue" as const, value: r.revenue },
      { key: r.month, series: "orders" as const, value: r.paid + r.completed },
    ]),
  );
  return { months: rows, totals, awaitingPayment: awaiting?.n ?? 0, chart };
}
