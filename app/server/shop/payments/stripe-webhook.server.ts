// What a verified Stripe event does to our orders: a completed payment runs the paid pipeline (also for an order
// that was cancelled meanwhile: the money was taken), an expired session cancels the order still waiting for it.
import type { Logger } from "pino";
import { isUuid } from "~/utils/ids";
import type { Database } from "../../platform/db.server";
import type { Config } from "../../platform/env.server";
import { cancelAwaitingOrder, findOrderByStripeSession, getOrder } from "../orders.server";
import { markOrderPaid, recordPaymentEvent } from "./paid-pipeline.server";
import { readWebhookEvent, WebhookEventError, WebhookSignatureError } from "./stripe.server";

export interface WebhookContext {
  db: Database;
  config: Config;
  logger: Pick<Logger, "warn" | "error">;
  pokeOutbox: () => void;
}

/** Handles one webhook delivery; the answer is a status and a short plain-text body for Stripe's log. */
export async function handleStripeWebhook(
  ctx: WebhookContext,
  rawBody: string,
  signature: string | null,
): Promise<{ status: number; body: string }> {
  if (!ctx.config.stripe) return { status: 404, body: "Not Found" };
  let event: Awaited<ReturnType<typeof readWebhookEvent>>;
  try {
    event = await readWebhookEvent(ctx.config, rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      ctx.logger.warn({ err: error.message }, "stripe webhook refused: bad signature");
      return { status: 400, body: "Invalid signature" };
    }
    if (error instanceof WebhookEventError) {
      ctx.logger.warn({ err: error.message }, "stripe webhook refused: malformed event");
      return { status: 400, body: "Malformed event" };
    }
    throw error;
  }

  if (event.kind === "other") {
    await recordPaymentEvent(ctx.db, {
      provider: "stripe",
      eventId: event.eventId,
      type: event.type,
      orderId: null,
    });
    return { status: 200, body: "ignored" };
  }
  const order =
    (event.orderId && isUuid(event.orderId) ? await getOrder(ctx.db, event.orderId) : null) ??
    (await findOrderByStripeSession(ctx.db, event.sessionId));
  if (!order || (order.stripeSessionId && order.stripeSessionId !== event.sessionId)) {
    ctx.logger.warn({ eventId: event.eventId }, "stripe webhook for an unknown order");
    return { status: 200, body: "unknown order" };
  }

  if (event.kind === "expired") {
    if (
      await recordPaymentEvent(ctx.db, {
        provider: "stripe",
        eventId: event.eventId,
        type: "checkout.session.expired",
        orderId: order.id,
      })
    )
      await cancelAwaitingOrder(
        ctx.db,
        order.id,
        { userId: null, label: "stripe webhook" },
        "Checkout session expired",
      );
    return { status: 200, body: "ok" };
  }

  // The amount charged must be what we computed, in pounds; anything else (a missing currency too) is left for a
  // person to look at.
  if (event.amountTotal !== order.total || event.currency?.toLowerCase() !== "gbp") {
    ctx.logger.error(
      { orderId: order.id, charged: event.amountTotal, currency: event.currency, expected: order.total },
      "stripe payment amount does not match the order; not marked paid",
    );
    return { status: 200, body: "amount mismatch" };
  }
  const result = await markOrderPaid(
    ctx.db,
    order.id,
    {
      provider: "stripe",
      eventId: event.eventId,
      type: "checkout.session.completed",
      actor: { userId: null, label: "stripe webhook" },
    },
    { shop: ctx.config.shop.name, bank: ctx.config.bank, publicUrl: ctx.config.publicUrl },
  );
  if (!result.changed) return { status: 200, body: `unchanged: ${result.reason}` };
  ctx.pokeOutbox();
  if (result.afterCancellation)
    ctx.logger.warn(
      { orderId: order.id, orderNumber: order.orderNumber },
      "payment received for a cancelled order; marked paid",
    );
  return { status: 200, body: result.afterCancellation ? "paid after cancellation" : "paid" };
}
