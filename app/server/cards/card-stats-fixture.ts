// The analytics tests' shared setup: a database with customers A and B, their cards and one without an owner,
// and views and clicks written into the daily aggregates on chosen days before a fixed today.

import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { cardViewsDaily, linkClicksDaily, pageLinks, users } from "~/db/schema";
import { addDays } from "~/utils/dates";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createCardPage } from "./cards.server";

export const TODAY = "2025-03-31";
export let t: TestDb;
export type Card = { id: string; cardNumber: string; slug: string };
export let a1: Card;
export let a2: Card;
export let b1: Card;
let unowned: Card;

export async function customer(id: string) {
  await t.db.insert(users).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  return id;
}

export async function card(slug: string, ownerUserId: string | undefined, linkCount: number) {
  const links = Array.from({ length: linkCount }, (_, i) => ({
    title: `Link ${i + 1}`,
    url: `https://${slug}-${i}.example`,
    icon: "globe",
  }));
  return createCardPage(
    t.db,
    { name: slug, slug, password: "edit-pass-1", ownerUserId, links },
    { announce: false },
  );
}

async function firstLink(cardPageId: string) {
  const [l] = await t.db
    .select({ id: pageLinks.id })
    .from(pageLinks)
    .where(eq(pageLinks.cardPageId, cardPageId));
  return l!.id;
}

export async function views(c: Card, daysAgo: number, source: "nfc" | "qr" | "link", count: number) {
  await t.db
    .insert(cardViewsDaily)
    .values({ cardPageId: c.id, day: addDays(TODAY, -daysAgo), source, count });
}

async function clicks(c: Card, daysAgo: number, count: number) {
  await t.db.insert(linkClicksDaily).values({
    linkId: await firstLink(c.id),
    cardPageId: c.id,
    day: addDays(TODAY, -daysAgo),
    source: "link",
    count,
  });
}

beforeAll(async () => {
  t = await createTestDb();
  const alice = await customer("alice");
  const bob = await customer("bob");
  await customer("carol");
  a1 = await card("stats-a1", alice, 3);
  a2 = await card("stats-a2", alice, 2);
  b1 = await card("stats-b1", bob, 1);
  unowned = await card("stats-free", undefined, 4);

  // Alice's clicks: the current period is days 0-29 ago, the previous one 30-59; 60 ago and tomorrow are outside.
  await clicks(a1, 0, 5);
  await clicks(a1, 29, 7);
  await clicks(a1, 30, 11);
  await clicks(a2, 59, 13);
  await clicks(a2, 60, 1000);
  await clicks(a1, -1, 2000);
  // Alice's views: a1 in the period; a2 only on the first day before it, so a2 is not active.
  await views(a1, 0, "nfc", 2);
  await views(a1, 0, "qr", 3);
  await views(a1, 29, "link", 4);
  await views(a2, 30, "nfc", 100);
  // Bob's and an unowned card's numbers must never show in Alice's figures, nor hers in his.
  await clicks(b1, 1, 17);
  await views(b1, 1, "qr", 19);
  await clicks(unowned, 1, 23);
  await views(unowned, 0, "nfc", 29);
});
afterAll(() => t?.close());
