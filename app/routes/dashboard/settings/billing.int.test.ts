// Settings, Billing tab as routes: the saved delivery address (which then prefills checkout) and the order
// history with receipts, where each customer sees only their own orders and another's answer 404.

import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerPreferences, users } from "~/db/schema";
import type { Delivery } from "~/schemas/checkout";
import type { Auth } from "~/server/accounts/auth.server";
import { cartCookieHeader } from "~/server/shop/cart.server";
import { createOrderFromCart } from "~/server/shop/checkout.server";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../../tests/support/auth";
import { answer, getRequest, postRequest } from "../../../../tests/support/routes";
import { cartWithMultiLink, delivery, shopOpts, testConfig, toastOf } from "../../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../../tests/support/test-db";
import * as cart from "../../shop/cart";
import * as billing from "./billing";
import * as receipt from "./billing-receipt";

let t: TestDb;
let auth: Auth;
let context: AppLoadContext;
const config = testConfig("billing-settings");

let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
let adminCookie: string;
/** Order numbers by who placed them and how. */
const placed: Record<string, { id: string; orderNumber: string }> = {};

async function order(userId: string | null, to: Delivery) {
  const c = await cartWithMultiLink(t.db);
  const { order } = await createOrderFromCart(t.db, {
    cartId: c.id,
    delivery: to,
    paymentMethod: "bank_transfer",
    userId,
    ...shopOpts,
  });
  return { id: order.id, orderNumber: order.orderNumber };
}

const alicesHome: Delivery = { ...delivery, fullName: "Alice Last-Order", email: "alice@example.com" };

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  adminCookie = await adminCookieFor(auth, t.db);
  alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
  bob = await verifiedCustomer(auth, t.db, "Bob", "bob@example.com");
  placed.aliceSignedIn = await order(alice.id, alicesHome);
  // A guest order with Alice's verified e-mail is hers too.
  placed.guestWithAlicesEmail = await order(null, {
    ...delivery,
    fullName: "Alice As Guest",
    email: "Alice@Example.com",
  });
  // Bob, signed in, sent an order to Alice's e-mail: it stays Bob's.
  placed.bobToAlicesEmail = await order(bob.id, { ...delivery, email: "alice@example.com" });
  placed.stranger = await order(null, { ...delivery, email: "zed@example.com" });
});
afterAll(() => t?.close());

const BILLING = "http://shop.test/dashboard/settings/billing";
const post = (cookie: string, fields: Record<string, string>) => postRequest(BILLING, fields, cookie);
const numbersOn = async (cookie: string) =>
  (
    (await answer(billing.loader, getRequest(BILLING, cookie), context)).data.orders as {
      orderNumber: string;
    }[]
  ).map((o) => o.orderNumber);
const receiptFor = (cookie: string, orderId: string) =>
  answer(receipt.loader, getRequest(`${BILLING}/receipt/${orderId}`, cookie), context, { orderId });

const saved: Delivery = {
  fullName: "Alice Saved",
  email: "alice.deliveries@example.com",
  phone: "+44 7700 900111",
  addressLine1: "2 Saved Street",
  addressLine2: "Flat 3",
  city: "Leeds",
  postalCode: "LS1 1AA",
  // The Country select posts the ISO 3166-1 code.
  country: "GB",
};

