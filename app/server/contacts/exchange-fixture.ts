// The contact exchange tests' shared setup: a database with a card owner and her card that takes shared details,
// a valid post of the form with its time stamp, posts from a given address, and what the writes left behind.

import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { customerPreferences, emailOutbox, exchangedContacts, rateLimits, users } from "~/db/schema";
import { createCardPage } from "~/server/cards/cards.server";
import { routeContext } from "../../../tests/support/auth";
import { countRows, testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { connectPage, connectPost } from "./connect-page.server";
import { formStamp, setContactExchange } from "./exchange.server";

export let t: TestDb;
export const config = testConfig("contact-exchange");
export const ORIGIN = "http://shop.test";
export let ownerId: string;
export let cardId: string;
export const SLUG = "jane-doe";
export const OWNER_EMAIL = "jane.owner@example.com";

const contextFrom = (ip: string) => routeContext(t.db, config, undefined as never, ip) as AppLoadContext;

/** A stamp signed as if the form had been shown `ageMs` ago. */
export const stamp = (slug = SLUG, ageMs = 5_000) => formStamp(config.authSecret, slug, Date.now() - ageMs);

export const VALID = {
  name: "Sam Visitor",
  email: "Sam@Visitor.example",
  phone: "",
  company: "Visitor Ltd",
  jobTitle: "Buyer",
  note: "Met at the fair",
  consent: "on",
  website: "",
};

export function post(slug: string, fields: Record<string, string>, ip = "10.1.0.1") {
  const request = new Request(`${ORIGIN}/${slug}/connect`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return connectPost(contextFrom(ip), request, slug);
}

export const get = (path: string) =>
  connectPage(contextFrom("10.9.9.9"), new Request(`${ORIGIN}${path}`), path.split("/")[1]!);

/** Everything a post could write. */
export async function writes() {
  return {
    contacts: await countRows(t.db, exchangedContacts),
    emails: await countRows(t.db, emailOutbox),
    limits: await countRows(t.db, rateLimits),
  };
}

beforeAll(async () => {
  t = await createTestDb();
  ownerId = "owner-jane";
  await t.db
    .insert(users)
    .values({ id: ownerId, name: "Jane Owner", email: OWNER_EMAIL, emailVerified: true });
  const card = await createCardPage(
    t.db,
    { name: "Jane Doe", slug: SLUG, password: "jane-edit-1", ownerUserId: ownerId, links: [] },
    { announce: false },
  );
  cardId = card.id;
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(exchangedContacts);
  await t.db.delete(emailOutbox);
  await t.db.delete(rateLimits);
  await t.db.delete(customerPreferences);
  await setContactExchange(t.db, ownerId, cardId, true);
});
