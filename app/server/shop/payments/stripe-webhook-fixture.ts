// The Stripe webhook tests' shared setup: a database, the fake Stripe API, orders placed by card, and events
// signed as Stripe signs them, posted through the same handler the route uses.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, inArray } from "drizzle-orm";
import pino from "pino";
import Stripe from "stripe";
import { afterAll, beforeAll, expect } from "vitest";
import {
  businessLists,
  businessTypes,
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
import { addBusinessListToCart } from "../business-list-cart.server";
import { addCardItem, createCart, setCartReferrer } from "../cart.server";
import { createOrderFromCart } from "../checkout.server";
import { setStripeSession } from "../orders.server";
import { handleStripeWebhook, type WebhookContext } from "./stripe-webhook.server";

export const secret = "whsec_webhook_test";
export let t: TestDb;
export let ctx: WebhookContext;
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

export function checkOutByCard(cartId: string) {
  return createOrderFromCart(t.db, {
    cartId,
    delivery,
    paymentMethod: "card",
    userId: null,
    shop: "TapCard",
    bank: ctx.config.bank,
  });
}

export async function cardOrder() {
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

export function signedEvent(type: string, session: Record<string, unknown>, eventId: string) {
  const payload = JSON.stringify({ id: eventId, object: "event", type, data: { object: session } });
  const signature = new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}

export const completed = (order: { id: string; total: number }, sessionId: string, eventId: string) =>
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

export async function post(event: { payload: string; signature: string }) {
  return handleStripeWebhook(ctx, event.payload, event.signature);
}

/** A logger whose lines the test can read: pino writes each line synchronously to this stream. */
export function capturingLogger() {
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
export async function referredListOrder() {
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

export const expired = (order: { id: string }, sessionId: string, eventId: string) =>
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
export async function outcomeOf(order: { id: string; orderNumber: string }, buyerId?: string) {
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