describe("Settings, Billing: saved delivery address", () => {
  /** What the checkout's delivery form starts with for this visitor and cart. */
  async function checkoutPrefill(cookie: string) {
    const c = await cartWithMultiLink(t.db);
    const cartCookie = (await cartCookieHeader(c.id)).split(";")[0]!;
    const page = await answer(
      cart.loader,
      getRequest("http://shop.test/cart?step=delivery", `${cookie}; ${cartCookie}`),
      context,
    );
    return page.data.delivery;
  }

  it("prefills checkout with the last order's address while nothing is saved, a guest order of hers included", async () => {
    expect(await checkoutPrefill(alice.cookie)).toMatchObject({ fullName: "Alice As Guest" });
  });

  it("saves the address, shows it again, and checkout then starts with it rather than the last order's", async () => {
    const ok = await answer(billing.action, post(alice.cookie, { intent: "address", ...saved }), context);
    expect(ok).toMatchObject({ status: 302, location: "/dashboard/settings/billing" });
    expect(await toastOf(ok.headers)).toMatchObject({ type: "success", title: "Delivery address saved" });
    const page = await answer(billing.loader, getRequest(BILLING, alice.cookie), context);
    expect(page.data.saved).toEqual(saved);
    expect(await checkoutPrefill(alice.cookie)).toEqual({ ...saved, deliveryOption: "uk-standard" });
    // Another customer's checkout is not touched by it.
    expect(await checkoutPrefill(bob.cookie)).not.toMatchObject({ fullName: "Alice Saved" });
  });

  it("refuses bad input with 400 and the checkout's messages, keeping the saved address whole", async () => {
    const cases: [Partial<Record<keyof Delivery, string>>, keyof Delivery, string][] = [
      [{ city: "" }, "city", "City is required"],
      [{ email: "nope" }, "email", "Invalid email address"],
      [{ fullName: "x".repeat(201) }, "fullName", "This field is too long"],
      [{ addressLine1: "y".repeat(100_000) }, "addressLine1", "This field is too long"],
      [{ country: "Narnia" }, "country", "Please choose your country from the list"],
      [{ country: "z".repeat(100_000) }, "country", "This field is too long"],
    ];
    for (const [change, field, message] of cases) {
      const refused = await answer(
        billing.action,
        post(alice.cookie, { intent: "address", ...saved, fullName: "Half Written", ...change }),
        context,
      );
      expect(refused.status, message).toBe(400);
      const errors = (refused.data.result as { error: Record<string, string[]> }).error;
      expect(errors[field], message).toEqual([message]);
    }
    const [row] = await t.db
      .select({ saved: customerPreferences.savedDelivery })
      .from(customerPreferences)
      .where(eq(customerPreferences.userId, alice.id));
    expect(row!.saved).toEqual(saved);
  });

  it("answers an unknown intent with 400, and an anonymous post with the login page", async () => {
    const unknown = await answer(billing.action, post(bob.cookie, { intent: "delete", ...saved }), context);
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ error: "Unknown action" });
    const anonymous = await answer(billing.action, post("", { intent: "address", ...saved }), context);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login/);
    const rows = await t.db.select().from(customerPreferences).where(eq(customerPreferences.userId, bob.id));
    expect(rows).toEqual([]);
  });
});

describe("Settings, Billing: order history and receipts", () => {
  it("lists a customer's own orders, newest first: placed signed in, or as a guest with their verified e-mail", async () => {
    expect(await numbersOn(alice.cookie)).toEqual([
      placed.guestWithAlicesEmail!.orderNumber,
      placed.aliceSignedIn!.orderNumber,
    ]);
    expect(await numbersOn(bob.cookie)).toEqual([placed.bobToAlicesEmail!.orderNumber]);
    expect(await numbersOn(adminCookie)).toEqual([]);
    const page = await answer(billing.loader, getRequest(BILLING, alice.cookie), context);
    expect((page.data.orders as Record<string, unknown>[])[0]).toMatchObject({
      total: expect.any(Number),
      status: "awaiting_payment",
      createdAt: expect.any(Date),
    });
  });

  it("opens the receipt of one's own order, and answers 404 for anyone else's", async () => {
    const own = await receiptFor(alice.cookie, placed.aliceSignedIn!.id);
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toContain("text/html");
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(own.body).toContain(placed.aliceSignedIn!.orderNumber);
    expect((await receiptFor(alice.cookie, placed.guestWithAlicesEmail!.id)).status).toBe(200);

    for (const [cookie, id] of [
      [bob.cookie, placed.aliceSignedIn!.id],
      [bob.cookie, placed.guestWithAlicesEmail!.id],
      [alice.cookie, placed.bobToAlicesEmail!.id],
      [alice.cookie, placed.stranger!.id],
      [adminCookie, placed.aliceSignedIn!.id],
      [alice.cookie, "not-an-order"],
      [alice.cookie, crypto.randomUUID()],
    ] as const) {
      const refused = await receiptFor(cookie, id);
      expect(refused.status).toBe(404);
      expect(refused.body).not.toContain("Receipt");
    }
    const anonymous = await receiptFor("", placed.aliceSignedIn!.id);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login/);
  });

  it("stops matching guest orders by e-mail while the account's address is not verified", async () => {
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, alice.id));
    try {
      expect(await numbersOn(alice.cookie)).toEqual([placed.aliceSignedIn!.orderNumber]);
      expect((await receiptFor(alice.cookie, placed.guestWithAlicesEmail!.id)).status).toBe(404);
    } finally {
      await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, alice.id));
    }
  });

  it("pages the history and ignores a page number that is not one", async () => {
    const first = await answer(billing.loader, getRequest(`${BILLING}?page=abc`, alice.cookie), context);
    expect(first.data).toMatchObject({ page: 1, hasNext: false });
    const far = await answer(billing.loader, getRequest(`${BILLING}?page=2`, alice.cookie), context);
    expect(far.data).toMatchObject({ page: 2, orders: [], hasNext: false });
  });
});
