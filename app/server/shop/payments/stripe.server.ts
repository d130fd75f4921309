// The only module that imports the Stripe SDK: Checkout Sessions, refunds and webhook verification, converted
// to our own types. STRIPE_API_BASE points the SDK at a local fake API for the tests.
import Stripe from "stripe";
import { type DeliveryOptionId, deliveryLabel } from "~/delivery-options";
import { CHECKOUT_MESSAGES } from "~/schemas/checkout";
import { z } from "~/schemas/zod";
import { formatPence } from "~/utils/money";
import type { Config } from "../../platform/env.server";

export class StripeCheckoutError extends Error {
  override name = "StripeCheckoutError";
}

type StripeConfig = NonNullable<Config["stripe"]>;
const clients = new Map<string, Stripe>();

function client(stripe: StripeConfig) {
  const key = `${stripe.secretKey}|${stripe.apiBase ?? ""}`;
  let c = clients.get(key);
  if (!c) {
    const base = stripe.apiBase ? new URL(stripe.apiBase) : null;
    c = new Stripe(stripe.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === "https:" ? 443 : 80),
            protocol: base.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
    clients.set(key, c);
  }
  return c;
}

/** Where a Checkout Session's hosted page may live: Stripe's own host, or the fake API's host in tests. */
function checkoutHost(stripe: StripeConfig) {
  return stripe.apiBase ? new URL(stripe.apiBase).host : "checkout.stripe.com";
}

export interface CheckoutOrder {
  order: {
    id: string;
    orderNumber: string;
    customerEmail: string;
    total: number;
    deliveryOption: DeliveryOptionId | null;
    deliveryFee: number;
    discount: number;
  };
  items: { name: string; unitPrice: number; quantity: number }[];
  successUrl: string;
  cancelUrl: string;
}

/**
 * Creates a Checkout Session from the stored order (never from the browser's figures) and returns its
 * hosted page, which must be on the checkout host. The total is the order's own: when a discount applies the
 * session carries one line for the whole order so Stripe charges exactly what we computed.
 */
