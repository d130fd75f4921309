// Signed Stripe webhooks against a real database, through the same handler the route uses: a payment after a
// cancellation, one event delivered many times at once or out of order, forged signatures and tampered amounts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, inArray } from "drizzle-orm";
import pino from "pino";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  businessLists,
  businessTypes,
  carts,
  emailOutbox,
  leads,
  orderItemCardPages,
  orderItems,
  orderStatusHistory,
  orders,
  paymentEvents,
  prospects,
  referralCommissions,
  users,
} from "~/db/schema";
import type { Delivery } from "~/schemas/checkout";
import { createTestDb, type TestDb } from "../../../../tests/support/test-db";
import { loadConfig } from "../../platform/env.server";
import { listOrders } from "../admin-orders.server";
import { addBusinessListToCart } from "../business-list-cart.server";
import { addCardItem, createCart, loadCart, setCartReferrer } from "../cart.server";
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

/** A logger whose lines the test can read: pino writes each line synchronously to this stream. */
function capturingLogger() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { ctx: { ...ctx, logger }, lines };
}

let seq = 0;
async function addUser(name: string) {
  const [user] = await t.db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      name,
      email: `${name.toLowerCase()}.${Date.now()}.${++seq}@example.com`,
      emailVerified: true,
    })
    .returning();
  return user!;
}

/**
 * A signed-in buyer's card order, bought through a referral link, holding a Multi Link card and a business list
 * of a type stocked with 45 leads: paying it makes a card page, a commission and 20 prospects.
 */
async function referredListOrder() {
  const buyer = await addUser("Buyer");
  const referrer = await addUser("Referrer");
  const type = `webhook-type-${++seq}`;
  await t.db.insert(businessTypes).values({ id: type, label: `Webhook type ${seq}` });
  await t.db.insert(leads).values(
    Array.from({ length: 45 }, (_, i) => ({
      businessType: type,
      businessName: `Business ${i}`,
      phone: `01632960${String(i).padStart(3, "0")}`,
    })),
  );
  const cart = await createCart(t.db);
  await addCardItem(t.db, cart.id, {
    kind: "multi-link",
    name: "Rowan Replay",
    bio: "",
    links: [{ platform: "website", label: "Website", url: "https://rowan.example" }],
  });
  await addBusinessListToCart(t.db, cart.id, buyer.id, type);
  await setCartReferrer(t.db, cart.id, referrer.id);
  const { order } = await createOrderFromCart(t.db, {
    cartId: cart.id,
    delivery: { ...delivery, email: buyer.email },
    paymentMethod: "card",
    userId: buyer.id,
    shop: "TapCard",
    bank: ctx.config.bank,
  });
  expect(order.referrerUserId).toBe(referrer.id);
  const sessionId = `cs_test_list_${order.id}`;
  await setStripeSession(t.db, order.id, sessionId);
  return { order, sessionId, buyer };
}

const expired = (order: { id: string }, sessionId: string, eventId: string) =>
  signedEvent(
    "checkout.session.expired",
    {
      id: sessionId,
      object: "checkout.session",
      payment_status: "unpaid",
      status: "expired",
      client_reference_id: order.id,
      metadata: { orderId: order.id },
    },
    eventId,
  );

/** Everything a payment leaves behind for one order, counted. */
async function outcomeOf(order: { id: string; orderNumber: string }, buyerId?: string) {
  const n = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
  const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
  const history = await t.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, order.id))
    .orderBy(orderStatusHistory.id);
  const itemIds = (
    await t.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, order.id))
  ).map((i) => i.id);
  return {
    status: row!.status,
    transitions: history.map((h) => `${h.fromStatus ?? "new"}>${h.toStatus}`),
    confirmations: await n(
      t.db
        .select({ n: count() })
        .from(emailOutbox)
        .where(eq(emailOutbox.subject, `Order ${order.orderNumber} confirmed`)),
    ),
    commissions: await n(
      t.db.select({ n: count() }).from(referralCommissions).where(eq(referralCommissions.orderId, order.id)),
    ),
    cardPages: await n(
      t.db
        .select({ n: count() })
        .from(orderItemCardPages)
        .where(inArray(orderItemCardPages.orderItemId, itemIds)),
    ),
    lists: buyerId
      ? await n(t.db.select({ n: count() }).from(businessLists).where(eq(businessLists.userId, buyerId)))
      : 0,
    prospects: buyerId
      ? await n(t.db.select({ n: count() }).from(prospects).where(eq(prospects.userId, buyerId)))
      : 0,
    events: await n(
      t.db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.orderId, order.id)),
    ),
  };
}

describe("one payment delivered many times", () => {
  it("the same signed event 10 times at once pays the order once: one e-mail, one commission, one list of 20", async () => {
    const { order, sessionId, buyer } = await referredListOrder();
    const event = completed(order, sessionId, `evt_ten_${order.id}`);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(event)));

    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.body === "paid")).toHaveLength(1);
    expect(answers.filter((a) => a.body === "unchanged: duplicate-event")).toHaveLength(9);
    expect(await outcomeOf(order, buyer.id)).toEqual({
      status: "paid",
      transitions: ["new>awaiting_payment", "awaiting_payment>paid"],
      confirmations: 1,
      commissions: 1,
      cardPages: 1,
      lists: 1,
      prospects: 20,
      events: 1,
    });
  });

  it("completed and expired for one session, 5 of each at once, end paid once whichever lands first", async () => {
    const { order, sessionId, buyer } = await referredListOrder();
    const paid = completed(order, sessionId, `evt_mix_paid_${order.id}`);
    const gone = expired(order, sessionId, `evt_mix_expired_${order.id}`);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(i % 2 ? gone : paid)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const outcome = await outcomeOf(order, buyer.id);
    expect(outcome).toMatchObject({
      status: "paid",
      confirmations: 1,
      commissions: 1,
      cardPages: 1,
      lists: 1,
      prospects: 20,
      events: 2,
    });
    expect(outcome.transitions.filter((s) => s.endsWith(">paid"))).toHaveLength(1);
  });
});

