// The one-line field tests' shared setup: a database with a customer, the admin and a card page that takes
// shared details, each post from its own address, where each field's value is stored, and the check every field
// gets: generated line breaks and control characters never stored, a refusal (4xx) that says why and writes nothing.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { like, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, expect } from "vitest";
import { cartItems } from "~/db/schema";
import type { Auth } from "~/server/accounts/auth.server";
import { createCardPage } from "~/server/cards/cards.server";
import { setContactExchange } from "~/server/contacts/exchange.server";
import type { Config } from "~/server/platform/env.server";
import { loadConfig } from "~/server/platform/env.server";
import { readToast } from "~/server/platform/toast.server";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../tests/support/auth";
import { type Answer, answer, cookiesOf, postRequest } from "../../tests/support/routes";
import { createTestDb, type TestDb } from "../../tests/support/test-db";

const ORIGIN = "http://shop.test";
export const SLUG = "one-line-card";

/** What makes a value more than one line: CR, LF, tab, another C0 or C1 control, the Unicode line separator. */
const BREAKS = ["\r\n", "\n", "\r", "\t", "\u0007", "\u0085", "\u2028"];
const isOneLine = (v: string) => !/[\p{Cc}\u2028\u2029]/u.test(v);

let t: TestDb;
let auth: Auth;
export let config: Config;
export let customer: { id: string; cookie: string };
export let adminCookie: string;
export let cardNumber: string;

beforeAll(async () => {
  t = await createTestDb();
  config = loadConfig({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "one-line-")),
    PUBLIC_URL: ORIGIN,
  });
  auth = testAuth(t.db, config);
  adminCookie = await adminCookieFor(auth, t.db);
  customer = await verifiedCustomer(auth, t.db, "Casey Lines", "casey-lines@example.com");
  const card = await createCardPage(
    t.db,
    { name: "Casey", slug: SLUG, password: "casey-edit-1", ownerUserId: customer.id, links: [] },
    { announce: false },
  );
  cardNumber = card.cardNumber;
  await setContactExchange(t.db, customer.id, card.id, true);
}, 120_000);
afterAll(() => t?.close());

let n = 0;
/** Each post comes from its own address, so no rate limit answers in place of the form. */
function contextFor(): AppLoadContext {
  n += 1;
  return routeContext(t.db, config, auth, `10.77.${(n >> 8) & 255}.${n & 255}`);
}

export const postTo =
  (
    action: (args: never) => unknown,
    url: string,
    cookie: () => string,
    params: Record<string, string> = {},
  ) =>
  (fields: Record<string, string>) =>
    answer(action, postRequest(`${ORIGIN}${url}`, fields, cookie()), contextFor(), params);

/** The stored text of a column on the rows whose value starts with the marker. */
export const column = (table: PgTable, col: PgColumn) => async (marker: string) =>
  (
    await t.db
      .select({ v: col })
      .from(table)
      .where(like(col, `${marker}%`))
  ).map((r) => String(r.v));

/** Strings anywhere in the JSON details of cart items that hold the marker. */
export async function cartText(marker: string) {
  const rows = await t.db
    .select({ details: cartItems.details })
    .from(cartItems)
    .where(sql`${cartItems.details}::text like ${`%${marker}%`}`);
  const found: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (v.includes(marker)) found.push(v);
    } else if (v && typeof v === "object") for (const x of Object.values(v)) walk(x);
  };
  for (const r of rows) walk(r.details);
  return found;
}

export type Form = {
  form: string;
  /** The single-line fields, each with where its value is stored. */
  fields: Record<string, (marker: string) => Promise<string[]>>;
  /** A valid post of the form, with `value` in `field`. */
  post: (field: string, value: string, marker: string) => Promise<Answer>;
};

/** What a refused post tells the person: its text, its errors, or its toast. */
async function messageOf(a: Answer) {
  const { toast } = await readToast(new Request(ORIGIN, { headers: { Cookie: cookiesOf(a.headers) } }));
  return [a.body, JSON.stringify(a.data), toast?.description ?? toast?.title ?? ""].join(" ");
}

/** Posts each line break and control character in the field; asserts what the describe blocks promise. */
export async function expectOneLine(f: Form, field: string, stored: (marker: string) => Promise<string[]>) {
  for (const [i, breaking] of BREAKS.entries()) {
    const marker = `Mark${++n}x${i}`;
    const a = await f.post(field, `${marker} first${breaking}second`, marker);
    const values = await stored(marker);
    const seen = { field, breaking: JSON.stringify(breaking), status: a.status, values };
    expect(seen.status, JSON.stringify(seen)).toBeLessThan(500);
    expect(seen.status, JSON.stringify(seen)).not.toBe(429);
    expect(
      values.filter((v) => !isOneLine(v)),
      JSON.stringify(seen),
    ).toEqual([]);
    if (a.status >= 400) {
      expect(values).toEqual([]);
      expect(await messageOf(a)).toMatch(/single line|one line|not allowed|control/i);
    }
  }
}
