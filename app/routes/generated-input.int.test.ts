// Generated bad input against every form action and API endpoint of the route table: random and hostile fields,
// unknown and missing intents, malformed bodies and wrong content types, as a visitor, a customer and the admin.
// Whatever arrives, the answer is never a 500, a refused request (4xx) changes no row, and it says why.
// FC_RUNS (runs per route and role) and FC_SEED widen or replay a run; docs/reliability.md has the commands.

import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageLinks, prospects } from "~/db/schema";
import type { Auth } from "~/server/accounts/auth.server";
import { createCardPage } from "~/server/cards/cards.server";
import type { Config } from "~/server/platform/env.server";
import { loadConfig } from "~/server/platform/env.server";
import { readToast } from "~/server/platform/toast.server";
import { createOrderFromCart } from "~/server/shop/checkout.server";
import {
  adminCookieFor,
  routeContext,
  signInCookie,
  testAuth,
  verifiedCustomer,
} from "../../tests/support/auth";
import { type Body, body, FIELD_NAMES, INTENTS } from "../../tests/support/hostile-bodies";
import { type RouteRow, routeModule, routeRows } from "../../tests/support/route-table";
import { type Answer, answer, cookiesOf } from "../../tests/support/routes";
import { rowCounts } from "../../tests/support/row-counts";
import { cartWithMultiLink, delivery, shopOpts } from "../../tests/support/shop";
import { createTestDb, type TestDb } from "../../tests/support/test-db";

const RUNS = Number(process.env.FC_RUNS ?? 8);
const SEED = Number(process.env.FC_SEED ?? 20_250_615);
const ORIGIN = "http://shop.test";
const WEBHOOK_SECRET = "whsec_generated_input";

type Role = "anonymous" | "customer" | "admin";
const ROLES: Role[] = ["anonymous", "customer", "admin"];

// ---- The shop these requests land in ----

let t: TestDb;
let auth: Auth;
let config: Config;
const cookies: Record<Role, string> = { anonymous: "", customer: "", admin: "" };
/** Real ids to put in route parameters beside made-up ones. */
const real: Record<string, string[]> = {};

beforeAll(async () => {
  t = await createTestDb();
  config = loadConfig({
    DATA_DIR: fs.mkdtempSync(path.join((await import("node:os")).tmpdir(), "generated-input-")),
    PUBLIC_URL: ORIGIN,
    STRIPE_SECRET_KEY: "sk_test_generated_input",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // Nothing listens here: a checkout that gets this far is answered at once, without the network.
    STRIPE_API_BASE: "http://127.0.0.1:9",
  });
  auth = testAuth(t.db, config);
  cookies.admin = await adminCookieFor(auth, t.db);
  const customer = await verifiedCustomer(auth, t.db, "Casey", "casey@example.com");
  cookies.customer = customer.cookie;
  const card = await createCardPage(
    t.db,
    {
      name: "Casey",
      slug: "casey",
      password: "casey-edit-1",
      ownerUserId: customer.id,
      links: [{ title: "Site", url: "https://casey.example", icon: "globe" }],
    },
    { announce: false },
  );
  const [link] = await t.db.select().from(pageLinks);
  const cart = await cartWithMultiLink(t.db);
  const { order } = await createOrderFromCart(t.db, {
    cartId: cart.id,
    delivery,
    paymentMethod: "bank_transfer",
    userId: customer.id,
    ...shopOpts,
  });
  await t.db
    .insert(prospects)
    .values({ userId: customer.id, businessName: "Prospect Ltd", businessType: "salon" });
  real.slug = [card.slug, card.cardNumber];
  real.id = [card.id];
  real.orderId = [order.id];
  real.linkId = [link!.id];
  real["*"] = ["callback/google", "callback/apple", "sign-in/email", "sign-up/email", "update-user"];
}, 120_000);
afterAll(() => t?.close());

/** Strings under an 'error' or 'message' key anywhere in route data: form errors, field errors, a draft's error. */
function errorTexts(v: unknown, underError = false, depth = 0): string[] {
  if (depth > 6) return [];
  if (typeof v === "string") return underError ? [v] : [];
  if (Array.isArray(v)) return v.flatMap((x) => errorTexts(x, underError, depth + 1));
  if (v && typeof v === "object")
    return Object.entries(v).flatMap(([k, x]) =>
      errorTexts(x, underError || /^(error|errors|message)$/i.test(k), depth + 1),
    );
  return [];
}

/** What a refused request tells the person: its text, its errors in the page data, or its toast. */
async function messageOf(a: Answer) {
  const data = a.data as unknown;
  const found = [a.body, typeof data === "string" ? data : "", ...errorTexts(data)];
  const { toast } = await readToast(new Request(ORIGIN, { headers: { Cookie: cookiesOf(a.headers) } }));
  if (toast) found.push(toast.description ?? toast.title);
  return found.filter((m) => m.trim()).join(" | ");
}

