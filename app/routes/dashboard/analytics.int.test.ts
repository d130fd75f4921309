// The dashboard's figures through its routes: the home page and the Cards tabs show a customer only their own
// cards and numbers, a card tab or QR dialog of another customer's card (or no card) answers 404, and the
// Earnings charts are the admin's alone.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardViewsDaily, linkClicksDaily, pageLinks } from "~/db/schema";
import { utcDay } from "~/utils/dates";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { type Answer, answer, getRequest } from "../../../tests/support/routes";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../../server/accounts/auth.server";
import { createCardPage } from "../../server/cards/cards.server";
import { loadConfig } from "../../server/platform/env.server";
import * as earnings from "../admin/earnings";
import * as cards from "./cards";
import * as home from "./home";

let t: TestDb;
let auth: Auth;
let context: AppLoadContext;
let adminCookie: string;
let aliceCookie: string;
let bobCookie: string;
let alicesCard: { id: string; cardNumber: string; slug: string };
let bobsCard: { id: string; cardNumber: string; slug: string };
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "dashboard-analytics-")),
  PUBLIC_URL: "http://shop.test",
});

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  adminCookie = await adminCookieFor(auth, t.db);
  const alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
  const bob = await verifiedCustomer(auth, t.db, "Bob", "bob@example.com");
  aliceCookie = alice.cookie;
  bobCookie = bob.cookie;
  const links = [
    { title: "Website", url: "https://alice.example", icon: "globe" },
    { title: "Shop", url: "https://shop.alice.example", icon: "globe" },
  ];
  alicesCard = await createCardPage(
    t.db,
    {
      name: "Alice A",
      slug: "alice-stats",
      password: "alice-edit-1",
      ownerUserId: alice.id,
      links,
      bio: "Baker",
    },
    { announce: false },
  );
  bobsCard = await createCardPage(
    t.db,
    {
      name: "Bob B",
      slug: "bob-stats",
      password: "bob-edit-1",
      ownerUserId: bob.id,
      links: links.slice(0, 1),
    },
    { announce: false },
  );
  const today = utcDay();
  const [link] = await t.db
    .select({ id: pageLinks.id })
    .from(pageLinks)
    .where(eq(pageLinks.cardPageId, alicesCard.id));
  await t.db.insert(cardViewsDaily).values([
    { cardPageId: alicesCard.id, day: today, source: "nfc", count: 6 },
    { cardPageId: bobsCard.id, day: today, source: "qr", count: 40 },
  ]);
  await t.db
    .insert(linkClicksDaily)
    .values({ linkId: link!.id, cardPageId: alicesCard.id, day: today, source: "nfc", count: 4 });
});
afterAll(() => t?.close());

/** A loader's answer to a page of this shop, opened with this cookie. */
const open = (run: (args: never) => unknown, url: string, cookie: string) =>
  answer(run, getRequest(`http://shop.test${url}`, cookie), context);

/** The Scan activity table as the page shows it (drawn on the server): one row per day, its last cell the total. */
// The chart's table of views (under 'Show the numbers as a table'), not the link clicks table after it.
const activityRows = (a: Answer) =>
  [
    ...String(a.data.activityHtml)
      .split("</details>")[0]!
      .matchAll(/<tr><th scope="row"[^>]*>[^<]+<\/th>(.*?)<\/tr>/g),
  ].map((row) =>
    [...row[1]!.matchAll(/<td[^>]*>([^<]+)<\/td>/g)].map((cell) => Number(cell[1]!.replace(/,/g, ""))),
  );
const activityTotal = (a: Answer) => activityRows(a).reduce((n, cells) => n + cells.at(-1)!, 0);

