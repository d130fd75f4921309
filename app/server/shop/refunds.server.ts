// The admin's 'Mark refunded' (docs/product.md#refunds): a card payment is refunded through Stripe, money paid
// by bank transfer is sent back by hand and recorded. Either way the refund is recorded once, the order becomes
// refunded, its unpaid referral commission is reversed and the customer is e-mailed, in one transaction.
import { eq } from "drizzle-orm";
import { orders, paymentEvents } from "~/db/schema";
import { isUuid } from "~/utils/ids";
import { formatPence } from "~/utils/money";
import { adminOrderActions } from "~/utils/order-status";
import type { DbOrTx } from "../platform/db.server";
import { enqueueEmail } from "../platform/email/outbox.server";
import type { Config } from "../platform/env.server";
import { orderRefundedEmail } from "./order-emails.server";
import { type Actor, OrderStatusError, type RefundRecord, setAdminStatus } from "./orders.server";
import { refundCheckoutPayment, StripeRefundError } from "./payments/stripe.server";

type RefundResult = Awaited<ReturnType<typeof setAdminStatus>> & {
  via: "card" | "bank_transfer";
  amount: number;
};

export async function refundOrder(
  db: DbOrTx,
  orderId: string,
  admin: Actor,
  config: { stripe: Config["stripe"]; shop: { name: string } },
): Promise<RefundResult> {
  if (!isUuid(orderId)) throw new OrderStatusError("Order not found");
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new OrderStatusError("Order not found");
  const via = order.paymentMethod === "card" ? "card" : "bank_transfer";
  // Checked before any money moves; checked again, with the order locked, when the refund is recorded.
  if (order.status === "refunded") return { ...order, changed: false, via, amount: 0 };
  if (!adminOrderActions(order.status).includes("refunded"))
    throw new OrderStatusError(
      order.status === "cancelled" ? "This order was cancelled" : "Record the payment first ('Mark paid')",
    );

  let event: { provider: "stripe" | "manual"; eventId: string };
  let amount = order.total;
  let note: string;
  if (via === "card") {
    if (!order.stripeSessionId) throw new OrderStatusError("Stripe holds no card payment for this order");
    let refund: Awaited<ReturnType<typeof refundCheckoutPayment>>;
    try {
      refund = await refundCheckoutPayment(config, order.stripeSessionId, `refund-${order.id}`);
    } catch (error) {
      if (error instanceof StripeRefundError) throw new OrderStatusError(error.message);
      throw error;
    }
    if (refund) {
      amount = refund.amount;
      event = { provider: "stripe", eventId: refund.id };
      note = `Refunded ${formatPence(amount)} through Stripe (${refund.id})`;
    } else {
      // Refunded in Stripe's dashboard already: the money is back with the customer, so the order says so.
      event = { provider: "stripe", eventId: `refund:${order.id}` };
      note = "Stripe had already refunded this payment";
    }
  } else {
    event = { provider: "manual", eventId: `refund:${order.id}` };
    note = `${formatPence(amount)} sent back by bank transfer, by hand`;
  }

  const record: RefundRecord = {
    note,
    record: async (tx, locked) => {
      const [row] = await tx
        .insert(paymentEvents)
        .values({ ...event, type: "refund", orderId: locked.id })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (!row) return false;
      await enqueueEmail(tx, orderRefundedEmail(locked, { amount, via }, { shop: config.shop.name }));
      return true;
    },
  };
  return { ...(await setAdminStatus(db, order.id, "refunded", admin, record)), via, amount };
}
