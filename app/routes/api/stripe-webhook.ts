// POST /api/webhooks/stripe: signed by Stripe (verified on the raw body), so exempt from the cross-site check.
import { cancelAwaitingOrder, findOrderByStripeSession, getOrder, isUuid } from "~/server/orders.server";
import { markOrderPaid, recordPaymentEvent } from "~/server/payments/paid-pipeline.server";
import { readWebhookEvent, WebhookSignatureError } from "~/server/payments/stripe.server";
import type { Route } from "./+types/stripe-webhook";

const text = (body: string, status = 200) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain" } });

export async function loader() {
  return text("Method Not Allowed", 405);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return text("Method Not Allowed", 405);
  if (!context.config.stripe) return text("Not Found", 404);
  const raw = await request.text();
  let event: Awaited<ReturnType<typeof readWebhookEvent>>;
  try {
    event = await readWebhookEvent(context.config, raw, request.headers.get("stripe-signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      context.logger.warn({ err: error.message }, "stripe webhook refused: bad signature");
      return text("Invalid signature", 400);
    }
    throw error;
  }

  if (event.kind === "other") {
    await recordPaymentEvent(context.db, {
      provider: "stripe",
      eventId: event.eventId,
      type: event.type,
      orderId: null,
    });
    return text("ignored");
  }
  const order =
    (event.orderId && isUuid(event.orderId) ? await getOrder(context.db, event.orderId) : null) ??
    (await findOrderByStripeSession(context.db, event.sessionId));
  if (!order || (order.stripeSessionId && order.stripeSessionId !== event.sessionId)) {
    context.logger.warn({ eventId: event.eventId }, "stripe webhook for an unknown order");
    return text("unknown order");
  }

  if (event.kind === "expired") {
    if (
      await recordPaymentEvent(context.db, {
        provider: "stripe",
        eventId: event.eventId,
        type: "checkout.session.expired",
        orderId: order.id,
      })
    )
      await cancelAwaitingOrder(
        context.db,
        order.id,
        { userId: null, label: "stripe webhook" },
        "Checkout session expired",
      );
    return text("ok");
  }

  // The amount charged must be what we computed; anything else is left for a person to look at.
  if (event.amountTotal !== order.total || (event.currency ?? "gbp").toLowerCase() !== "gbp") {
    context.logger.error(
      { orderId: order.id, charged: event.amountTotal, expected: order.total },
      "stripe payment amount does not match the order; not marked paid",
    );
    return text("amount mismatch");
  }
  const result = await markOrderPaid(
    context.db,
    order.id,
    {
      provider: "stripe",
      eventId: event.eventId,
      type: "checkout.session.completed",
      actor: { userId: null, label: "stripe webhook" },
    },
    { shop: context.config.shop.name, bank: context.config.bank },
  );
  if (result.changed) context.pokeOutbox();
  return text(result.changed ? "paid" : `unchanged: ${result.reason}`);
}
