// The shop against a stranger's abuse: order numbers only for orders, rate limits on orders, and referrers who
// cannot refer themselves. The cart's own limits are in cart-abuse.int.test.ts.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, orderNumbers, orders, referralCommissions, users } from "~/db/schema";
import { CHECKOUT_MESSAGES } from "~/schemas/checkout";
import {
  countRows,
  deliveryTo,
  form,
  ipSequence,
  oneLinkCard,
  shopContext,
  shopOpts,
  testConfig,
  toastOf,
} from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { loadConfig } from "../platform/env.server";
import {
  addCardItem,
  cartCookieHeader,
  changeQuantity,
  createCart,
  loadCart,
  readCartId,
  saveCartDelivery,
  setCartReferrer,
} from "./cart.server";
import { addCardToCart } from "./cart-actions.server";
import { createOrderFromCart } from "./checkout.server";
import { placeOrder } from "./checkout-actions.server";
import { SHOP_LIMITS } from "./limits.server";
import { markOrderPaid } from "./payments/paid-pipeline.server";

let t: TestDb;
const config = testConfig("shop-abuse");

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

const contextFor = (clientIp: string) => shopContext(t.db, config, clientIp);
const uniqueIp = ipSequence();

describe("order numbers", () => {
  it("are not reserved while a cart is only browsed, and one is when the order is placed", async () => {
    const before = await countRows(t.db, orderNumbers);
    const context = contextFor(uniqueIp());
    // A cookieless visitor adds a card: the real entry point creates the cart.
    const added = await addCardToCart(
      context,
      new Request("http://shop.test/cart", { method: "POST" }),
      form({ type: "one-link", "links[0].platform": "website", "links[0].url": "https://b.example" }),
    );
    expect(added).toBeInstanceOf(Response);
    const cookie = (added as Response).headers.getSetCookie().find((c) => c.startsWith("cart="))!;
    const cartId = await readCartId(
      new Request("http://shop.test/", { headers: { Cookie: cookie.split(";")[0]! } }),
    );
    const cart = (await loadCart(t.db, cartId))!;
    await addCardItem(t.db, cart.id, oneLinkCard);
    await changeQuantity(t.db, cart.id, cart.items[0]!.id, 1);
    await saveCartDelivery(t.db, cart.id, deliveryTo("browse@example.com"));
    expect(await countRows(t.db, orderNumbers)).toBe(before);

    const { order } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery: deliveryTo("browse@example.com"),
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    expect(order.orderNumber).toMatch(/^WC[1-9]\d{5}$/);
    expect(await countRows(t.db, orderNumbers)).toBe(before + 1);
  });

  it("a card checkout abandoned and started again leaves one live order for the cart", async () => {
    const cart = await createCart(t.db);
    await addCardItem(t.db, cart.id, oneLinkCard);
    const checkout = () =>
      createOrderFromCart(t.db, {
        cartId: cart.id,
        delivery: deliveryTo("again@example.com"),
        paymentMethod: "card",
        userId: null,
        ...shopOpts,
      });
    const first = await checkout();
    const second = await checkout();
    expect(second.order.orderNumber).not.toBe(first.order.orderNumber);
    const made = await t.db.select().from(orders).where(eq(orders.cartId, cart.id));
    expect(Object.fromEntries(made.map((o) => [o.orderNumber, o.status]))).toEqual({
      [first.order.orderNumber]: "cancelled",
      [second.order.orderNumber]: "awaiting_payment",
    });
  });
});

describe("placing orders", () => {
  async function readyCart(email: string) {
    const cart = await createCart(t.db);
    await addCardItem(t.db, cart.id, oneLinkCard);
    await saveCartDelivery(t.db, cart.id, deliveryTo(email));
    return cart;
  }
  async function place(ip: string, email: string) {
    const cart = await readyCart(email);
    const request = new Request("http://shop.test/cart", {
      method: "POST",
      headers: { Cookie: await cartCookieHeader(cart.id) },
    });
    return placeOrder(contextFor(ip), request, form({ paymentMethod: "bank_transfer" })) as Promise<Response>;
  }
  const ordersTo = async (email: string) =>
    (await t.db.select({ n: count() }).from(orders).where(eq(orders.customerEmail, email)))[0]!.n;
  const mailsTo = async (email: string) =>
    (await t.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.to, email)))[0]!.n;

  it(`are limited to ${SHOP_LIMITS.placeOrder.max} an hour per client address: the next is refused, nothing written`, async () => {
    const ip = uniqueIp();
    const emails = Array.from(
      { length: SHOP_LIMITS.placeOrder.max + 1 },
      (_, i) => `many${i}.${ip}@example.com`,
    );
    for (const email of emails.slice(0, -1))
      expect((await place(ip, email)).headers.get("Location")).toMatch(/^\/payment-success/);
    const before = await countRows(t.db, orders);
    const last = emails.at(-1)!;
    const refused = await place(ip, last);
    expect(refused.headers.get("Location")).toBe("/cart");
    expect(await toastOf(refused.headers)).toMatchObject({
      type: "error",
      title: "Checkout error",
      description: CHECKOUT_MESSAGES.tooManyOrders,
    });
    expect(await countRows(t.db, orders)).toBe(before);
    expect(await mailsTo(last)).toBe(0);
  });

  it(`are limited to ${SHOP_LIMITS.placeOrder.max} an hour per recipient e-mail, whatever the address they come from`, async () => {
    const victim = `Victim.${randomBytes(4).toString("hex")}@Example.com`;
    for (let i = 0; i < SHOP_LIMITS.placeOrder.max; i++)
      expect((await place(uniqueIp(), victim)).headers.get("Location")).toMatch(/^\/payment-success/);
    const refused = await place(uniqueIp(), victim.toLowerCase());
    expect(refused.headers.get("Location")).toBe("/cart");
    expect(await ordersTo(victim.toLowerCase())).toBe(SHOP_LIMITS.placeOrder.max);
    expect(await mailsTo(victim.toLowerCase())).toBe(SHOP_LIMITS.placeOrder.max);
  });
});

