// The contact tests' shared setup: a database with two customers (Ada with two cards, Ben with one) and the
// admin, fresh owners for tests that count, and the routes called as a browser would.

import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll } from "vitest";
import * as contactRoute from "~/routes/dashboard/contact";
import * as listRoute from "~/routes/dashboard/contacts";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, getRequest, postRequest } from "../../../tests/support/routes";
import { testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../accounts/auth.server";
import { createCardPage } from "../cards/cards.server";

export const ORIGIN = "http://shop.test";
export const MINUTE = 60_000;

export let t: TestDb;
let auth: Auth;
export let context: AppLoadContext;
type Who = { id: string; cookie: string };
export const A: Who = { id: "", cookie: "" };
export const B: Who = { id: "", cookie: "" };
export const ADMIN: Who = { id: "", cookie: "" };
export const cards = { first: "", second: "", firstNumber: "", secondNumber: "", bobs: "" };

let seq = 0;
async function customer(name: string) {
  return verifiedCustomer(auth, t.db, name, `contacts-${++seq}@example.com`);
}

export async function cardOf(ownerUserId: string, name: string) {
  return createCardPage(
    t.db,
    { name, slug: `contacts-card-${++seq}`, password: "edit-pass-1", ownerUserId, links: [] },
    { announce: false },
  );
}

beforeAll(async () => {
  t = await createTestDb();
  const config = testConfig("contacts");
  auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  Object.assign(A, await customer("Ada Owner"));
  Object.assign(B, await customer("Ben Other"));
  ADMIN.cookie = await adminCookieFor(auth, t.db);
  const first = await cardOf(A.id, "Ada Work");
  const second = await cardOf(A.id, "Ada Events");
  Object.assign(cards, {
    first: first.id,
    second: second.id,
    firstNumber: first.cardNumber,
    secondNumber: second.cardNumber,
    bobs: (await cardOf(B.id, "Ben Card")).id,
  });
});
afterAll(() => t?.close());

export const get = (
  run: (args: never) => unknown,
  path: string,
  who: Who,
  params: Record<string, string> = {},
) => answer(run, getRequest(`${ORIGIN}${path}`, who.cookie), context, params);
export const post = (
  run: (args: never) => unknown,
  path: string,
  who: Who,
  fields: Record<string, string>,
  params: Record<string, string> = {},
) => answer(run, postRequest(`${ORIGIN}${path}`, fields, who.cookie), context, params);

export const contactPage = (id: string, who: Who, query = "") =>
  get(contactRoute.loader, `/dashboard/contacts/${id}${query}`, who, { id });
export const contactPost = (id: string, who: Who, fields: Record<string, string>) =>
  post(contactRoute.action, `/dashboard/contacts/${id}`, who, fields, { id });

type ListData = Awaited<ReturnType<typeof listRoute.loader>>;
export const list = async (who: Who, query = "") => {
  const a = await get(listRoute.loader, `/dashboard/contacts${query}`, who);
  return { ...a, list: a.data as unknown as ListData };
};
export const names = (l: ListData) => l.contacts.map((c) => c.name);

/** A fresh owner with their own card, so each test's counts are its own. */
export async function freshOwner() {
  const who = await customer("Fresh Owner");
  const card = await cardOf(who.id, "Fresh Card");
  return { who, card };
}
