// The shop against a real database: cart, orders, numbering, the paid pipeline and update requests.
import { and, count, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cartItems,
  carts,
  emailOutbox,
  orderStatusHistory,
  orders,
  paymentEvents,
  referralCommissions,
  updateRequests,
  users,
} from "~/db/schema";
import { cardItemFromForm } from "~/schemas/cart";
import type { Delivery } from "~/schemas/checkout";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createCardPage, getCardPageBySlug } from "../cards/cards.server";
import {
  addCardItem,
  addUpdateRequestItem,
  cartCookieHeader,
  changeQuantity,
  createCart,
  loadCart,
  setCartReferrer,
} from "./cart.server";
import { changeCart } from "./cart-actions.server";
import { CheckoutError, createOrderFromCart } from "./checkout.server";
import { getOrderByToken, setAdminStatus } from "./orders.server";
import { markOrderPaid } from "./payments/paid-pipeline.server";
import { getOrCreateReferralCode, setReferrerFeatured } from "./referrals.server";
import { proveOwnership } from "./update-requests.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

const shopOpts = {
  shop: "TapCard",
  bank: { accountName: "Acme", sortCode: "00-00-00", accountNumber: "1234" },
};
const delivery: Delivery = {
  fullName: "Dana Buyer",
  email: "dana@example.com",
  phone: "+44 7700 900000",
  addressLine1: "1 Road",
  city: "London",
  postalCode: "N1 1AA",
  country: "United Kingdom",
};
const admin = { userId: null, label: "admin@example.com" };

function form(entries: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  return f;
}

async function cartWithMultiLink() {
  const cart = await createCart(t.db);
  const parsed = cardItemFromForm(
    form({
      type: "multi-link",
      name: "Dana",
      instagram: "https://instagram.com/dana",
      "links[0].platform": "custom",
      "links[0].name": "Shop",
      "links[0].url": "https://dana.example",
      // Tampering: prices and quantities are not fields the server reads.
      price: "1",
      quantity: "500",
    }),
  );
  expect(parsed.success).toBe(true);
  await addCardItem(t.db, cart.id, parsed.data!);
  return cart;
}

describe("cart", () => {
  it("prices items from the catalogue", async () => {
    const cart = await cartWithMultiLink();
    const loaded = await loadCart(t.db, cart.id);
    expect(loaded!.items).toHaveLength(1);
    expect(loaded!.items[0]!.details).toMatchObject({ name: "Dana" });
    expect(loaded!.items[0]!.quantity).toBe(1);
    expect(loaded!.totals).toMatchObject({ subtotal: 5000, deliveryFee: 999, discount: 0, total: 5999 });
  });

  it("never lets a quantity fall below 1, and keeps update requests at 1", async () => {
    const cart = await cartWithMultiLink();
    const [item] = (await loadCart(t.db, cart.id))!.items;
    await changeQuantity(t.db, cart.id, item!.id, -1);
    await changeQuantity(t.db, cart.id, item!.id, -1);
    expect((await loadCart(t.db, cart.id))!.items[0]!.quantity).toBe(1);
    await changeQuantity(t.db, cart.id, item!.id, 1);
    await changeQuantity(t.db, cart.id, item!.id, 1);
    expect((await loadCart(t.db, cart.id))!.totals.subtotal).toBe(15000);

    await addUpdateRequestItem(t.db, cart.id, {
      cardNumber: "WC1234",
      name: "D",
      email: "d@example.com",
      action: "remove-link",
      linkToRemove: "https://x.example",
      proof: null,
    });
    const upd = (await loadCart(t.db, cart.id))!.items.find((i) => i.kind === "update-request")!;
    await changeQuantity(t.db, cart.id, upd.id, 1);
    expect((await loadCart(t.db, cart.id))!.items.find((i) => i.id === upd.id)!.quantity).toBe(1);
  });

  it("refuses links that break the rules with the specification's messages", () => {
    const bad = (entries: Record<string, string>) => {
      const r = cardItemFromForm(form(entries));
      return r.success ? null : r.error.issues.map((i) => i.message);
    };
    expect(bad({ type: "one-link", "links[0].platform": "email", "links[0].url": "nope" })).toContain(
      "Email must contain an @ symbol.",
    );
    expect(bad({ type: "one-link", "links[0].platform": "whatsapp", "links[0].url": "call me" })).toContain(
      "Phone numbers should only contain numbers and optionally a + character.",
    );
    expect(
      bad({ type: "one-link", "links[0].platform": "website", "links[0].url": "javascript:alert(1)" }),
    ).toContain("URL must start with http:// or https://");
    expect(
      bad({
        type: "one-link",
        "links[0].platform": "website",
        "links[0].url": "https://a.example",
        "links[1].platform": "website",
        "links[1].url": "https://b.example",
      }),
    ).toContain("One Link Cards can only have one link. Please remove the existing link first.");
    expect(bad({ type: "multi-link", name: "No links" })).toContain(
      "Please add at least one link before adding the card to your cart.",
    );
  });
});

