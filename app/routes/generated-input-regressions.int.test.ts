// Counter-examples the generated-input suite found, kept as plain tests: each once answered 500 or wrote part
// of a record.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentEvents } from "~/db/schema";
import { action as adminOrders } from "~/routes/admin/orders";
import { action as stripeWebhook } from "~/routes/api/stripe-webhook";
import type { Auth } from "~/server/accounts/auth.server";
import { loadConfig } from "~/server/platform/env.server";
import { adminCookieFor, routeContext, testAuth } from "../../tests/support/auth";
import { answer, postRequest } from "../../tests/support/routes";
import { rowCounts } from "../../tests/support/row-counts";
import { countRows } from "../../tests/support/shop";
import { createTestDb, type TestDb } from "../../tests/support/test-db";

const ORIGIN = "http://shop.test";
const WEBHOOK_SECRET = "whsec_regressions";
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "generated-input-regressions-")),
  PUBLIC_URL: ORIGIN,
  STRIPE_SECRET_KEY: "sk_test_regressions",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
});

let t: TestDb;
let auth: Auth;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  adminCookie = await adminCookieFor(auth, t.db);
});
afterAll(() => t?.close());

describe("a correctly signed Stripe webhook whose body is not a readable event", () => {
  const signed = (payload: string) =>
    new Request(`${ORIGIN}/api/webhooks/stripe`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": new Stripe("sk_test_x").webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      body: payload,
    });

  it.each([
    ["null", "null"],
    ["an event without a type", JSON.stringify({ id: "evt_no_type", object: "event" })],
    ["an event whose id is a number", JSON.stringify({ id: 7, object: "event", type: "charge.refunded" })],
    [
      "a completed checkout without its session",
      JSON.stringify({
        id: "evt_no_session",
        object: "event",
        type: "checkout.session.completed",
        data: null,
      }),
    ],
    [
      "a completed checkout whose amount is text",
      JSON.stringify({
        id: "evt_amount_text",
        object: "event",
        type: "checkout.session.completed",
        data: { object: { id: "cs_1", payment_status: "paid", amount_total: "2500" } },
      }),
    ],
  ])("is refused with 400 and recorded nowhere: %s", async (_name, payload) => {
    const before = await countRows(t.db, paymentEvents);
    const a = await answer(stripeWebhook, signed(payload), routeContext(t.db, config, auth));
    expect({ status: a.status, body: a.body }).toEqual({ status: 400, body: "Malformed event" });
    expect(await countRows(t.db, paymentEvents)).toBe(before);
  });
});

describe("the admin's 'card page from an order' without a real order or item", () => {
  it.each([
    ["no order and no item", {}],
    [
      "an order id that is not an id",
      { orderId: "WC123456", itemId: "00000000-0000-4000-8000-000000000000" },
    ],
    ["an item id that is not an id", { orderId: "00000000-0000-4000-8000-000000000000", itemId: "1" }],
  ])("is refused with 400 and its message, and changes nothing: %s", async (_name, fields) => {
    const before = await rowCounts(t.db);
    const a = await answer(
      adminOrders,
      postRequest(
        `${ORIGIN}/admin-dashboard/orders`,
        { intent: "card-from-order", ...(fields as Record<string, string>) },
        adminCookie,
      ),
      routeContext(t.db, config, auth),
    );
    expect({ status: a.status, error: a.data.error }).toEqual({
      status: 400,
      error: "That order item has no card page to create",
    });
    expect(await rowCounts(t.db)).toEqual(before);
  });
});