describe("events out of order", () => {
  it("expired after completed leaves the order paid, and sends and cancels nothing", async () => {
    const { order, sessionId, buyer } = await referredListOrder();
    expect(await post(completed(order, sessionId, `evt_first_${order.id}`))).toMatchObject({ body: "paid" });
    const before = await outcomeOf(order, buyer.id);
    expect(await post(expired(order, sessionId, `evt_late_expiry_${order.id}`))).toEqual({
      status: 200,
      body: "ok",
    });
    expect(await outcomeOf(order, buyer.id)).toEqual({ ...before, events: before.events + 1 });
    expect(before).toMatchObject({
      status: "paid",
      transitions: ["new>awaiting_payment", "awaiting_payment>paid"],
      confirmations: 1,
      prospects: 20,
    });
  });

  it("completed after expired pays the cancelled order once, flagged, with everything a payment brings", async () => {
    const { order, sessionId, buyer } = await referredListOrder();
    expect(await post(expired(order, sessionId, `evt_expiry_${order.id}`))).toMatchObject({ body: "ok" });
    expect((await outcomeOf(order, buyer.id)).status).toBe("cancelled");

    const late = completed(order, sessionId, `evt_after_expiry_${order.id}`);
    expect(await post(late)).toMatchObject({ body: "paid after cancellation" });
    expect(await post(late)).toMatchObject({ body: "unchanged: duplicate-event" });
    // The expiry delivered again does not undo the payment.
    expect(await post(expired(order, sessionId, `evt_expiry_${order.id}`))).toMatchObject({ body: "ok" });
    expect(await outcomeOf(order, buyer.id)).toEqual({
      status: "paid",
      transitions: ["new>awaiting_payment", "awaiting_payment>cancelled", "cancelled>paid"],
      confirmations: 1,
      commissions: 1,
      cardPages: 1,
      lists: 1,
      prospects: 20,
      events: 2,
    });
    const listed = await listOrders(t.db, { q: order.orderNumber });
    expect(listed.orders[0]).toMatchObject({ paidAfterCancellation: true });
  });
});

describe("forged and tampered events", () => {
  it("a bad signature changes nothing, answers 400 and is logged", async () => {
    const { order, sessionId, buyer } = await referredListOrder();
    const before = await outcomeOf(order, buyer.id);
    const event = completed(order, sessionId, `evt_forged_sig_${order.id}`);
    const otherSecret = new Stripe("sk_test_x").webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: "whsec_someone_else",
    });
    const stale = new Stripe("sk_test_x").webhooks.generateTestHeaderString({
      payload: event.payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const attempts: [string, string | null][] = [
      [event.payload, otherSecret],
      [event.payload, stale],
      [event.payload, null],
      [event.payload, "t=1,v1=deadbeef"],
      // The amount raised in the body after signing.
      [
        event.payload.replace(`"amount_total":${order.total}`, `"amount_total":${order.total + 100}`),
        event.signature,
      ],
    ];
    for (const [body, signature] of attempts) {
      const { ctx: logged, lines } = capturingLogger();
      expect(await handleStripeWebhook(logged, body, signature)).toEqual({
        status: 400,
        body: "Invalid signature",
      });
      expect(lines).toEqual([
        expect.objectContaining({ level: 40, msg: "stripe webhook refused: bad signature" }),
      ]);
    }
    expect(await outcomeOf(order, buyer.id)).toEqual(before);
    expect(before).toMatchObject({ status: "awaiting_payment", confirmations: 0, events: 0 });
  });

  it("a signed event whose amount or currency is not the order's changes nothing and is logged", async () => {
    const { order, sessionId, buyer } = await referredListOrder();
    const before = await outcomeOf(order, buyer.id);
    const session = {
      id: sessionId,
      object: "checkout.session",
      payment_status: "paid",
      status: "complete",
      amount_total: order.total,
      currency: "gbp",
      client_reference_id: order.id,
      metadata: { orderId: order.id },
    };
    const tampered: Record<string, unknown>[] = [
      { amount_total: 1 },
      { amount_total: order.total - 1 },
      { amount_total: order.total * 2 },
      { amount_total: null },
      { currency: "usd" },
      { currency: "eur", amount_total: order.total },
      { currency: null },
    ];
    for (const [i, change] of tampered.entries()) {
      const { ctx: logged, lines } = capturingLogger();
      const event = signedEvent(
        "checkout.session.completed",
        { ...session, ...change },
        `evt_tampered_${i}_${order.id}`,
      );
      expect(await handleStripeWebhook(logged, event.payload, event.signature)).toEqual({
        status: 200,
        body: "amount mismatch",
      });
      expect(lines).toEqual([
        expect.objectContaining({
          level: 50,
          msg: "stripe payment amount does not match the order; not marked paid",
          orderId: order.id,
          expected: order.total,
          charged: "amount_total" in change ? change.amount_total : order.total,
          currency: "currency" in change ? change.currency : "gbp",
        }),
      ]);
    }
    expect(await outcomeOf(order, buyer.id)).toEqual(before);

    // The real payment still goes through afterwards.
    expect(await post(completed(order, sessionId, `evt_real_${order.id}`))).toMatchObject({ body: "paid" });
    expect(await outcomeOf(order, buyer.id)).toMatchObject({
      status: "paid",
      confirmations: 1,
      prospects: 20,
    });
  });
});
