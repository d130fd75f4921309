// The My Links tests' shared setup: a database with Alice (a shop's card and her own, with clicks) and Bob (his
// card), the admin, and the My Links page read and posted to as a browser would, with the cart it fills.

import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, expect } from "vitest";
import { linkClicksDaily, pageLinks } from "~/db/schema";
import { loadCart, readCartId } from "~/server/shop/cart.server";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { type Answer, getRequest, postRequest } from "../../../tests/support/routes";
import { testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../../server/accounts/auth.server";
import { createCardPage } from "../../server/cards/cards.server";

export let t: TestDb;
export let auth: Auth;
export let context: AppLoadContext;
export let adminCookie: string;
export let alice: { id: string; cookie: string };
export let bob: { id: string; cookie: string };
export let shopCard: { id: string; cardNumber: string; slug: string };
export let personalCard: { id: string; cardNumber: string; slug: string };
let bobsCard: { id: string; cardNumber: string; slug: string };
const config = testConfig("dashboard-links");

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

export async function linkIdOf(cardId: string, url: string) {
  const rows = await t.db
    .select({ id: pageLinks.id, url: pageLinks.url })
    .from(pageLinks)
    .where(eq(pageLinks.cardPageId, cardId));
  const link = rows.find((r) => r.url === url);
  expect(link, url).toBeDefined();
  return link!.id;
}

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  adminCookie = await adminCookieFor(auth, t.db);
  alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
  bob = await verifiedCustomer(auth, t.db, "Bob", "bob@example.com");
  shopCard = await createCardPage(
    t.db,
    {
      name: "Alice's Shop",
      slug: "alice-shop",
      password: "alice-edit-1",
      ownerUserId: alice.id,
      links: [
        { title: "Instagram", url: "https://instagram.com/alice", icon: "instagram" },
        { title: "Tips", url: "https://paypal.me/alice", icon: "globe" },
        { title: "Website", url: "https://alice.example", icon: "globe" },
      ],
    },
    { announce: false },
  );
  personalCard = await createCardPage(
    t.db,
    {
      name: "Alice Personal",
      slug: "alice-personal",
      password: "alice-edit-2",
      ownerUserId: alice.id,
      links: [{ title: "YouTube", url: "https://youtube.com/@alice", icon: "youtube" }],
    },
    { announce: false },
  );
  bobsCard = await createCardPage(
    t.db,
    {
      name: "Bob B",
      slug: "bob-b",
      password: "bob-edit-1",
      ownerUserId: bob.id,
      links: [{ title: "Bob's site", url: "https://bob.example", icon: "globe" }],
    },
    { announce: false },
  );
  const instagram = await linkIdOf(shopCard.id, "https://instagram.com/alice");
  const website = await linkIdOf(shopCard.id, "https://alice.example/");
  const bobs = await linkIdOf(bobsCard.id, "https://bob.example/");
  const clicks = [
    { linkId: instagram, cardPageId: shopCard.id, day: day(0), source: "nfc" as const, count: 3 },
    { linkId: instagram, cardPageId: shopCard.id, day: day(0), source: "qr" as const, count: 2 },
    // The 30 days are today and the 29 before: 29 days ago counts, 30 days ago does not.
    { linkId: instagram, cardPageId: shopCard.id, day: day(29), source: "link" as const, count: 4 },
    { linkId: instagram, cardPageId: shopCard.id, day: day(30), source: "link" as const, count: 7 },
    { linkId: website, cardPageId: shopCard.id, day: day(200), source: "nfc" as const, count: 5 },
    { linkId: bobs, cardPageId: bobsCard.id, day: day(1), source: "nfc" as const, count: 11 },
  ];
  await t.db.insert(linkClicksDaily).values(clicks);
});
afterAll(() => t?.close());

const LINKS = "http://shop.test/dashboard/links";
export const get = (cookie: string, query = "") => getRequest(`${LINKS}${query}`, cookie);
export const post = (cookie: string, fields: Record<string, string>) => postRequest(LINKS, fields, cookie);

type ShownCard = {
  cardNumber: string;
  links: { title: string; url: string; kind: string; clicks30Days: number; clicksAllTime: number }[];
};
export const cardsOf = (a: Answer) => a.data.cards as ShownCard[];
export const titles = (a: Answer) => cardsOf(a).flatMap((c) => c.links.map((l) => l.title));
export const errorsOf = (a: Answer) => JSON.stringify(a.data);

/** The cart the answer's cookie names, as the cart page would load it. */
export async function cartOf(a: Answer) {
  const cookie = a.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const id = await readCartId(getRequest("http://shop.test/", cookie));
  return { cookie, cart: await loadCart(t.db, id) };
}
