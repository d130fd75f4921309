// Delivery options through the cart's own actions: the option chosen with the address is priced from the
// catalogue, stored on the order with its fee, named in the e-mail and on Stripe's page (over real HTTP to the
// fake Stripe API), and refused, with nothing written, when it does not post to the address's country.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carts, customerPreferences, emailOutbox, orders } from "~/db/schema";
import { DELIVERY_OPTIONS, type DeliveryOptionId } from "~/delivery-options";
import * as cartRoute from "~/routes/shop/cart";
import { loadConfig } from "~/server/platform/env.server";
import { startFakeStripe } from "../../../tests/mocks/fake-stripe.mjs";
import { routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, getRequest, postRequest } from "../../../tests/support/routes";
import {
  cartWithMultiLink,
  ipSequence,
  MULTI_LINK_PRICE,
  referralDiscount,
  shopContext,
  toastOf,
} from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { getOrCreateReferralCode } from "../referrals/referrals.server";
import { addUpdateRequestItem, cartCookieHeader, createCart, setCartReferrer } from "./cart.server";
import { createOrderFromCart, DeliveryRefusedError } from "./checkout.server";

let t: TestDb;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let config: ReturnType<typeof loadConfig>;
const nextIp = ipSequence();
const CART = "http://shop.test/cart";

beforeAll(async () => {
  t = await createTestDb();
  fake = await startFakeStripe();
  config = loadConfig({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "delivery-options-")),
    PUBLIC_URL: "http://shop.test",
    STRIPE_SECRET_KEY: "sk_test_delivery",
    STRIPE_WEBHOOK_SECRET: "whsec_delivery",
    STRIPE_API_BASE: fake.url,
  });
});
afterAll(async () => {
  await fake?.stop();
  await t?.close();
});

const address = (country: string, email = "pat@example.com") => ({
  fullName: "Pat Buyer",
  email,
  phone: "+33 1 23 45 67 89",
  addressLine1: "1 Rue de Rivoli",
  city: country === "GB" ? "London" : "Paris",
  postalCode: country === "GB" ? "N1 1AA" : "75001",
  country,
});

/** A visitor with a cart holding one Multi Link card (its price from the catalogue), at a client address of their own. */
async function visitor() {
  const cart = await cartWithMultiLink(t.db);
  const cookie = (await cartCookieHeader(cart.id)).split(";")[0]!;
  return { cart, cookie, context: shopContext(t.db, config, nextIp()) };
}

async function chooseDelivery(
  v: { cookie: string; context: AppLoadContext },
  fields: Record<string, string>,
) {
  return answer(cartRoute.action, postRequest(CART, { intent: "delivery", ...fields }, v.cookie), v.context);
}

async function placeOrder(v: { cookie: string; context: AppLoadContext }, paymentMethod = "bank_transfer") {
  return answer(
    cartRoute.action,
    postRequest(CART, { intent: "place-order", paymentMethod }, v.cookie),
    v.context,
  );
}

const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n;

