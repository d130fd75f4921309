// 'Mark refunded' against a real database and the fake Stripe API over real HTTP: a card payment is refunded
// through Stripe once however often the button is pressed, money sent back by bank transfer is recorded, the
// unpaid referral commission is reversed, the customer is e-mailed, and an unpaid order cannot be refunded.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  emailOutbox,
  orderStatusHistory,
  orders,
  paymentEvents,
  referralCommissions,
  users,
} from "~/db/schema";
import type { Delivery, PaymentMethod } from "~/schemas/checkout";
import { formatPence } from "~/utils/money";
import { startFakeStripe } from "../../../tests/mocks/fake-stripe.mjs";
import { MULTI_LINK_ORDER_TOTAL, referralDiscount } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { type Config, loadConfig } from "../platform/env.server";
import { addCardItem, createCart, setCartReferrer } from "./cart.server";
import { createOrderFromCart } from "./checkout.server";
import { OrderStatusError, setAdminStatus, setStripeSession } from "./orders.server";
import { markOrderPaid } from "./payments/paid-pipeline.server";
import { createCheckoutSession } from "./payments/stripe.server";
import { refundOrder } from "./refunds.server";

let t: TestDb;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let config: Config;
beforeAll(async () => {
  t = await createTestDb();
  fake = await startFakeStripe();
  config = loadConfig({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "refunds-")),
    STRIPE_SECRET_KEY: "sk_test_refunds",
    STRIPE_WEBHOOK_SECRET: "whsec_refunds",
    STRIPE_API_BASE: fake.url,
  });
});
afterAll(async () => {
  await fake?.stop();
  await t?.close();
});

const admin = { userId: null, label: "admin@example.com" };
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

/** What the referred order below costs. */
const REFERRED_TOTAL = MULTI_LINK_ORDER_TOTAL - referralDiscount(MULTI_LINK_ORDER_TOTAL);

/** A referred order for one Multi Link card posted by standard delivery, less the referral discount, placed but not paid. */
async function referredOrder(paymentMethod: PaymentMethod) {
  const referrer = await addUser("Referrer");
  const cart = await createCart(t.db);
  await addCardItem(t.db, cart.id, {
    kind: "multi-link",
    name: "Robin Refund",
    bio: "",
    links: [{ platform: "website", label: "Website", url: "https://robin.example" }],
  });
  await setCartReferrer(t.db, cart.id, referrer.id);
  const delivery: Delivery = {
    fullName: "Robin Refund",
    email: `robin.${++seq}@example.com`,
    phone: "+44 7700 900002",
    addressLine1: "3 Road",
    city: "York",
    postalCode: "YO1 1AA",
    country: "United Kingdom",
  };
  const placed = await createOrderFromCart(t.db, {
    cartId: cart.id,
    delivery,
    paymentMethod,
    userId: null,
    shop: "TapCard",
    bank: config.bank,
  });
  return { ...placed, referrer };
}

const opts = () => ({ shop: config.shop.name, bank: config.bank, publicUrl: "http://shop.test" });

/** Paid at the fake Stripe's payment page, then confirmed as the webhook would. */
async function cardOrderPaidAtStripe() {
  const { order, items, referrer } = await referredOrder("card");
  const session = await createCheckoutSession(config, {
    order,
    items,
    successUrl: "http://shop.test/payment-success",
    cancelUrl: "http://shop.test/payment-canceled",
  });
  await setStripeSession(t.db, order.id, session.id);
  const paid = await fetch(session.url, { method: "POST", redirect: "manual" });
  expect(paid.status).toBe(303);
  const source = {
    provider: "stripe" as const,
    eventId: `evt_paid_${order.id}`,
    type: "checkout.session.completed",
    actor: { userId: null, label: "stripe webhook" },
  };
  expect((await markOrderPaid(t.db, order.id, source, opts())).changed).toBe(true);
  return { order, referrer };
}

async function bankOrderMarkedPaid() {
  const { order, referrer } = await referredOrder("bank_transfer");
  const source = {
    provider: "manual" as const,
    eventId: `mark-paid:${order.id}`,
    type: "bank_transfer",
    actor: admin,
  };
  expect((await markOrderPaid(t.db, order.id, source, opts())).changed).toBe(true);
  return { order, referrer };
}

async function refundOf(orderId: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const history = await t.db
    .select()
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "refunded")));
  const events = await t.db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.orderId, orderId), eq(paymentEvents.type, "refund")));
  const [commission] = await t.db
    .select()
    .from(referralCommissions)
    .where(eq(referralCommissions.orderId, orderId));
  const mails = await t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.subject, `Order ${order!.orderNumber} refunded`));
  return { status: order!.status, history, events, commission: commission?.status, mails };
}

