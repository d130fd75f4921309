// The Resell tests' shared setup: a database with two referrers (Ann and Ben) and the admin, orders referred by
// either and paid, and each referrer's Resell page and commissions as the routes give them.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll } from "vitest";
import { CARDS, type CardType, commissionFor } from "~/catalog";
import { referralCommissions } from "~/db/schema";
import { cardItemFromForm } from "~/schemas/cart";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, getRequest, postRequest } from "../../../tests/support/routes";
import { admin, deliveryTo, form, markPaidByAdmin, oneLinkCard, shopOpts } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../../server/accounts/auth.server";
import { loadConfig } from "../../server/platform/env.server";
import { addCardItem, createCart, setCartReferrer } from "../../server/shop/cart.server";
import { createOrderFromCart } from "../../server/shop/checkout.server";
import { setAdminStatus } from "../../server/shop/orders.server";
import { refundOrder } from "../../server/shop/refunds.server";
import * as commissions from "../admin/commissions";
import * as resell from "./resell";

export let t: TestDb;
export let auth: Auth;
export let context: AppLoadContext;
export let adminCookie: string;
type Account = { id: string; cookie: string };
export let ann: Account;
export let ben: Account;
export const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "resell-")),
  PUBLIC_URL: "http://shop.test",
});

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  adminCookie = await adminCookieFor(auth, t.db);
  ann = await verifiedCustomer(auth, t.db, "Ann Referrer", "ann@example.com");
  ben = await verifiedCustomer(auth, t.db, "Ben Other", "ben@example.com");
});
afterAll(() => t?.close());

export const get = (url: string, cookie: string) => getRequest(`http://shop.test${url}`, cookie);
export const post = (url: string, cookie: string, fields: Record<string, string>) =>
  postRequest(`http://shop.test${url}`, fields, cookie);

type Resell = Awaited<ReturnType<typeof resell.loader>>;
export const resellOf = async (who: Account) =>
  (await answer(resell.loader, get("/dashboard/resell", who.cookie), context)).data as unknown as Resell;

let buyers = 0;
/** A paid order of one card referred by `referrerId`, bought by `fullName`; then taken to `status`. */
export async function referredOrder(
  referrerId: string,
  opts: {
    kind?: CardType;
    fullName?: string;
    status?: "paid" | "completed" | "refunded";
    userId?: string | null;
    email?: string;
  } = {},
) {
  const cart = await createCart(t.db);
  const kind = opts.kind ?? "multi-link";
  const item =
    kind === "one-link"
      ? oneLinkCard
      : cardItemFromForm(form({ type: "multi-link", name: "Dana", instagram: "https://instagram.com/dana" }))
          .data!;
  await addCardItem(t.db, cart.id, item);
  await setCartReferrer(t.db, cart.id, referrerId);
  const { order } = await createOrderFromCart(t.db, {
    cartId: cart.id,
    delivery: {
      ...deliveryTo(opts.email ?? `buyer${++buyers}@example.com`),
      fullName: opts.fullName ?? "Dana Buyer",
    },
    paymentMethod: "bank_transfer",
    userId: opts.userId ?? null,
    ...shopOpts,
  });
  await markPaidByAdmin(t.db, order.id);
  if (opts.status === "completed" || opts.status === "refunded")
    await setAdminStatus(t.db, order.id, "completed", admin);
  if (opts.status === "refunded") await refundOrder(t.db, order.id, admin, config);
  return order;
}

export async function commissionOf(orderId: string) {
  const [c] = await t.db.select().from(referralCommissions).where(eq(referralCommissions.orderId, orderId));
  return c!;
}

export async function owedTo(referrerId: string) {
  const data = (await answer(commissions.loader, get("/admin-dashboard/commissions", adminCookie), context))
    .data as unknown as Awaited<ReturnType<typeof commissions.loader>>;
  return data.owed.find((o) => o.referrerUserId === referrerId);
}

export const multi = commissionFor(CARDS["multi-link"].price);
export const one = commissionFor(CARDS["one-link"].price);
