// The self-referral tests' shared setup: a database with referrers (Rita, Hal, Ivy), a customer (Olly) and the
// admin, visitors that follow links and post through the real route handlers, and checking out a cart.

import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { orders, referralCommissions } from "~/db/schema";
import * as root from "~/root";
import * as cartRoute from "~/routes/shop/cart";
import type { Delivery } from "~/schemas/checkout";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { type Answer, answer, CookieJar, postForm } from "../../../tests/support/routes";
import {
  ipSequence,
  MULTI_LINK_ORDER_TOTAL,
  referralDiscount,
  testConfig,
} from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../accounts/auth.server";
import { getOrCreateReferralCode } from "./referrals.server";

/** What a referral takes off one Multi Link card posted by standard delivery. */
export const DISCOUNT = referralDiscount(MULTI_LINK_ORDER_TOTAL);

const ORIGIN = "http://shop.test";
export let t: TestDb;
let auth: Auth;
const config = testConfig("self-referral");
const nextIp = ipSequence();
export let rita: { id: string; cookie: string };
export let ritaCode: string;
export let olly: { id: string; cookie: string };
export let hal: { id: string; code: string };
export let ivy: { id: string; code: string };
export let adminCookie: string;

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  rita = await verifiedCustomer(auth, t.db, "Rita Referrer", "rita.ref@gmail.com");
  ritaCode = await getOrCreateReferralCode(t.db, rita.id);
  olly = await verifiedCustomer(auth, t.db, "Olly Other", "olly@example.com");
  const h = await verifiedCustomer(auth, t.db, "Hal Hidden", "hal@example.com");
  hal = { id: h.id, code: await getOrCreateReferralCode(t.db, h.id) };
  const i = await verifiedCustomer(auth, t.db, "Ivy Later", "ivy@example.com");
  ivy = { id: i.id, code: await getOrCreateReferralCode(t.db, i.id) };
  adminCookie = await adminCookieFor(auth, t.db);
});
afterAll(() => t?.close());

/** A visitor: one client address and the cookies their browser holds. */
export function visitor(cookie = "") {
  return { context: routeContext(t.db, config, auth, nextIp()), jar: new CookieJar(cookie) };
}
type Visitor = ReturnType<typeof visitor>;

/** A top-level GET as the browser sends it: Sec-Fetch-Site says where the link was followed. */
export function navigate(
  v: Visitor,
  path: string,
  site: "cross-site" | "same-origin" | "none" = "cross-site",
) {
  return new Request(`${ORIGIN}${path}`, { headers: { Cookie: v.jar.header(), "Sec-Fetch-Site": site } });
}

export async function openPage(v: Visitor, path: string, site?: "cross-site" | "same-origin" | "none") {
  const a = await answer(root.loader, navigate(v, path, site), v.context);
  v.jar.apply(a.headers);
  return a;
}

export async function post(
  v: Visitor,
  run: (args: never) => unknown,
  path: string,
  fields: Record<string, string>,
) {
  const a = await answer(run, postForm(`${ORIGIN}${path}`, v.jar, fields), v.context);
  v.jar.apply(a.headers);
  return a;
}

export const addMultiLinkCard = (v: Visitor) =>
  post(v, cartRoute.action, "/cart", {
    intent: "add-card",
    type: "multi-link",
    name: "Dana",
    instagram: "https://instagram.com/dana",
    returnTo: "/cart",
  });

type CartData = Awaited<ReturnType<typeof cartRoute.loader>>;
export async function cartPage(v: Visitor, step = "") {
  const a = await answer(cartRoute.loader, navigate(v, `/cart${step}`, "same-origin"), v.context);
  return a.data as unknown as CartData;
}

export const refCookieSet = (a: Answer) => a.headers.getSetCookie().some((c) => c.startsWith("ref="));

export async function checkOut(v: Visitor, to: Delivery) {
  const saved = await post(v, cartRoute.action, "/cart", { intent: "delivery", ...to });
  expect(saved.location).toBe("/cart?step=summary");
  const summary = await cartPage(v, "?step=summary");
  const placed = await post(v, cartRoute.action, "/cart", {
    intent: "place-order",
    paymentMethod: "bank_transfer",
  });
  expect(placed.location).toMatch(/^\/payment-success/);
  const [order] = await t.db
    .select()
    .from(orders)
    .where(eq(orders.customerEmail, to.email.toLowerCase()))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return { summary, order: order! };
}

export const commissionOf = async (orderId: string) =>
  (await t.db.select().from(referralCommissions).where(eq(referralCommissions.orderId, orderId)))[0] as
    | { status: string; reason?: string | null }
    | undefined;