describe("dashboard home", () => {
  it("sends an anonymous visitor to /login", async () => {
    expect(await open(home.loader, "/dashboard", "")).toMatchObject({
      status: 302,
      location: "/login?redirectTo=%2Fdashboard",
    });
  });

  it("shows each customer the figures and share link of their own cards only", async () => {
    const a = await open(home.loader, "/dashboard", aliceCookie);
    expect(a.data.stats).toEqual({
      totalLinks: 2,
      cardsOwned: 1,
      activeCards: 1,
      clicks: { current: 4, previous: 0 },
    });
    expect(a.data.share).toMatchObject({
      url: "http://shop.test/alice-stats",
      cardNumber: alicesCard.cardNumber,
    });

    const b = await open(home.loader, "/dashboard", bobCookie);
    expect(b.data.stats).toEqual({
      totalLinks: 1,
      cardsOwned: 1,
      activeCards: 1,
      clicks: { current: 0, previous: 0 },
    });
    expect(JSON.stringify(b.data)).not.toContain("alice-stats");
  });

  it("offers an admin account, which owns no cards, the order step instead of a share link", async () => {
    const admin = await open(home.loader, "/dashboard", adminCookie);
    expect(admin.data).toMatchObject({ share: null, stats: { cardsOwned: 0, totalLinks: 0 } });
  });
});

describe("Cards tabs and scan activity", () => {
  it("gives the Overview the scan activity of the customer's own cards", async () => {
    const a = await open(cards.loader, "/dashboard/cards", aliceCookie);
    expect(a.status).toBe(200);
    expect(a.data.selected).toBeNull();
    expect(activityRows(a)).toHaveLength(30);
    expect(activityTotal(a)).toBe(6);
    expect(activityTotal(await open(cards.loader, "/dashboard/cards", bobCookie))).toBe(40);
  });

  it("opens a card's tab by its number, typed in any case, with its profile and links", async () => {
    const a = await open(
      cards.loader,
      `/dashboard/cards?card=${alicesCard.cardNumber.toLowerCase()}`,
      aliceCookie,
    );
    expect(a.status).toBe(200);
    expect(a.data.selected).toBe(alicesCard.cardNumber);
    const card = (a.data.cards as { cardNumber: string; bio: string; linkList: { title: string }[] }[])[0]!;
    expect(card).toMatchObject({ cardNumber: alicesCard.cardNumber, bio: "Baker" });
    expect(card.linkList.map((l) => l.title)).toEqual(["Website", "Shop"]);
    expect(activityTotal(a)).toBe(6);
  });

  it("answers 404 for another customer's card, an unknown card and a malformed number, as tab or QR dialog", async () => {
    for (const url of [
      `/dashboard/cards?card=${bobsCard.cardNumber}`,
      `/dashboard/cards?qr=${bobsCard.cardNumber}`,
      "/dashboard/cards?card=WC0000",
      `/dashboard/cards?card=${"W".repeat(5000)}`,
      "/dashboard/cards?card=",
    ]) {
      const a = await open(cards.loader, url, aliceCookie);
      expect(a.status, url).toBe(404);
      expect(JSON.stringify(a.data), url).not.toContain("Bob B");
    }
  });

  it("opens the QR dialog of the customer's own card from the address", async () => {
    const a = await open(cards.loader, `/dashboard/cards?qr=${alicesCard.cardNumber}`, aliceCookie);
    expect(a).toMatchObject({ status: 200, data: { qr: alicesCard.cardNumber } });
  });
});

describe("admin Earnings charts", () => {
  it("draws views per day across every card for the admin", async () => {
    const a = await open(earnings.loader, "/admin-dashboard/earnings", adminCookie);
    expect(a.status).toBe(200);
    const views = a.data.views as { values: Record<string, number> }[];
    expect(views).toHaveLength(30);
    expect(views.at(-1)!.values).toEqual({ nfc: 6, qr: 40, link: 0 });
    expect(a.data.chart).toHaveLength(12);
  });

  it("keeps them from customers", async () => {
    const a = await open(earnings.loader, "/admin-dashboard/earnings", aliceCookie);
    expect(a.status).toBe(302);
    expect(a.data.views).toBeUndefined();
  });
});