describe("bank transfer switched off", () => {
  // Production without BANK_*: card payments only.
  const cardOnly = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "card-only-")),
    PUBLIC_URL: "http://shop.test",
    AUTH_SECRET: "s".repeat(32),
    SHOP_ADDRESS: "2 Real Road, Leeds",
    WHATSAPP_NUMBER: "+447700900123",
    STRIPE_SECRET_KEY: "sk_test_card_only",
    STRIPE_WEBHOOK_SECRET: "whsec_card_only",
  });

  it("refuses a bank-transfer order, writing no order and no e-mail, and keeps the cart", async () => {
    expect(cardOnly.bank).toBeUndefined();
    const email = `nobank.${randomBytes(4).toString("hex")}@example.com`;
    const cart = await createCart(t.db);
    await addCardItem(t.db, cart.id, oneLinkCard);
    await saveCartDelivery(t.db, cart.id, deliveryTo(email));
    const request = new Request("http://shop.test/cart", {
      method: "POST",
      headers: { Cookie: await cartCookieHeader(cart.id) },
    });
    const refused = (await placeOrder(
      shopContext(t.db, cardOnly, uniqueIp()),
      request,
      form({ paymentMethod: "bank_transfer" }),
    )) as Response;
    expect(refused.headers.get("Location")).toBe("/cart");
    expect(await toastOf(refused.headers)).toMatchObject({
      type: "error",
      description: CHECKOUT_MESSAGES.bankTransferOff,
    });
    // The checkout itself refuses it too, whichever way it is reached.
    await expect(
      createOrderFromCart(t.db, {
        cartId: cart.id,
        delivery: deliveryTo(email),
        paymentMethod: "bank_transfer",
        userId: null,
        shop: "TapCard",
        bank: cardOnly.bank,
      }),
    ).rejects.toThrow(CHECKOUT_MESSAGES.bankTransferOff);
    expect((await t.db.select().from(orders).where(eq(orders.customerEmail, email))).length).toBe(0);
    expect((await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).length).toBe(0);
    expect((await loadCart(t.db, cart.id))?.items).toHaveLength(1);
  });
});

describe("referrals", () => {
  it("a referrer checking out with their own account's e-mail gets no discount and earns no commission", async () => {
    const [referrer] = await t.db
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        name: "Sly Self",
        email: `sly.${randomBytes(4).toString("hex")}@example.com`,
      })
      .returning();
    const cart = await createCart(t.db);
    await addCardItem(t.db, cart.id, oneLinkCard);
    await setCartReferrer(t.db, cart.id, referrer!.id);
    expect((await loadCart(t.db, cart.id))!.totals.discount).toBeGreaterThan(0);
    const own = deliveryTo(referrer!.email.toUpperCase());
    // Once the delivery step has the e-mail, the cart already shows the price the order will have.
    await saveCartDelivery(t.db, cart.id, own);
    expect((await loadCart(t.db, cart.id))!.totals).toMatchObject({ discount: 0, total: 3499 });
    const { order } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery: own,
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    expect(order).toMatchObject({ discount: 0, total: 3499, referrerUserId: null });
    await markOrderPaid(
      t.db,
      order.id,
      {
        provider: "manual",
        eventId: `m:${order.id}`,
        type: "bank_transfer",
        actor: { userId: null, label: "a" },
      },
      shopOpts,
    );
    expect(
      await t.db.select().from(referralCommissions).where(eq(referralCommissions.orderId, order.id)),
    ).toEqual([]);
  });
});