describe("delivery options at checkout", () => {
  const cases: [DeliveryOptionId, string][] = [
    ["uk-standard", "GB"],
    ["uk-next-day", "GB"],
    ["international", "FR"],
  ];
  for (const [option, country] of cases)
    it(`stores ${option} to ${country} with its own fee and total, and names it in the e-mail`, async () => {
      const v = await visitor();
      const email = `${option}@example.com`;
      const step = await chooseDelivery(v, { ...address(country, email), deliveryOption: option });
      expect(step).toMatchObject({ status: 302, location: "/cart?step=summary" });
      const summary = await answer(cartRoute.loader, getRequest(`${CART}?step=summary`, v.cookie), v.context);
      const fee = DELIVERY_OPTIONS[option].price;
      expect(summary.data.step).toBe("summary");
      expect(summary.data.view).toMatchObject({
        cart: { totals: { deliveryOption: option, deliveryFee: fee, total: MULTI_LINK_PRICE + fee } },
      });

      const placed = await placeOrder(v);
      expect(placed.location).toMatch(/^\/payment-success\?/);
      const [order] = await t.db.select().from(orders).where(eq(orders.customerEmail, email));
      expect(order).toMatchObject({
        deliveryOption: option,
        deliveryFee: fee,
        subtotal: MULTI_LINK_PRICE,
        total: MULTI_LINK_PRICE + fee,
        deliveryAddress: { country },
      });
      const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
      const o = DELIVERY_OPTIONS[option];
      expect(mail!.text).toContain(`Delivery, ${o.name} (${o.promise}): £${(fee / 100).toFixed(2)}`);
    });

  it("refuses international delivery to the United Kingdom with a field error, saving nothing", async () => {
    const v = await visitor();
    const refused = await chooseDelivery(v, { ...address("GB"), deliveryOption: "international" });
    expect(refused.status).toBe(400);
    expect(refused.data.result).toMatchObject({
      error: {
        deliveryOption: [
          "International Tracked is for addresses outside the United Kingdom. Please choose a UK delivery option.",
        ],
      },
    });
    const [row] = await t.db.select().from(carts).where(eq(carts.id, v.cart.id));
    expect(row).toMatchObject({ delivery: null, deliveryOption: null });
  });

  it("refuses UK next-day delivery to France, saving nothing", async () => {
    const v = await visitor();
    const refused = await chooseDelivery(v, { ...address("FR"), deliveryOption: "uk-next-day" });
    expect(refused.status).toBe(400);
    expect(refused.data.result).toMatchObject({
      error: {
        deliveryOption: [
          "UK Express delivers only within the United Kingdom. Please choose International Tracked for France.",
        ],
      },
    });
    const [row] = await t.db.select().from(carts).where(eq(carts.id, v.cart.id));
    expect(row).toMatchObject({ delivery: null, deliveryOption: null });
  });

  it("refuses a country that is not on the list; a post without an option gets the cheapest for the country", async () => {
    const v = await visitor();
    const unknown = await chooseDelivery(v, { ...address("Narnia"), deliveryOption: "international" });
    expect(unknown.data.result).toMatchObject({
      error: { country: ["Please choose your country from the list"] },
    });
    const cartRow = async () => (await t.db.select().from(carts).where(eq(carts.id, v.cart.id)))[0];
    expect(await cartRow()).toMatchObject({ delivery: null });
    expect(await chooseDelivery(v, address("FR"))).toMatchObject({ location: "/cart?step=summary" });
    expect(await cartRow()).toMatchObject({ deliveryOption: "international", delivery: { country: "FR" } });
  });

  it("refuses at placing an option that no longer serves the address, writing no order", async () => {
    const v = await visitor();
    await chooseDelivery(v, { ...address("FR"), deliveryOption: "international" });
    // The cart row changed behind the form (an older tab, a hand-made post): the server checks again.
    await t.db.update(carts).set({ deliveryOption: "uk-next-day" }).where(eq(carts.id, v.cart.id));
    const before = await orderCount();
    const placed = await placeOrder(v);
    expect(placed).toMatchObject({ status: 302, location: "/cart?step=delivery" });
    expect(await toastOf(placed.headers)).toMatchObject({ type: "error" });
    await expect(
      createOrderFromCart(t.db, {
        cartId: v.cart.id,
        delivery: address("GB"),
        deliveryOption: "international",
        paymentMethod: "bank_transfer",
        userId: null,
        shop: "TapCard",
        bank: config.bank,
      }),
    ).rejects.toBeInstanceOf(DeliveryRefusedError);
    expect(await orderCount()).toBe(before);
  });

  it("takes the referral discount off the subtotal plus the international fee", async () => {
    const v = await visitor();
    const auth = testAuth(t.db, config);
    const referrer = await verifiedCustomer(auth, t.db, "Rita", "rita@example.com");
    await getOrCreateReferralCode(t.db, referrer.id);
    await setCartReferrer(t.db, v.cart.id, referrer.id);
    await chooseDelivery(v, { ...address("FR", "referred@example.com"), deliveryOption: "international" });
    await placeOrder(v);
    const [order] = await t.db.select().from(orders).where(eq(orders.customerEmail, "referred@example.com"));
    const international = DELIVERY_OPTIONS.international.price;
    const discount = referralDiscount(MULTI_LINK_PRICE + international);
    expect(order).toMatchObject({
      deliveryFee: international,
      discount,
      total: MULTI_LINK_PRICE + international - discount,
    });
  });

  it("asks no option and charges no delivery for a cart with nothing to post", async () => {
    const cart = await createCart(t.db);
    await addUpdateRequestItem(t.db, cart.id, {
      cardNumber: "WC1234",
      action: "add",
      links: [{ platform: "website", label: "Website", url: "https://u.example" }],
    } as never);
    const v = {
      cart,
      cookie: (await cartCookieHeader(cart.id)).split(";")[0]!,
      context: shopContext(t.db, config, nextIp()),
    };
    const step = await chooseDelivery(v, {
      ...address("FR", "update@example.com"),
      deliveryOption: "uk-next-day",
    });
    expect(step.location).toBe("/cart?step=summary");
    await placeOrder(v);
    const [order] = await t.db.select().from(orders).where(eq(orders.customerEmail, "update@example.com"));
    expect(order).toMatchObject({ deliveryOption: null, deliveryFee: 0 });
  });
});

