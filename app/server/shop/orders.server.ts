// Orders: created from the server cart, numbered WC + 6 digits (unique, reserved when the order is placed),
// opened by the customer only through a secret link, and moved through their lifecycle (DESIGN.md section 4)
// with every change recorded.
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import {
  cartItems,
  carts,
  orderItems,
  orderNumbers,
  orderStatusHistory,
  orders,
  referralCommissions,
  updateRequests,
} from "~/db/schema";
import { CHECKOUT_MESSAGES, type Delivery } from "~/schemas/checkout";
import { isUuid } from "~/utils/ids";
import { itemSummary, lacksLink } from "~/utils/order-items";
import type { DbOrTx, Tx } from "../platform/db.server";
import { enqueueEmail } from "../platform/email/outbox.server";
import { ilikeAny } from "../platform/sql.server";
import { deleteCart, referrerIsBuyer } from "./cart.server";
import { type BankDetails, orderPlacedEmail } from "./order-emails.server";
import { type ItemKind, itemName, priceItems, unitPrice } from "./pricing.server";

export type OrderStatus = (typeof orders.$inferSelect)["status"];
export type PaymentMethod = "card" | "bank_transfer";

export class CheckoutError extends Error {
  override name = "CheckoutError";
}

export interface Actor {
  /** An admin's account id, or null for the customer and payment providers. */
  userId: string | null;
  label: string;
}

function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/** Reserves a fresh order number, WC + 6 digits (100000-999999), unique across all orders. */
export async function reserveOrderNumber(db: DbOrTx) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const number = `WC${randomInt(100000, 1000000)}`;
    const [row] = await db
      .insert(orderNumbers)
      .values({ number })
      .onConflictDoNothing()
      .returning({ number: orderNumbers.number });
    if (row) return row.number;
  }
  throw new Error("Could not reserve an order number");
}

/**
 * Turns the cart into an order awaiting payment, with a newly reserved order number, in one transaction with
 * the cart row locked (a double submit waits for the first and then replaces its order). Bank transfer empties
 * the cart at once and queues the payment instructions; a card order keeps the cart until the payment is
 * confirmed. A referral is dropped when the referrer is the buyer: signed in as them, or using their e-mail.
 */
export async function createOrderFromCart(
  db: DbOrTx,
  input: {
    cartId: string | null;
    delivery: Delivery;
    paymentMethod: PaymentMethod;
    userId: string | null;
    shop: string;
    bank: BankDetails;
  },
) {
  if (!input.cartId) throw new CheckoutError(CHECKOUT_MESSAGES.emptyCart);
  const cartId = input.cartId;
  const token = randomBytes(32).toString("base64url");
  const created = await db.transaction(async (tx) => {
    const [cart] = await tx.select().from(carts).where(eq(carts.id, cartId)).for("update");
    if (!cart) throw new CheckoutError(CHECKOUT_MESSAGES.emptyCart);
    const items = await tx
      .select()
      .from(cartItems)
      .where(eq(cartItems.cartId, cartId))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    if (items.length === 0) throw new CheckoutError(CHECKOUT_MESSAGES.emptyCart);
    if (items.some(lacksLink)) throw new CheckoutError(CHECKOUT_MESSAGES.noValidLinks);

    // An earlier checkout of this cart still waiting for its payment (the customer came back from the card
    // payment page without paying) is replaced: one cart, one live order.
    const earlier = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.cartId, cartId), eq(orders.status, "awaiting_payment")))
      .for("update");
    for (const e of earlier)
      await changeStatus(
        tx,
        e.id,
        "awaiting_payment",
        "cancelled",
        { userId: null, label: "customer" },
        "Replaced by a new checkout of the same cart",
      );
    const orderNumber = await reserveOrderNumber(tx);
    const referrerUserId = await acceptedReferrer(tx, cart.referrerUserId, input);
    const priced = items.map((i) => ({
      kind: i.kind as ItemKind,
      quantity: i.kind === "update-request" ? 1 : Math.max(1, i.quantity),
      unitPrice: unitPrice(i.kind as ItemKind),
      name: itemName(i.kind as ItemKind),
      details: i.details,
    }));
    const totals = priceItems(priced, Boolean(referrerUserId));
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber,
        paymentMethod: input.paymentMethod,
        userId: input.userId,
        cartId,
        customerName: input.delivery.fullName,
        customerEmail: input.delivery.email.toLowerCase(),
        customerPhone: input.delivery.phone,
        deliveryAddress: input.delivery,
        subtotal: totals.subtotal,
        deliveryFee: totals.deliveryFee,
        discount: totals.discount,
        total: totals.total,
        referrerUserId,
        accessTokenHash: hashToken(token),
        // The clock after the cart lock, not the transaction's start: one cart's orders sort as placed.
        createdAt: sql`clock_timestamp()`,
      })
      .returning();
    await tx.insert(orderItems).values(
      priced.map((p, sortOrder) => ({
        orderId: order!.id,
        kind: p.kind,
        name: p.name,
        unitPrice: p.unitPrice,
        quantity: p.quantity,
        details: p.details,
        sortOrder,
      })),
    );
    await tx.insert(orderStatusHistory).values({
      orderId: order!.id,
      fromStatus: null,
      toStatus: "awaiting_payment",
      actor: "customer",
      note: input.paymentMethod === "card" ? "Card payment started" : "Bank transfer chosen",
    });
    if (input.paymentMethod === "bank_transfer") {
      await deleteCart(tx, cartId);
      await enqueueEmail(
        tx,
        orderPlacedEmail(
          {
            ...order!,
            deliveryAddress: input.delivery,
            items: priced.map((p) => ({ ...p, summary: itemSummary(p) })),
          },
          { shop: input.shop, bank: input.bank },
        ),
      );
    }
    return { order: order!, items: priced };
  });
  return { ...created, token };
}