describe("Mark refunded on a card payment", () => {
  it("refunds through Stripe once when pressed twice at once, reverses the commission and e-mails the customer", async () => {
    const { order } = await cardOrderPaidAtStripe();
    expect((await refundOf(order.id)).commission).toBe("pending");
    const refundsBefore = fake.refunds.length;

    const results = await Promise.all([
      refundOrder(t.db, order.id, admin, config),
      refundOrder(t.db, order.id, admin, config),
    ]);
    expect(results.map((r) => r.changed).sort()).toEqual([false, true]);

    // One refund at Stripe, for what the customer paid.
    const made = fake.refunds.slice(refundsBefore);
    expect(made).toHaveLength(1);
    expect(made[0]!.amount).toBe(order.total);
    expect(order.total).toBe(REFERRED_TOTAL);

    const after = await refundOf(order.id);
    expect(after.status).toBe("refunded");
    expect(after.history).toHaveLength(1);
    expect(after.history[0]!.note).toBe(
      `Refunded ${formatPence(REFERRED_TOTAL)} through Stripe (${made[0]!.id})`,
    );
    expect(after.events.map((e) => e.eventId)).toEqual([made[0]!.id]);
    expect(after.commission).toBe("reversed");
    expect(after.mails).toHaveLength(1);
    expect(after.mails[0]!.to).toBe(order.customerEmail);
    expect(after.mails[0]!.text).toContain(
      `We have refunded ${formatPence(REFERRED_TOTAL)} for order ${order.orderNumber} to the card you paid with.`,
    );

    // A third press later finds the order refunded and asks Stripe for nothing.
    expect((await refundOrder(t.db, order.id, admin, config)).changed).toBe(false);
    expect(fake.refunds.length).toBe(refundsBefore + 1);
  });

  it("records a payment Stripe had already refunded (in its dashboard) without refunding it again", async () => {
    const { order } = await cardOrderPaidAtStripe();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    const session = fake.sessions.get(row!.stripeSessionId!)!;
    const direct = await fetch(`${fake.url}/v1/refunds`, {
      method: "POST",
      headers: { Authorization: "Bearer sk_test_dashboard" },
      body: new URLSearchParams({ payment_intent: String(session.payment_intent) }),
    });
    expect(direct.status).toBe(200);
    const refundsBefore = fake.refunds.length;

    expect((await refundOrder(t.db, order.id, admin, config)).changed).toBe(true);
    expect(fake.refunds.length).toBe(refundsBefore);
    const after = await refundOf(order.id);
    expect(after.status).toBe("refunded");
    expect(after.history[0]!.note).toBe("Stripe had already refunded this payment");
    expect(after.mails).toHaveLength(1);
  });
});

describe("Mark refunded on a bank transfer", () => {
  it("records that the money was sent back by hand, once, and asks Stripe for nothing", async () => {
    const { order } = await bankOrderMarkedPaid();
    await setAdminStatus(t.db, order.id, "completed", admin);
    expect((await refundOf(order.id)).commission).toBe("completed");
    const refundsBefore = fake.refunds.length;

    const results = await Promise.all([
      refundOrder(t.db, order.id, admin, config),
      refundOrder(t.db, order.id, admin, config),
    ]);
    expect(results.map((r) => r.changed).sort()).toEqual([false, true]);
    expect(fake.refunds.length).toBe(refundsBefore);

    const after = await refundOf(order.id);
    expect(after.status).toBe("refunded");
    expect(after.history.map((h) => [h.fromStatus, h.note])).toEqual([
      ["completed", `${formatPence(REFERRED_TOTAL)} sent back by bank transfer, by hand`],
    ]);
    expect(after.events).toHaveLength(1);
    expect(after.commission).toBe("reversed");
    expect(after.mails).toHaveLength(1);
    expect(after.mails[0]!.text).toContain(
      `We have sent ${formatPence(REFERRED_TOTAL)} for order ${order.orderNumber} back to you by bank transfer.`,
    );
  });
});

describe("the admin's status changes follow the order's lifecycle", () => {
  it("refuses to complete or refund an unpaid order, and changes nothing", async () => {
    const { order } = await referredOrder("card");
    const refundsBefore = fake.refunds.length;
    await expect(setAdminStatus(t.db, order.id, "completed", admin)).rejects.toThrow(
      new OrderStatusError("Record the payment first ('Mark paid')"),
    );
    await expect(refundOrder(t.db, order.id, admin, config)).rejects.toThrow(
      new OrderStatusError("Record the payment first ('Mark paid')"),
    );
    expect(fake.refunds.length).toBe(refundsBefore);
    expect((await refundOf(order.id)).status).toBe("awaiting_payment");
  });

  it("keeps a refunded order refunded: it cannot go back to pending or completed", async () => {
    const { order } = await bankOrderMarkedPaid();
    await refundOrder(t.db, order.id, admin, config);
    for (const target of ["pending", "completed"] as const)
      await expect(setAdminStatus(t.db, order.id, target, admin)).rejects.toThrow(
        new OrderStatusError("This order was refunded"),
      );
    expect((await refundOf(order.id)).status).toBe("refunded");
  });

  it("refunds only through 'Mark refunded', which records how the money went back", async () => {
    const { order } = await bankOrderMarkedPaid();
    await expect(setAdminStatus(t.db, order.id, "refunded", admin)).rejects.toBeInstanceOf(OrderStatusError);
    expect((await refundOf(order.id)).status).toBe("paid");
  });
});