let requestNumber = 0;
function requestFor(url: string, role: Role, b: Body) {
  const headers = new Headers({ Cookie: cookies[role] });
  let payload: BodyInit;
  switch (b.kind) {
    case "urlencoded":
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      payload = new URLSearchParams(b.fields);
      break;
    case "multipart": {
      const form = new FormData();
      for (const [k, v] of b.fields)
        form.append(
          k,
          typeof v === "string"
            ? v
            : new File([Buffer.from(v.bytes, "latin1")], v.file, v.type ? { type: v.type } : {}),
        );
      payload = form;
      break;
    }
    case "json":
      headers.set("Content-Type", b.contentType);
      payload = b.text;
      break;
    case "raw":
      if (b.contentType) headers.set("Content-Type", b.contentType);
      payload = b.text;
      break;
    case "signed-event":
      headers.set("Content-Type", "application/json");
      headers.set(
        "Stripe-Signature",
        new Stripe("sk_test_x").webhooks.generateTestHeaderString({
          payload: b.text,
          secret: WEBHOOK_SECRET,
        }),
      );
      payload = b.text;
      break;
  }
  return new Request(url, { method: "POST", headers, body: payload });
}

/** A session the request ended (sign-out, sign out others) is replaced, so the next run is still signed in. */
async function keepSignedIn() {
  const valid = async (role: Role) =>
    Boolean(await auth.api.getSession({ headers: new Headers({ Cookie: cookies[role] }) }));
  if (!(await valid("admin"))) cookies.admin = await signInCookie(auth, "boss@example.com", "boss-pass-1");
  if (!(await valid("customer")))
    cookies.customer = await signInCookie(auth, "casey@example.com", "customer-pass-1");
}

/** Route parameters: a real id, or anything. */
function paramsFor(pattern: string) {
  const names = [...pattern.matchAll(/:(\w+)|(\*)/g)].map((m) => m[1] ?? "*");
  return fc.record(
    Object.fromEntries(
      names.map((n) => [
        n,
        fc.oneof(
          fc.constantFrom(...(real[n] ?? ["x"])),
          fc.constantFrom("00000000-0000-4000-8000-000000000000", "not-a-uuid", "WC0000", "%00", ""),
          fc.string({ maxLength: 30 }),
        ),
      ]),
    ),
  );
}

const addressFor = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:(\w+)|\*/g, (m, name: string | undefined) =>
    encodeURIComponent(params[name ?? "*"] ?? m),
  );

/** Each route with an action, once (a module mounted at two addresses is posted at its first). */
async function actionRoutes() {
  const seen = new Set<string>();
  const rows: (RouteRow & { action: (args: never) => unknown })[] = [];
  for (const row of routeRows()) {
    if (seen.has(row.file)) continue;
    seen.add(row.file);
    const m = await routeModule(row.file);
    if (m.action) rows.push({ ...row, action: m.action });
  }
  return rows;
}

async function postOnce(
  route: Awaited<ReturnType<typeof actionRoutes>>[number],
  role: Role,
  params: Record<string, string>,
  b: Body,
) {
  requestNumber += 1;
  const n = requestNumber;
  const context = routeContext(t.db, config, auth, `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
  const url = `${ORIGIN}${addressFor(route.pattern, params)}`;
  const before = await rowCounts(t.db);
  const a = await answer(route.action, requestFor(url, role, b), context, params);
  const after = await rowCounts(t.db);
  if ((after.sessions ?? 0) < (before.sessions ?? 0)) await keepSignedIn();
  return { a, before, after };
}

const routes = await actionRoutes();

describe("generated bad input to every action", () => {
  it("harvested the forms' field names and intents from the source", () => {
    expect(FIELD_NAMES.length).toBeGreaterThan(40);
    expect(INTENTS).toContain("add-link");
    expect(routes.map((r) => r.file)).toContain("routes/api/stripe-webhook.ts");
  });

  for (const route of routes) {
    it(`${route.pattern} (${route.file}): no 500, a refused post changes nothing and says why`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ROLES),
          paramsFor(route.pattern),
          body,
          async (role, params, b) => {
            const { a, before, after } = await postOnce(route, role, params, b);
            expect(a.status).toBeLessThan(500);
            if (a.status >= 400) {
              expect(after).toEqual(before);
              expect(await messageOf(a)).not.toBe("");
            }
          },
        ),
        { numRuns: RUNS * ROLES.length, seed: SEED, endOnFailure: false },
      );
    }, 120_000);
  }
});