describe("the delivery option on Stripe's page", () => {
  it("sends a line named with the option and its promise, at its fee, over HTTP to the payment provider", async () => {
    const v = await visitor();
    await chooseDelivery(v, { ...address("FR", "stripe-intl@example.com"), deliveryOption: "international" });
    const placed = await placeOrder(v, "card");
    expect(placed.location).toMatch(new RegExp(`^${fake.url}/pay/`));
    const sessions = (await (await fetch(`${fake.url}/__sessions`)).json()) as {
      customer_email: string;
      amount_total: number;
      line_items: { quantity: string; price_data: { unit_amount: string; product_data: { name: string } } }[];
    }[];
    const session = sessions.find((s) => s.customer_email === "stripe-intl@example.com")!;
    expect(session.amount_total).toBe(MULTI_LINK_PRICE + DELIVERY_OPTIONS.international.price);
    expect(session.line_items).toContainEqual(
      expect.objectContaining({
        quantity: "1",
        price_data: expect.objectContaining({
          unit_amount: String(DELIVERY_OPTIONS.international.price),
          product_data: { name: "Delivery: International Tracked (7-14 business days)" },
        }),
      }),
    );
  });
});

describe("addresses saved when Country was free text", () => {
  it("prefill checkout with the country's code, or leave an unknown one to be chosen again", async () => {
    const auth = testAuth(t.db, config);
    const sam = await verifiedCustomer(auth, t.db, "Sam", "sam@example.com");
    const context = routeContext(t.db, config, auth, nextIp());
    const old = { ...address("GB", "sam@example.com"), country: "United Kingdom" };
    await t.db.insert(customerPreferences).values({ userId: sam.id, savedDelivery: old });
    const cart = await cartWithMultiLink(t.db);
    const cookie = `${sam.cookie}; ${(await cartCookieHeader(cart.id)).split(";")[0]}`;
    const prefill = async () =>
      (await answer(cartRoute.loader, getRequest(`${CART}?step=delivery`, cookie), context)).data;
    expect(await prefill()).toMatchObject({
      delivery: { country: "GB", deliveryOption: "uk-standard", city: "London" },
      countryHint: null,
    });

    await t.db
      .update(customerPreferences)
      .set({ savedDelivery: { ...old, country: "Atlantis" } })
      .where(eq(customerPreferences.userId, sam.id));
    expect(await prefill()).toMatchObject({
      delivery: { country: "", city: "London" },
      countryHint: "We could not find “Atlantis” in our list of countries: please choose your country again.",
    });
  });
});
