// What the admin reads about orders: the searchable list, one order with its history, and the earnings.
import { and, asc, count, desc, eq, inArray, like, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { orderItems, orderStatusHistory, orders, updateRequests } from "~/db/schema";
import { monthRange, utcDay } from "~/utils/dates";
import { fillSeries } from "~/utils/series";
import type { DbOrTx } from "../platform/db.server";
import { keyset, type PageCursor } from "../platform/keyset.server";
import { prefixPattern } from "../platform/sql.server";
import { pagesOfItems } from "./order-card-pages.server";
import { getOrder, type OrderStatus } from "./orders.server";

const ORDERS_PAGE_SIZE = 20;

/** True for an order whose payment arrived after it had been cancelled (see the paid pipeline). */
const paidAfterCancellation = sql<boolean>`exists (select 1 from order_status_history h where h.order_id = "orders"."id" and h.from_status = 'cancelled' and h.to_status = 'paid')`;

/**
 * One page of the admin list, newest first, paged by keyset (see keyset.server.ts). The search box takes an order
 * number, an e-mail or a name, matched as a prefix, ignoring case: each column is its own index range (a union).
 */
export async function listOrders(db: DbOrTx, opts: { q?: string; status?: string } & PageCursor) {
  const filters: SQL[] = [];
  if (opts.status === "pending") filters.push(inArray(orders.status, ["awaiting_payment", "paid"]));
  else if (opts.status === "paid_after_cancellation") filters.push(paidAfterCancellation);
  else if (
    opts.status &&
    ["completed", "refunded", "cancelled", "awaiting_payment", "paid"].includes(opts.status)
  )
    filters.push(eq(orders.status, opts.status as OrderStatus));
  const pages = keyset(orders, orders, opts, ORDERS_PAGE_SIZE);
  // Nothing longer than an e-mail address is worth a pattern.
  const q = opts.q?.trim().toLowerCase().slice(0, 100);
  if (q) {
    const pattern = prefixPattern(q);
    const branch = (column: PgColumn) =>
      sql`(select ${orders.id}, ${orders.createdAt} from ${orders}
        where ${and(like(sql`lower(${column})`, pattern), pages.where, ...filters)}
        order by ${sql.join(pages.orderBy, sql`, `)} limit ${pages.limit})`;
    const branches = [orders.orderNumber, orders.customerEmail, orders.customerName].map(branch);
    filters.push(inArray(orders.id, sql`(select id from (${sql.join(branches, sql` union `)}) hits)`));
  }
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
    .where(and(pages.where, ...filters))
    .orderBy(...pages.orderBy)
    .limit(pages.limit);
  const page = pages.page(rows);
  const ids = page.rows.map((r) => r.id);
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
    paged: page.paged,
    previous: page.previous,
    next: page.next,
    orders: page.rows.map((r) => ({ ...r, items: items.filter((i) => i.orderId === r.id) })),
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
