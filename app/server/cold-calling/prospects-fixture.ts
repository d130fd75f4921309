// The prospects tests' shared setup: a database with customers A and B, the Prospects routes read and posted to as
// a browser would, a CSV upload, a prospect added by hand, and the overview's figures.

import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, expect } from "vitest";
import { prospects } from "~/db/schema";
import * as overviewRoute from "~/routes/dashboard/cold-calling/overview";
import * as prospectsRoute from "~/routes/dashboard/cold-calling/prospects";
import { routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, getRequest, postRequest } from "../../../tests/support/routes";
import { testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../accounts/auth.server";

const ORIGIN = "http://shop.test";
export const HEADER = "business_name,contact_name,phone,email,address,business_type";

export let t: TestDb;
export let auth: Auth;
let context: AppLoadContext;
export const A = { id: "", cookie: "" };
export const B = { id: "", cookie: "" };

beforeAll(async () => {
  t = await createTestDb();
  const config = testConfig("prospects");
  auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  Object.assign(A, await verifiedCustomer(auth, t.db, "Ada Caller", "ada@example.com"));
  Object.assign(B, await verifiedCustomer(auth, t.db, "Ben Caller", "ben@example.com"));
});
afterAll(() => t?.close());

type Who = typeof A;
export const get = (run: (args: never) => unknown, path: string, who: Who) =>
  answer(run, getRequest(`${ORIGIN}${path}`, who.cookie), context);
export const post = (run: (args: never) => unknown, path: string, who: Who, fields: Record<string, string>) =>
  answer(run, postRequest(`${ORIGIN}${path}`, fields, who.cookie), context);
/** The toast a browser would show: the cookie holds it as base64 JSON. */
export const toastOf = (headers: Headers) => {
  const value =
    headers
      .getSetCookie()
      .find((c) => c.startsWith("toast="))
      ?.split(";")[0]
      ?.slice(6) ?? "";
  return Buffer.from(decodeURIComponent(value), "base64").toString("utf8");
};

export function upload(who: Who, csv: string | Uint8Array, name = "prospects.csv") {
  const form = new FormData();
  form.set("intent", "import-csv");
  form.set("file", new File([csv as BlobPart], name, { type: "text/csv" }));
  const request = new Request(`${ORIGIN}/dashboard/cold-calling/prospects`, {
    method: "POST",
    headers: { Cookie: who.cookie },
    body: form,
  });
  return answer(prospectsRoute.action, request, context);
}

export async function addByHand(who: Who, businessName: string, extra: Record<string, string> = {}) {
  const a = await post(prospectsRoute.action, "/dashboard/cold-calling/prospects", who, {
    intent: "add-prospect",
    businessName,
    phone: "020 7946 0000",
    businessType: "restaurant",
    ...extra,
  });
  expect(a.status).toBe(200);
  const [p] = await t.db
    .select()
    .from(prospects)
    .where(and(eq(prospects.userId, who.id), eq(prospects.businessName, businessName)));
  return p!;
}

export const stats = async (who: Who) =>
  (await get(overviewRoute.loader, "/dashboard/cold-calling", who)).data.stats as Record<
    string,
    number | null
  >;
