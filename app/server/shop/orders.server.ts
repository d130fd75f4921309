// Orders once placed: opened by the customer only through a secret link, and moved through their lifecycle
// (docs/product.md#order-lifecycle) with every change recorded.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { orderItems, orderStatusHistory, orders, referralCommissions } from "~/db/schema";
import { isUuid } from "~/utils/ids";
import type { DbOrTx, Tx } from "../platform/db.server";
import { commissionsFollowing } from "./self-referral.server";

export type OrderStatus = (typeof orders.$inferSelect)["status"];

export interface Actor {
  /** An admin's account id, or null for the customer and payment providers. */
  userId: string | null;
  label: string;
}

function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/** A new secret for an order's success-page link: the token goes to the customer, only its hash is stored. */
export function newOrderAccessToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
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

export type AdminStatus = "pending" | "completed" | "refunded";

/** The admin's three badges: pending covers awaiting payment and paid. */
function badgeFor(status: OrderStatus): AdminStatus | "cancelled" {
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
    // A commission already paid out stays paid out (that money has left the shop); one held for review or
    // reversed as a self-referral waits for the admin, except that a refund reverses it.
    await tx
      .update(referralCommissions)
      .set({ status: commission, updatedAt: new Date() })
      .where(commissionsFollowing(orderId, next === "refunded"));
    return { ...order, status: next };
  });
}