describe("tampered requests", () => {
  it("ignores a posted referrer that is not on offer, and accepts a featured one", async () => {
    const cart = await cartWithMultiLink();
    const [stranger] = await t.db
      .insert(users)
      .values({ id: crypto.randomUUID(), name: "Not Featured", email: `nf${Date.now()}@example.com` })
      .returning();
    const [featured] = await t.db
      .insert(users)
      .values({ id: crypto.randomUUID(), name: "Featured", email: `f${Date.now()}@example.com` })
      .returning();
    await setReferrerFeatured(t.db, featured!.id, true);
    const context = { db: t.db } as unknown as AppLoadContext;
    const post = async (referrer: string) => {
      const request = new Request("http://shop.test/cart", {
        method: "POST",
        headers: { Cookie: await cartCookieHeader(cart.id) },
      });
      await changeCart(context, request, form({ intent: "referrer", referrer, returnTo: "/cart" }));
      return (await loadCart(t.db, cart.id))!;
    };
    expect((await post(stranger!.id)).referrerUserId).toBeNull();
    const chosen = await post(featured!.id);
    expect(chosen.referrerUserId).toBe(featured!.id);
    expect(chosen.totals.discount).toBe(600);
    expect((await post("none")).totals.discount).toBe(0);
  });
});

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
    const cart = await cartWithMultiLink();
    const { order, token } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery,
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    expect(order).toMatchObject({ status: "awaiting_payment", total: 5999 });
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
    expect(confirmations[0]!.text).toContain("Total: £59.99");
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
    const cart = await cartWithMultiLink();
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
    const cart = await cartWithMultiLink();
    await setCartReferrer(t.db, cart.id, referrer!.id);
    const { order } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery,
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    expect(order).toMatchObject({ subtotal: 5000, deliveryFee: 999, discount: 600, total: 5399 });
    await markOrderPaid(
      t.db,
      order.id,
      { provider: "manual", eventId: `m:${order.id}`, type: "bank_transfer", actor: admin },
      shopOpts,
    );
    const [commission] = await t.db
      .select()
      .from(referralCommissions)
      .where(eq(referralCommissions.orderId, order.id));
    expect(commission).toMatchObject({ amount: 1000, status: "pending", referrerUserId: referrer!.id });
    await setAdminStatus(t.db, order.id, "completed", admin);
    await setAdminStatus(t.db, order.id, "refunded", admin);
    const [after] = await t.db
      .select()
      .from(referralCommissions)
      .where(eq(referralCommissions.orderId, order.id));
    expect(after!.status).toBe("reversed");
  });
});

describe("update requests", () => {
  it("applies a paid request proven by the edit password, and queues one without proof", async () => {
    const page = await createCardPage(t.db, {
      name: "Owner",
      slug: `owner-${Date.now()}`,
      password: "the-edit-password",
      links: [{ title: "Website", url: "https://owner.example", icon: "globe" }],
    });
    const cart = await createCart(t.db);
    const proven = await proveOwnership(t.db, page.cardNumber, {
      userId: null,
      editPassword: "the-edit-password",
    });
    expect(proven.proof).toBe("password");
    const base = { cardNumber: page.cardNumber, name: "Owner", email: "owner@example.com" };
    await addUpdateRequestItem(t.db, cart.id, {
      ...base,
      action: "add-link",
      platform: "Instagram",
      url: "https://instagram.com/owner",
      ...proven,
    });
    const unproven = await proveOwnership(t.db, page.cardNumber, { userId: null, editPassword: "wrong" });
    expect(unproven.proof).toBeNull();
    await addUpdateRequestItem(t.db, cart.id, {
      ...base,
      action: "remove-link",
      linkToRemove: "https://owner.example",
      ...unproven,
    });
    const loaded = await loadCart(t.db, cart.id);
    expect(loaded!.totals).toMatchObject({ subtotal: 200, deliveryFee: 0, total: 200 });

    const { order } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery,
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    const result = await markOrderPaid(
      t.db,
      order.id,
      { provider: "manual", eventId: `m:${order.id}`, type: "bank_transfer", actor: admin },
      shopOpts,
    );
    expect(result).toMatchObject({ changed: true, applied: 1, queued: 1 });
    const after = await getCardPageBySlug(t.db, page.slug);
    expect(after!.links.map((l) => l.url)).toEqual(["https://owner.example/", "https://instagram.com/owner"]);
    const queued = await t.db
      .select()
      .from(updateRequests)
      .where(and(eq(updateRequests.orderId, order.id), eq(updateRequests.status, "pending_review")));
    expect(queued).toHaveLength(1);
  });
});

describe("concurrency", () => {
  it("20 concurrent checkouts get 20 distinct order numbers and none is lost", async () => {
    const cartsMade = await Promise.all(Array.from({ length: 20 }, () => cartWithMultiLink()));
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
    const cart = await cartWithMultiLink();
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
