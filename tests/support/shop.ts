// Shared arrangements for the shop's integration tests: a delivery address, the shop's bank details, forms,
// a cart holding one Multi Link card added the way the order form adds it, what routes hand the actions, and the
// catalogue's prices by name (a price changes in the catalogue alone).

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { expect } from "vitest";
import { CARDS, REFERRAL_COMMISSION_PERCENT, REFERRAL_DISCOUNT_PERCENT } from "~/catalog";
import { DEFAULT_DELIVERY_OPTION, DELIVERY_OPTIONS } from "~/delivery-options";
import { type CardItemInput, cardItemFromForm } from "~/schemas/cart";
import type { Delivery } from "~/schemas/checkout";
import type { Database, DbOrTx } from "~/server/platform/db.server";
import { type Config, loadConfig } from "~/server/platform/env.server";
import { readToast } from "~/server/platform/toast.server";
import { addCardItem, createCart } from "~/server/shop/cart.server";
import { markOrderPaid } from "~/server/shop/payments/paid-pipeline.server";
import { routeContext, testAuth } from "./auth";

/** A Multi Link card, and the delivery a cart is priced with until another is chosen (UK standard). */
export const MULTI_LINK_PRICE = CARDS["multi-link"].price;
export const STANDARD_DELIVERY = DELIVERY_OPTIONS[DEFAULT_DELIVERY_OPTION].price;
/** One Multi Link card posted by standard delivery: `cartWithMultiLink`'s total. */
export const MULTI_LINK_ORDER_TOTAL = MULTI_LINK_PRICE + STANDARD_DELIVERY;
/** A referred order's discount on what it costs, rounded as the checkout rounds it, and the referrer's commission. */
export const referralDiscount = (pence: number) => Math.round((pence * REFERRAL_DISCOUNT_PERCENT) / 100);
export const referralCommission = (pence: number) => Math.round((pence * REFERRAL_COMMISSION_PERCENT) / 100);

export const shopOpts = {
  shop: "TapCard",
  bank: { accountName: "Acme", sortCode: "00-00-00", accountNumber: "1234" },
  publicUrl: "http://shop.test",
};

export const delivery: Delivery = {
  fullName: "Dana Buyer",
  email: "dana@example.com",
  phone: "+44 7700 900000",
  addressLine1: "1 Road",
  city: "London",
  postalCode: "N1 1AA",
  country: "United Kingdom",
};

/** The delivery address sent to another e-mail: each recipient has an order limit of its own. */
export function deliveryTo(email: string): Delivery {
  return { ...delivery, email };
}

/** A One Link card as the order form adds it. */
export const oneLinkCard: CardItemInput = {
  kind: "one-link",
  links: [{ platform: "website", label: "Website", url: "https://a.example" }],
};

/** The shop's configuration with a data folder of its own, where uploads land. */
export function testConfig(name: string, env: Record<string, string> = {}) {
  return loadConfig({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`)),
    PUBLIC_URL: "http://shop.test",
    ...env,
  });
}

export async function countRows(db: DbOrTx, table: PgTable) {
  return (await db.select({ n: count() }).from(table))[0]!.n;
}

export const admin = { userId: null, label: "admin@example.com" };

export function form(entries: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  return f;
}

export async function cartWithMultiLink(db: DbOrTx) {
  const cart = await createCart(db);
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
  await addCardItem(db, cart.id, parsed.data!);
  return cart;
}

/** What a route hands the shop's actions, for a visitor at this client address. */
export function shopContext(db: Database, config: Config, clientIp: string) {
  return routeContext(db, config, testAuth(db, config), clientIp);
}

/** Client addresses no other test of the same file uses, so rate limits of one test never touch another. */
export function ipSequence() {
  let last = 0;
  return () => {
    last++;
    return `10.0.${Math.floor(last / 250)}.${(last % 250) + 1}`;
  };
}

/** The toast an answer's Set-Cookie headers carry to the next page. */
export async function toastOf(headers: Headers) {
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return (await readToast(new Request("http://shop.test/", { headers: { Cookie: cookie } }))).toast;
}

/** Marks an order paid by bank transfer, as the admin's "Mark paid" does. */
export function markPaidByAdmin(db: DbOrTx, orderId: string) {
  return markOrderPaid(
    db,
    orderId,
    { provider: "manual", eventId: `m:${orderId}`, type: "bank_transfer", actor: admin },
    shopOpts,
  );
}
