// Card payment against the fake Stripe API over real HTTP, with real webhook signatures.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "~/db/schema";
import { startFakeStripe } from "../../../../tests/mocks/fake-stripe.mjs";
import { createTestDb, type TestDb } from "../../../../tests/support/test-db";
import type { Config } from "../../platform/env.server";
import { addCardItem, createCart } from "../cart.server";
import { createOrderFromCart } from "../checkout.server";
import { markOrderPaid } from "./paid-pipeline.server";
import { createCheckoutSession, isOnHost, readWebhookEvent, WebhookSignatureError } from "./stripe.server";

let t: TestDb;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let config: Config;
const secret = "whsec_test_secret";
beforeAll(async () => {
  t = await createTestDb();
  fake = await startFakeStripe();
  config = { stripe: { secretKey: "sk_test_123", webhookSecret: secret, apiBase: fake.url } } as Config;
});
afterAll(async () => {
  await fake?.stop();
  await t?.close();
});

const bank = { accountName: "A", sortCode: "00-00-00", accountNumber: "1" };
const signed = (payload: string, key = secret) =>
  new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload, secret: key });

describe("Stripe Checkout through the fake API", () => {
  it("creates a session from the stored order, on the checkout host, and a signed completion marks it paid once", async () => {
    const cart = await createCart(t.db);
    await addCardItem(t.db, cart.id, {
      kind: "one-link",
      links: [{ platform: "website", label: "Website", url: "https://a.example" }],
    });
    const { order, items } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery: {
        fullName: "C",
        email: "c@example.com",
        phone: "1",
        addressLine1: "1",
        city: "L",
        postalCode: "N1",
        country: "United Kingdom",
      },
      paymentMethod: "card",
      userId: null,
      shop: "TapCard",
      bank,
    });
    const session = await createCheckoutSession(config, {
      order,
      items,
      successUrl: "http://shop.test/payment-success",
      cancelUrl: "http://shop.test/payment-canceled",
    });
    expect(isOnHost(session.url, new URL(fake.url).host)).toBe(true);
    const stored = fake.sessions.get(session.id)!;
    expect(stored.amount_total).toBe(order.total);
    expect(order.total).toBe(2500 + 999);

    const payload = JSON.stringify({
      id: "evt_paid_1",
      object: "event",
      type: "checkout.session.completed",
      data: { object: { ...stored, payment_status: "paid", status: "complete" } },
    });
    await expect(readWebhookEvent(config, payload, signed(payload, "whsec_wrong"))).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(readWebhookEvent(config, `${payload} `, signed(payload))).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    const event = await readWebhookEvent(config, payload, signed(payload));
    expect(event).toMatchObject({ kind: "paid", orderId: order.id, amountTotal: order.total });

    const source = {
      provider: "stripe" as const,
      eventId: event.eventId,
      type: "checkout.session.completed",
      actor: { userId: null, label: "stripe webhook" },
    };
    const opts = { shop: "TapCard", bank, publicUrl: "http://shop.test" };
    expect((await markOrderPaid(t.db, order.id, source, opts)).changed).toBe(true);
    expect((await markOrderPaid(t.db, order.id, source, opts)).changed).toBe(false);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe("paid");
  });

  it("accepts only URLs on the checkout host", () => {
    expect(isOnHost("https://checkout.stripe.com/c/pay/cs_1", "checkout.stripe.com")).toBe(true);
    expect(isOnHost("https://evil.example/c/pay/cs_1", "checkout.stripe.com")).toBe(false);
    expect(isOnHost("javascript:alert(1)", "checkout.stripe.com")).toBe(false);
  });
});