/** The cart's referrer, unless it is the buyer: the signed-in account or the account with the order's e-mail. */
async function acceptedReferrer(
  tx: Tx,
  referrerUserId: string | null,
  buyer: { userId: string | null; delivery: Delivery },
) {
  if (!referrerUserId || referrerUserId === buyer.userId) return null;
  if (await referrerIsBuyer(tx, referrerUserId, buyer.delivery.email)) return null;
  return referrerUserId;
}

/** The order behind a success-page link: both the id and the secret must match. */
export async function getOrderByToken(db: DbOrTx, orderId: string | null, token: string | null) {
  if (!orderId || !token || !isUuid(orderId) || token.length > 200) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const a = Buffer.from(order.accessTokenHash, "hex");
  const b = Buffer.from(hashToken(token), "hex");
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  return withItems(db, order);
}
export type CustomerOrder = NonNullable<Awaited<ReturnType<typeof getOrderByToken>>>;

export async function getOrder(db: DbOrTx, orderId: string) {
  if (!isUuid(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ? withItems(db, order) : null;
}

async function withItems(db: DbOrTx, order: typeof orders.$inferSelect) {
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.sortOrder));
  return { ...order, items };
}

/** Records a status change; callers have checked (and locked) the current status. */
export async function changeStatus(
  tx: Tx,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
  actor: Actor,
  note?: string,
) {
  const [row] = await tx
    .update(orders)
    .set({ status: to, updatedAt: new Date(), ...(to === "paid" ? { paidAt: new Date() } : {}) })
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning({ id: orders.id });
  if (!row) return false;
  await tx.insert(orderStatusHistory).values({
    orderId,
    fromStatus: from,
    toStatus: to,
    actorUserId: actor.userId,
    actor: actor.label,
    note: note ?? null,
  });
  return true;
}

/** Cancels an order that is still waiting for its payment (card payment abandoned or expired). */
export async function cancelAwaitingOrder(db: DbOrTx, orderId: string, actor: Actor, note: string) {
  return db.transaction((tx) => changeStatus(tx, orderId, "awaiting_payment", "cancelled", actor, note));
}

export async function setStripeSession(db: DbOrTx, orderId: string, sessionId: string) {
  await db.update(orders).set({ stripeSessionId: sessionId }).where(eq(orders.id, orderId));
}

export async function findOrderByStripeSession(db: DbOrTx, sessionId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.stripeSessionId, sessionId));
  return order ?? null;
}

// --- Admin ---

export type AdminStatus = "pending" | "completed" | "refunded";

/** The admin's three badges: pending covers awaiting payment and paid. */
export function badgeFor(status: OrderStatus): AdminStatus | "cancelled" {
  if (status === "awaiting_payment" || status === "paid") return "pending";
  return status;
}

export class OrderStatusError extends Error {
  override name = "OrderStatusError";
}

/**
 * The admin's status buttons. Completed and refunded need a recorded payment; pending takes a completed or
 * refunded order back to paid. The referral commission follows: completed with the order, reversed on refund.
 */
export async function setAdminStatus(db: DbOrTx, orderId: string, target: AdminStatus, admin: Actor) {
  if (!isUuid(orderId)) throw new OrderStatusError("Order not found");
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new OrderStatusError("Order not found");
    if (badgeFor(order.status) === target) return order;
    if (order.status === "cancelled") throw new OrderStatusError("This order was cancelled");
    const next: OrderStatus = target === "pending" ? (order.paidAt ? "paid" : "awaiting_payment") : target;
    if (next !== "awaiting_payment" && !order.paidAt)
      throw new OrderStatusError("Record the payment first ('Mark paid')");
    await changeStatus(tx, orderId, order.status, next, admin);
    const commission =
      next === "completed" ? "completed" : next === "refunded" ? "reversed" : ("pending" as const);
    await tx
      .update(referralCommissions)
      .set({ status: commission, updatedAt: new Date() })
      .where(eq(referralCommissions.orderId, orderId));
    return { ...order, status: next };
  });
}

export const ORDERS_PAGE_SIZE = 20;

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
  return { ...rest, history, updateRequests: requests, paidAfterCancellation };
}

/** Revenue and order counts per month, from paid orders (refunded and cancelled ones excluded). */
export async function getEarnings(db: DbOrTx) {
  const month = sql<string>`to_char(date_trunc('month', ${orders.paidAt}), 'YYYY-MM')`;
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
  return { months: rows, totals, awaitingPayment: awaiting?.n ?? 0 };
}

/** The last delivery address this account used, to prefill the checkout. */
export async function lastDeliveryFor(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ deliveryAddress: orders.deliveryAddress })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return (row?.deliveryAddress as Delivery | undefined) ?? null;
}