export async function createCheckoutSession(config: Config, input: CheckoutOrder) {
  const stripe = config.stripe;
  if (!stripe) throw new StripeCheckoutError("Card payment is not available");
  const { order } = input;
  const delivery = order.deliveryOption ? `Delivery: ${deliveryLabel(order.deliveryOption)}` : "Delivery";
  const lineItems =
    order.discount > 0
      ? [
          {
            quantity: 1,
            price_data: {
              currency: "gbp",
              unit_amount: order.total,
              product_data: {
                name: `Order ${order.orderNumber}`,
                description: [
                  ...input.items.map((i) => `${i.quantity} x ${i.name}`),
                  ...(order.deliveryFee > 0 ? [`${delivery} ${formatPence(order.deliveryFee)}`] : []),
                  `referral discount -${formatPence(order.discount)}`,
                ].join(", "),
              },
            },
          },
        ]
      : [
          ...input.items.map((i) => ({
            quantity: i.quantity,
            price_data: { currency: "gbp", unit_amount: i.unitPrice, product_data: { name: i.name } },
          })),
          ...(order.deliveryFee > 0
            ? [
                {
                  quantity: 1,
                  price_data: {
                    currency: "gbp",
                    unit_amount: order.deliveryFee,
                    product_data: { name: delivery },
                  },
                },
              ]
            : []),
        ];
  let session: Stripe.Checkout.Session;
  try {
    session = await client(stripe).checkout.sessions.create(
      {
        mode: "payment",
        customer_email: order.customerEmail,
        client_reference_id: order.id,
        metadata: { orderId: order.id, orderNumber: order.orderNumber },
        line_items: lineItems,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      { idempotencyKey: `checkout-${order.id}` },
    );
  } catch (error) {
    throw new StripeCheckoutError(CHECKOUT_MESSAGES.sessionFailed, { cause: error });
  }
  if (!session.url) throw new StripeCheckoutError(CHECKOUT_MESSAGES.noUrl);
  if (!isOnHost(session.url, checkoutHost(stripe)))
    throw new StripeCheckoutError(CHECKOUT_MESSAGES.invalidUrl);
  return { id: session.id, url: session.url };
}

export function isOnHost(url: string, host: string) {
  if (!URL.canParse(url)) return false;
  const u = new URL(url);
  return (u.protocol === "https:" || u.protocol === "http:") && u.host === host;
}

type PaymentEvent =
  | {
      kind: "paid";
      eventId: string;
      orderId: string | null;
      sessionId: string;
      amountTotal: number | null;
      currency: string | null;
    }
  | { kind: "expired"; eventId: string; orderId: string | null; sessionId: string }
  | { kind: "other"; eventId: string; type: string };

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/** A correctly signed body that is not an event we can read: answered 400, recorded nowhere. */
export class WebhookEventError extends Error {
  override name = "WebhookEventError";
}

const id = z.string().min(1).max(255);
/** The fields of an event we read; the signature proves the sender, not that the body has this shape. */
const WebhookEventSchema = z.object({ id, type: z.string().min(1).max(255) });
const CheckoutSessionSchema = z.object({
  id,
  payment_status: z.string().max(64).nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().max(16).nullish(),
  client_reference_id: z.string().max(255).nullish(),
  metadata: z.object({ orderId: z.string().max(255).nullish() }).nullish(),
});
const CheckoutEventSchema = z.object({ data: z.object({ object: CheckoutSessionSchema }) });

/**
 * Verifies the signature over the raw body and converts the event; throws WebhookSignatureError if forged and
 * WebhookEventError if signed but not a readable event.
 */
export async function readWebhookEvent(
  config: Config,
  rawBody: string,
  signature: string | null,
): Promise<PaymentEvent> {
  const stripe = config.stripe;
  if (!stripe || !signature) throw new WebhookSignatureError("Missing signature");
  let verified: unknown;
  try {
    verified = await client(stripe).webhooks.constructEventAsync(rawBody, signature, stripe.webhookSecret);
  } catch (error) {
    throw new WebhookSignatureError((error as Error).message);
  }
  const event = WebhookEventSchema.safeParse(verified);
  if (!event.success) throw new WebhookEventError("The event has no id or type");
  const { id: eventId, type } = event.data;
  const isPaid = type === "checkout.session.completed" || type === "checkout.session.async_payment_succeeded";
  if (!isPaid && type !== "checkout.session.expired") return { kind: "other", eventId, type };

  const checkout = CheckoutEventSchema.safeParse(verified);
  if (!checkout.success) throw new WebhookEventError("The event carries no readable checkout session");
  const s = checkout.data.data.object;
  const orderId = s.metadata?.orderId ?? s.client_reference_id ?? null;
  if (type === "checkout.session.expired") return { kind: "expired", eventId, orderId, sessionId: s.id };
  if (type === "checkout.session.completed" && s.payment_status !== "paid")
    return { kind: "other", eventId, type: `${type}:${s.payment_status}` };
  return {
    kind: "paid",
    eventId,
    orderId,
    sessionId: s.id,
    amountTotal: s.amount_total ?? null,
    currency: s.currency ?? null,
  };
}

/** Expires an open session when the customer comes back without paying, so it cannot be paid later. */
export async function expireCheckoutSession(config: Config, sessionId: string) {
  if (!config.stripe) return;
  await client(config.stripe)
    .checkout.sessions.expire(sessionId)
    .catch(() => {});
}

export class StripeRefundError extends Error {
  override name = "StripeRefundError";
}

/** A refund Stripe made: its id and amount, or null when Stripe says the payment was refunded already. */
type StripeRefund = { id: string; amount: number } | null;

/**
 * Refunds in full the payment of a paid Checkout Session. The idempotency key makes a repeated call (a second
 * click, two admins at once, a retry after a crash) answer with the same refund instead of making another.
 */
export async function refundCheckoutPayment(
  config: Pick<Config, "stripe">,
  sessionId: string,
  idempotencyKey: string,
): Promise<StripeRefund> {
  if (!config.stripe) throw new StripeRefundError("Card payment is not configured, so Stripe cannot refund");
  const stripe = client(config.stripe);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    throw new StripeRefundError(stripeMessage("Stripe could not find this order's payment", error), {
      cause: error,
    });
  }
  const intent = session.payment_intent;
  const paymentIntent = typeof intent === "string" ? intent : intent?.id;
  if (session.payment_status !== "paid" || !paymentIntent)
    throw new StripeRefundError("Stripe holds no card payment for this order");
  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.create(
      { payment_intent: paymentIntent, reason: "requested_by_customer" },
      { idempotencyKey },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.code === "charge_already_refunded") return null;
    throw new StripeRefundError(stripeMessage("Stripe refused the refund", error), { cause: error });
  }
  if (refund.status === "failed" || refund.status === "canceled")
    throw new StripeRefundError(`Stripe refused the refund (${refund.status})`);
  return { id: refund.id, amount: refund.amount };
}

/** Stripe's own explanation, shown to the admin; short, and never more than the API said. */
function stripeMessage(prefix: string, error: unknown) {
  const message = error instanceof Stripe.errors.StripeError ? error.message.slice(0, 200) : "";
  return message ? `${prefix}: ${message}` : prefix;
}
