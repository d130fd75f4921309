// Orders once placed: opened by the customer only through a secret link, and moved through their lifecycle
// (docs/product.md#order-lifecycle) with every change recorded.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { BANK_TRANSFER_DAYS } from "~/catalog";
import { orderItems, orderStatusHistory, orders, referralCommissions } from "~/db/schema";
import { isUuid } from "~/utils/ids";
import { adminOrderActions } from "~/utils/order-status";
import type { Database, DbOrTx, Tx } from "../platform/db.server";
import { enqueueEmail } from "../platform/email/outbox.server";
import { commissionsFollowing } from "../referrals/self-referral.server";
import { orderExpiredEmail } from "./order-emails.server";

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

/** Records a step that leaves the status as it is (a card written, the parcel posted) in the order's history. */
export async function recordOrderStep(
  tx: Tx,
  order: { id: string; status: OrderStatus },
  actor: Actor,
  note: string,
) {
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    actorUserId: actor.userId,
    actor: actor.label,
    note,
  });
}

/** Cancels an order that is still waiting for its payment (card payment abandoned or expired). */
export async function cancelAwaitingOrder(db: DbOrTx, orderId: string, actor: Actor, note: string) {
  return db.transaction((tx) => changeStatus(tx, orderId, "awaiting_payment", "cancelled", actor, note));
}

/**
 * Cancels bank-transfer orders still unpaid BANK_TRANSFER_DAYS after they were placed, each with an e-mail to
 * its buyer (hourly housekeeping). The order and its number stay; money that arrives later still marks it paid.
 */
export async function expireUnpaidBankOrders(
  db: Database,
  opts: { shop: string; support: string },
  batchSize = 100,
) {
  const actor: Actor = { userId: null, label: "automatic expiry" };
  const note = `No payment within ${BANK_TRANSFER_DAYS} days`;
  let expired = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          customerEmail: orders.customerEmail,
          total: orders.total,
        })
        .from(orders)
        .where(
          and(
            eq(orders.status, "awaiting_payment"),
            eq(orders.paymentMethod, "bank_transfer"),
            lt(orders.createdAt, sql`now() - make_interval(days => ${BANK_TRANSFER_DAYS})`),
          ),
        )
        .limit(batchSize)
        .for("update", { skipLocked: true });
      for (const order of due) {
        await changeStatus(tx, order.id, "awaiting_payment", "cancelled", actor, note);
        await enqueueEmail(tx, orderExpiredEmail(order, opts));
      }
      return due.length;
    });
    expired += done;
    if (done < batchSize) return { expired };
  }
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

/** A refund made (or money sent back by hand) that `setAdminStatus` records with the change to refunded. */
export interface RefundRecord {
  /** The history note: how the money went back. */
  note: string;
  /**
   * Writes the refund's own rows in the status change's transaction, with the order locked; false when this
   * refund was recorded already, and then nothing changes.
   */
  record: (tx: Tx, order: typeof orders.$inferSelect) => Promise<boolean>;
}

function refusal(status: OrderStatus) {
  if (status === "cancelled") return "This order was cancelled";
  if (status === "refunded") return "This order was refunded";
  return "Record the payment first ('Mark paid')";
}

/**
 * The admin's status buttons, for the changes `adminOrderActions` allows: completed and refunded need a recorded
 * payment; pending takes a completed order back to paid; refunded is final and comes only with the refund itself
 * (refunds.server.ts). The referral commission follows: completed with the order, reversed on refund.
 */
export async function setAdminStatus(
  db: DbOrTx,
  orderId: string,
  target: AdminStatus,
  admin: Actor,
  refund?: RefundRecord,
) {
  if (!isUuid(orderId)) throw new OrderStatusError("Order not found");
  if (target === "refunded" && !refund) throw new OrderStatusError("A refund is made with 'Mark refunded'");
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new OrderStatusError("Order not found");
    // Already there (a second click, or two admins at once): nothing changes, nothing is refunded twice.
    if (badgeFor(order.status) === target) return { ...order, changed: false };
    if (!adminOrderActions(order.status).includes(target)) throw new OrderStatusError(refusal(order.status));
    const next: OrderStatus = target === "pending" ? (order.paidAt ? "paid" : "awaiting_payment") : target;
    if (refund && !(await refund.record(tx, order))) return { ...order, changed: false };
    await changeStatus(tx, orderId, order.status, next, admin, refund?.note);
    const commission =
      next === "completed" ? "completed" : next === "refunded" ? "reversed" : ("pending" as const);
    // A commission already paid out stays paid out (that money has left the shop); one held for review or
    // reversed as a self-referral waits for the admin, except that a refund reverses it.
    await tx
      .update(referralCommissions)
      .set({ status: commission, updatedAt: new Date() })
      .where(commissionsFollowing(orderId, next === "refunded"));
    return { ...order, status: next, changed: true };
  });
}
