// Signed Stripe webhooks against a real database, through the same handler the route uses.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carts, emailOutbox, orderStatusHistory, orders } from "~/db/schema";
import type { Delivery } from "~/schemas/checkout";
import { createTestDb, type TestDb } from "../../../../tests/support/test-db";
import { loadConfig } from "../../platform/env.server";
import { listOrders } from "../admin-orders.server";
import { addCardItem, createCart, loadCart } from "../cart.server";
import { createOrderFromCart } from "../checkout.server";
import { cancelAwaitingOrder, setStripeSession } from "../orders.server";
import { handleStripeWebhook, type WebhookContext } from "./stripe-webhook.server";

const secret = "whsec_webhook_test";
let t: TestDb;
let ctx: WebhookContext;
beforeAll(async () => {
  t = await createTestDb();
  const config = loadConfig({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "webhook-")),
    STRIPE_SECRET_KEY: "sk_test_webhook",
    STRIPE_WEBHOOK_SECRET: secret,
  });
  ctx = { db: t.db, config, logger: pino({ level: "silent" }), pokeOutbox: () => {} };
});
afterAll(() => t?.close());

const delivery: Delivery = {
  fullName: "Lee Late",
  email: "lee.late@example.com",
  phone: "+44 7700 900001",
  addressLine1: "2 Lane",
  city: "Leeds",
  postalCode: "LS1 1AA",
  country: "United Kingdom",
};

function checkOutByCard(cartId: string) {
  return createOrderFromCart(t.db, {
    cartId,
    delivery,
    paymentMethod: "card",
    userId: null,
    shop: "TapCard",
    bank: ctx.config.bank,
  });
}

async function cardOrder() {
  const cart = await createCart(t.db);
  await addCardItem(t.db, cart.id, {
    kind: "one-link",
    links: [{ platform: "website", label: "Website", url: "https://late.example" }],
  });
  const { order } = await checkOutByCard(cart.id);
  const sessionId = `cs_test_${order.id.slice(0, 8)}`;
  await setStripeSession(t.db, order.id, sessionId);
  return { order, sessionId, cart };
}

function signedEvent(type: string, session: Record<string, unknown>, eventId: string) {
  const payload = JSON.stringify({ id: eventId, object: "event", type, data: { object: session } });
  const signature = new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}

const completed = (order: { id: string; total: number }, sessionId: string, eventId: string) =>
  signedEvent(
    "checkout.session.completed",
    {
      id: sessionId,
      object: "checkout.session",
      payment_status: "paid",
      status: "complete",
      amount_total: order.total,
      currency: "gbp",
      client_reference_id: order.id,
      metadata: { orderId: order.id },
    },
    eventId,
  );

async function post(event: { payload: string; signature: string }) {
  return handleStripeWebhook(ctx, event.payload, event.signature);
}

describe("a payment for an order that was already cancelled", () => {
  it("marks it paid anyway, runs the paid pipeline once, and flags it for the admin", async () => {
    const { order, sessionId, cart } = await cardOrder();
    // The customer came back to /payment-canceled: the order is cancelled and the cart kept.
    await cancelAwaitingOrder(t.db, order.id, { userId: null, label: "customer" }, "Customer left");
    expect(await loadCart(t.db, cart.id)).not.toBeNull();

    const event = completed(order, sessionId, `evt_late_${order.id}`);
    expect(await post(event)).toEqual({ status: 200, body: "paid after cancellation" });

    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe("paid");
    expect(after!.paidAt).not.toBeNull();
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(orderStatusHistory.id);
    expect(history.map((h) => `${h.fromStatus ?? "new"}>${h.toStatus}`)).toEqual([
      "new>awaiting_payment",
      "awaiting_payment>cancelled",
      "cancelled>paid",
    ]);
    expect(history.at(-1)).toMatchObject({
      actor: "stripe webhook",
      note: "Paid after cancellation: checkout.session.completed",
    });
    const confirmations = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Order ${order.orderNumber} confirmed`));
    expect(confirmations).toHaveLength(1);
    // The cart still held exactly this checkout, so it is done with, as after any payment.
    expect(await loadCart(t.db, cart.id)).toBeNull();

    // The admin's list shows it, and can filter for it.
    const listed = await listOrders(t.db, { q: order.orderNumber });
    expect(listed.orders[0]).toMatchObject({ status: "paid", paidAfterCancellation: true });
    const flagged = await listOrders(t.db, { status: "paid_after_cancellation" });
    expect(flagged.orders.map((o) => o.id)).toContain(order.id);

    // A replay of the event changes nothing and sends nothing again.
    expect(await post(event)).toEqual({ status: 200, body: "unchanged: duplicate-event" });
    expect(
      await t.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.subject, `Order ${order.orderNumber} confirmed`)),
    ).toHaveLength(1);
  });

  it("keeps the cart when the customer has checked it out again since, and pays only the order that was paid", async () => {
    const { order: first, sessionId, cart } = await cardOrder();
    await cancelAwaitingOrder(t.db, first.id, { userId: null, label: "customer" }, "Customer left");
    // Checking the same cart out again makes a new order with a new number.
    const { order: second } = await checkOutByCard(cart.id);
    expect(second.orderNumber).not.toBe(first.orderNumber);

    expect(await post(completed(first, sessionId, `evt_late_${first.id}`))).toMatchObject({
      body: "paid after cancellation",
    });
    expect(await t.db.select().from(carts).where(eq(carts.id, cart.id))).toHaveLength(1);
    const [open] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, second.id), eq(orders.status, "awaiting_payment")));
    expect(open).toBeDefined();
  });

  it("an order paid normally is not flagged, and a refunded order is not paid again", async () => {
    const { order, sessionId } = await cardOrder();
    expect(await post(completed(order, sessionId, `evt_ok_${order.id}`))).toMatchObject({ body: "paid" });
    const listed = await listOrders(t.db, { q: order.orderNumber });
    expect(listed.orders[0]).toMatchObject({ status: "paid", paidAfterCancellation: false });

    await t.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, order.id));
    expect(await post(completed(order, sessionId, `evt_again_${order.id}`))).toMatchObject({
      body: "unchanged: not-awaiting-payment",
    });
  });

  it("refuses a forged event with 400 and changes nothing", async () => {
    const { order, sessionId } = await cardOrder();
    await cancelAwaitingOrder(t.db, order.id, { userId: null, label: "customer" }, "Customer left");
    const event = completed(order, sessionId, `evt_forged_${order.id}`);
    const forged = await handleStripeWebhook(
      ctx,
      event.payload.replace('"paid"', '"paid" '),
      event.signature,
    );
    expect(forged.status).toBe(400);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe("cancelled");
  });
});
