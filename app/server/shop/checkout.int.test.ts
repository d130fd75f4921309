// Checkout against a real database: orders from carts, numbering, the paid pipeline, referrals, and
// concurrent checkouts (which prove something on PostgreSQL only).
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cartItems,
  carts,
  emailOutbox,
  orderStatusHistory,
  orders,
  paymentEvents,
  referralCommissions,
  users,
} from "~/db/schema";
import { formatPence } from "~/utils/money";
import {
  admin,
  cartWithMultiLink,
  delivery,
  MULTI_LINK_ORDER_TOTAL,
  MULTI_LINK_PRICE,
  markPaidByAdmin,
  referralCommission,
  referralDiscount,
  STANDARD_DELIVERY,
  shopOpts,
} from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { getOrCreateReferralCode } from "../referrals/referrals.server";
import { createCart, loadCart, setCartReferrer } from "./cart.server";
import { CheckoutError, createOrderFromCart } from "./checkout.server";
import { getOrderByToken, setAdminStatus } from "./orders.server";
import { markOrderPaid } from "./payments/paid-pipeline.server";
import { refundOrder } from "./refunds.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

describe("checkout", () => {
  it("refuses an empty cart and a card without a valid link, creating nothing", async () => {
    const before = (await t.db.select({ n: count() }).from(orders))[0]!.n;
    const empty = await createCart(t.db);
    await expect(
      createOrderFromCart(t.db, {
        cartId: empty.id,
        delivery,
        paymentMethod: "bank_transfer",
        userId: null,
        ...shopOpts,
      }),
    ).rejects.toThrow("Please add at least one card to your cart before checking out.");
    // A row written around the validation (e.g. by an older version) still cannot be checked out.
    await t.db.insert(cartItems).values({
      cartId: empty.id,
      kind: "one-link",
      details: { links: [{ platform: "website", label: "Website", url: " " }] },
    });
    await expect(
      createOrderFromCart(t.db, {
        cartId: empty.id,
        delivery,
        paymentMethod: "bank_transfer",
        userId: null,
        ...shopOpts,
      }),
    ).rejects.toBeInstanceOf(CheckoutError);
    expect((await t.db.select({ n: count() }).from(orders))[0]!.n).toBe(before);
  });

  it("bank transfer: order awaiting payment, cart emptied, instructions queued; paid once however often it is marked", async () => {
    const cart = await cartWithMultiLink(t.db);
    const { order, token } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery,
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    expect(order).toMatchObject({ status: "awaiting_payment", total: MULTI_LINK_ORDER_TOTAL });
    expect(order.orderNumber).toMatch(/^WC[1-9]\d{5}$/);
    expect(await loadCart(t.db, cart.id)).toBeNull();
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, "dana@example.com"));
    expect(mails.some((m) => m.subject.includes(order.orderNumber) && m.text.includes("Sort code"))).toBe(
      true,
    );

    expect(await getOrderByToken(t.db, order.id, "wrong")).toBeNull();
    expect((await getOrderByToken(t.db, order.id, token))!.items).toHaveLength(1);

    const source = {
      provider: "manual" as const,
      eventId: `mark-paid:${order.id}`,
      type: "bank_transfer",
      actor: admin,
    };
    const [first, second] = await Promise.all([
      markOrderPaid(t.db, order.id, source, shopOpts),
      markOrderPaid(t.db, order.id, source, shopOpts),
    ]);
    expect([first.changed, second.changed].sort()).toEqual([false, true]);
    const confirmations = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Order ${order.orderNumber} confirmed`));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.text).toContain(`Total: ${formatPence(MULTI_LINK_ORDER_TOTAL)}`);
    expect(confirmations[0]!.text).toContain("1 Road");

    await setAdminStatus(t.db, order.id, "completed", admin);
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((h) => h.toStatus)).toEqual(["awaiting_payment", "paid", "completed"]);
    expect(history.at(-1)!.actor).toBe("admin@example.com");
  });

  it("a replayed webhook event changes nothing", async () => {
    const cart = await cartWithMultiLink(t.db);
    const { order } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery,
      paymentMethod: "card",
      userId: null,
      ...shopOpts,
    });
    expect(await loadCart(t.db, cart.id)).not.toBeNull(); // kept until the payment is confirmed
    const source = {
      provider: "stripe" as const,
      eventId: "evt_123",
      type: "checkout.session.completed",
      actor: { userId: null, label: "stripe webhook" },
    };
    expect((await markOrderPaid(t.db, order.id, source, shopOpts)).changed).toBe(true);
    expect(await markOrderPaid(t.db, order.id, source, shopOpts)).toEqual({
      changed: false,
      reason: "duplicate-event",
    });
    expect(await markOrderPaid(t.db, order.id, { ...source, eventId: "evt_124" }, shopOpts)).toEqual({
      changed: false,
      reason: "not-awaiting-payment",
    });
    expect(await loadCart(t.db, cart.id)).toBeNull();
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id));
    expect(events).toHaveLength(2);
  });

  it("a referrer's discount is applied and the commission recorded when paid, completed with the order", async () => {
    const [referrer] = await t.db
      .insert(users)
      .values({ id: crypto.randomUUID(), name: "Rita Referrer", email: `rita${Date.now()}@example.com` })
      .returning();
    await getOrCreateReferralCode(t.db, referrer!.id);
    const cart = await cartWithMultiLink(t.db);
    await setCartReferrer(t.db, cart.id, referrer!.id);
    const { order } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery,
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    const discount = referralDiscount(MULTI_LINK_ORDER_TOTAL);
    expect(order).toMatchObject({
      subtotal: MULTI_LINK_PRICE,
      deliveryFee: STANDARD_DELIVERY,
      discount,
      total: MULTI_LINK_ORDER_TOTAL - discount,
    });
    await markPaidByAdmin(t.db, order.id);
    const [commission] = await t.db
      .select()
      .from(referralCommissions)
      .where(eq(referralCommissions.orderId, order.id));
    expect(commission).toMatchObject({
      amount: referralCommission(MULTI_LINK_PRICE),
      status: "pending",
      referrerUserId: referrer!.id,
    });
    await setAdminStatus(t.db, order.id, "completed", admin);
    await refundOrder(t.db, order.id, admin, { stripe: undefined, shop: { name: "TapCard" } });
    const [after] = await t.db
      .select()
      .from(referralCommissions)
      .where(eq(referralCommissions.orderId, order.id));
    expect(after!.status).toBe("reversed");
  });
});

describe("concurrency", () => {
  it("20 concurrent checkouts get 20 distinct order numbers and none is lost", async () => {
    const cartsMade = await Promise.all(Array.from({ length: 20 }, () => cartWithMultiLink(t.db)));
    const before = (await t.db.select({ n: count() }).from(orders))[0]!.n;
    const results = await Promise.all(
      cartsMade.map((c) =>
        createOrderFromCart(t.db, {
          cartId: c.id,
          delivery,
          paymentMethod: "bank_transfer",
          userId: null,
          ...shopOpts,
        }),
      ),
    );
    const numbers = new Set(results.map((r) => r.order.orderNumber));
    expect(numbers.size).toBe(20);
    for (const n of numbers) expect(n).toMatch(/^WC\d{6}$/);
    expect((await t.db.select({ n: count() }).from(orders))[0]!.n).toBe(before + 20);
  });

  it("a double-submitted checkout of one cart leaves one order awaiting payment", async () => {
    const cart = await cartWithMultiLink(t.db);
    const results = await Promise.allSettled(
      [1, 2].map(() =>
        createOrderFromCart(t.db, {
          cartId: cart.id,
          delivery,
          paymentMethod: "card",
          userId: null,
          ...shopOpts,
        }),
      ),
    );
    const made = results.filter((r) => r.status === "fulfilled");
    expect(made.length).toBeGreaterThanOrEqual(1);
    const open = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.cartId, cart.id), eq(orders.status, "awaiting_payment")));
    expect(open).toHaveLength(1);
    expect(await t.db.select().from(carts).where(eq(carts.id, cart.id))).toHaveLength(1);
  });
});
