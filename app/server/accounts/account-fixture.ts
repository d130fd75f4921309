// The account tests' shared setup: a database, customers signed in through the sign-in form from addresses of
// their own, posts to Settings -> Account, and whether a password still signs in.

import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll } from "vitest";
import * as dashboard from "~/routes/dashboard/layout";
import * as account from "~/routes/dashboard/settings/account";
import { routeContext, signInCookie, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, CookieJar, getPage, postForm } from "../../../tests/support/routes";
import { deliveryTo, ipSequence, oneLinkCard, testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { enqueueEmail } from "../platform/email/outbox.server";
import { addCardItem, createCart } from "../shop/cart.server";
import { createOrderFromCart } from "../shop/checkout.server";
import { setAdminStatus } from "../shop/orders.server";
import { markOrderPaid } from "../shop/payments/paid-pipeline.server";
import type { Auth } from "./auth.server";

export const SITE = "http://shop.test";
export const ACCOUNT = `${SITE}/dashboard/settings/account`;
export const PASSWORD = "customer-pass-1";
export let t: TestDb;
export let auth: Auth;
export const config = testConfig("account");
const nextIp = ipSequence();
export const at = (ip = nextIp()): AppLoadContext => routeContext(t.db, config, auth, ip);

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config, (m) => enqueueEmail(t.db, m).then(() => {}));
});
afterAll(() => t?.close());

export let seq = 0;
export async function customer() {
  const email = `account-${++seq}@example.com`;
  const { id, cookie } = await verifiedCustomer(auth, t.db, "Ada Owner", email);
  return { id, email, jar: new CookieJar(cookie) };
}

export const signedIn = async (jar: CookieJar) =>
  (await answer(dashboard.loader, getPage(`${SITE}/dashboard`, jar), at())).status === 200;

export const post = (jar: CookieJar, fields: Record<string, string>) =>
  answer(account.action, postForm(ACCOUNT, jar, fields), at());

export async function canSignIn(email: string, password: string) {
  const cookie = await signInCookie(auth, email, password);
  return cookie.includes("session_token=") && !/session_token=;/.test(cookie);
}

/** An order of one One Link card for this account (or a guest with its e-mail), paid and then delivered. */
export async function deliveredOrder(email: string, userId: string | null, deliver = true) {
  const cart = await createCart(t.db);
  await addCardItem(t.db, cart.id, oneLinkCard);
  const { order } = await createOrderFromCart(t.db, {
    cartId: cart.id,
    delivery: deliveryTo(email),
    paymentMethod: "bank_transfer",
    userId,
    shop: config.shop.name,
    bank: { accountName: "Acme", sortCode: "00-00-00", accountNumber: "1234" },
  });
  if (!deliver) return order;
  const actor = { userId: null, label: "admin@example.com" };
  await markOrderPaid(
    t.db,
    order.id,
    { provider: "manual", eventId: `paid:${order.id}`, type: "bank_transfer", actor },
    { shop: config.shop.name, bank: undefined, publicUrl: SITE },
  );
  await setAdminStatus(t.db, order.id, "completed", actor);
  return order;
}
