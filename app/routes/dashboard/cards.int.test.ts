// The dashboard's Cards section as routes: anonymous visitors go to /login, each customer sees and adds only
// what is theirs, an admin account sees its own (empty) list, and unknown intents change nothing.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, cardViewsDaily, cartItems, linkClicksDaily, pageLinks, physicalCards } from "~/db/schema";
import { addDays, utcDay } from "~/utils/dates";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { type Answer, answer, getRequest, postRequest } from "../../../tests/support/routes";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../../server/accounts/auth.server";
import { createCardPage } from "../../server/cards/cards.server";
import { createPhysicalCard, markPhysicalCardWritten } from "../../server/cards/physical-cards.server";
import { loadConfig } from "../../server/platform/env.server";
import * as cards from "./cards";
import * as activityCsv from "./cards-activity-csv";

let t: TestDb;
let auth: Auth;
let context: AppLoadContext;
let adminCookie: string;
let aliceCookie: string;
let bobCookie: string;
let alicesCard: { id: string; cardNumber: string; slug: string };
let freeCard: { id: string; cardNumber: string; slug: string };
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "dashboard-cards-")),
  PUBLIC_URL: "http://shop.test",
});

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  adminCookie = await adminCookieFor(auth, t.db);
  const alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
  aliceCookie = alice.cookie;
  bobCookie = (await verifiedCustomer(auth, t.db, "Bob", "bob@example.com")).cookie;
  const links = [{ title: "Website", url: "https://example.com", icon: "globe" as const }];
  alicesCard = await createCardPage(
    t.db,
    { name: "Alice A", slug: "alice-a", password: "alice-edit-1", ownerUserId: alice.id, links },
    { announce: false },
  );
  freeCard = await createCardPage(
    t.db,
    { name: "Free Card", slug: "free-card", password: "free-edit-1", links },
    { announce: false },
  );
});
afterAll(() => t?.close());

const CARDS = "http://shop.test/dashboard/cards";
const get = (cookie: string) => getRequest(CARDS, cookie);
const post = (cookie: string, fields: Record<string, string>) => postRequest(CARDS, fields, cookie);
const numbersIn = (a: Answer) => (a.data.cards as { cardNumber: string }[]).map((c) => c.cardNumber);
const ownerOf = async (id: string) =>
  (await t.db.select({ o: cardPages.ownerUserId }).from(cardPages).where(eq(cardPages.id, id)))[0]?.o;

describe("dashboard Cards section", () => {
  it("sends an anonymous visitor to /login, for the page and for the form", async () => {
    const page = await answer(cards.loader, get(""), context);
    expect(page).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fdashboard%2Fcards" });
    const before = await ownerOf(freeCard.id);
    const claim = await answer(
      cards.action,
      post("", { intent: "claim", cardNumber: freeCard.cardNumber, password: "free-edit-1" }),
      context,
    );
    expect(claim.status).toBe(302);
    expect(claim.location).toMatch(/^\/login/);
    expect(await ownerOf(freeCard.id)).toBe(before);
  });

  it("shows a customer their own cards and never another customer's", async () => {
    expect(numbersIn(await answer(cards.loader, get(aliceCookie), context))).toEqual([alicesCard.cardNumber]);
    expect(numbersIn(await answer(cards.loader, get(bobCookie), context))).toEqual([]);
    expect(numbersIn(await answer(cards.loader, get(adminCookie), context))).toEqual([]);
  });

  it("refuses a customer who tries to add another customer's card, with the same message as a wrong password", async () => {
    const taken = await answer(
      cards.action,
      post(bobCookie, { intent: "claim", cardNumber: alicesCard.cardNumber, password: "alice-edit-1" }),
      context,
    );
    const wrong = await answer(
      cards.action,
      post(bobCookie, { intent: "claim", cardNumber: freeCard.cardNumber, password: "not-it-123" }),
      context,
    );
    for (const a of [taken, wrong]) {
      expect(a.status).toBe(400);
      expect(JSON.stringify(a.data)).toContain("Card number or password is incorrect");
    }
    expect(await ownerOf(alicesCard.id)).not.toBeNull();
    expect(numbersIn(await answer(cards.loader, get(bobCookie), context))).toEqual([]);
    expect(numbersIn(await answer(cards.loader, get(aliceCookie), context))).toEqual([alicesCard.cardNumber]);
  });

  it("adds a card by number typed loosely and its edit password, and lists it", async () => {
    const added = await answer(
      cards.action,
      post(bobCookie, {
        intent: "claim",
        cardNumber: ` ${freeCard.cardNumber.toLowerCase().replace("wc", "wc-")} `,
        password: "free-edit-1",
      }),
      context,
    );
    expect(added).toMatchObject({ status: 302, location: "/dashboard/cards" });
    expect(numbersIn(await answer(cards.loader, get(bobCookie), context))).toEqual([freeCard.cardNumber]);
  });

  it("answers bad input with 400 and field errors, and an unknown intent with 400", async () => {
    const empty = await answer(
      cards.action,
      post(aliceCookie, { intent: "claim", cardNumber: "", password: "" }),
      context,
    );
    expect(empty.status).toBe(400);
    const long = await answer(
      cards.action,
      post(aliceCookie, { intent: "claim", cardNumber: "W".repeat(10_000), password: "x".repeat(10_000) }),
      context,
    );
    expect(long.status).toBe(400);
    const unknown = await answer(cards.action, post(aliceCookie, { intent: "delete" }), context);
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ error: "Unknown action" });
  });

  it("lets the owner order a replacement that turns the lost card off at once, and refuses malformed posts", async () => {
    const chip = await createPhysicalCard(
      t.db,
      { cardPageId: alicesCard.id },
      { userId: null, label: "shop" },
    );
    await markPhysicalCardWritten(t.db, chip.id);
    const fields = { cardNumber: alicesCard.cardNumber, physicalCardId: chip.id };
    const ordered = await answer(
      cards.action,
      post(aliceCookie, { intent: "order-replacement", ...fields, turnOffNow: "on" }),
      context,
    );
    expect(ordered).toMatchObject({ status: 302, location: "/cart" });
    const [line] = await t.db.select().from(cartItems);
    expect(line).toMatchObject({
      kind: "multi-link",
      details: { replacementFor: { cardPageId: alicesCard.id, physicalCardId: chip.id } },
    });
    const [lost] = await t.db.select().from(physicalCards).where(eq(physicalCards.id, chip.id));
    expect(lost).toMatchObject({ state: "off", offReason: "lost" });

    for (const bad of [
      { intent: "report-lost", ...fields, choice: "everything" },
      {
        intent: "report-lost",
        cardNumber: alicesCard.cardNumber,
        physicalCardId: "x".repeat(5000),
        choice: "card",
      },
    ]) {
      const refused = await answer(cards.action, post(aliceCookie, bad), context);
      expect(refused.status).toBe(400);
    }
    const unknownCard = await answer(
      cards.action,
      post(aliceCookie, { intent: "pause", cardNumber: "W".repeat(5000) }),
      context,
    );
    expect(unknownCard.status).toBe(404);
  });
});

describe("scan activity range and its CSV export", () => {
  const today = utcDay();
  beforeAll(async () => {
    const [link] = await t.db.select().from(pageLinks).where(eq(pageLinks.cardPageId, alicesCard.id));
    await t.db.insert(cardViewsDaily).values([
      { cardPageId: alicesCard.id, day: today, source: "nfc", count: 4 },
      { cardPageId: alicesCard.id, day: addDays(today, -50), source: "qr", count: 6 },
    ]);
    await t.db.insert(linkClicksDaily).values([
      { linkId: link!.id, cardPageId: alicesCard.id, day: today, source: "nfc", count: 2 },
      { linkId: link!.id, cardPageId: alicesCard.id, day: addDays(today, -50), source: "qr", count: 3 },
    ]);
  });

  const page = (cookie: string, query: string) =>
    answer(cards.loader, getRequest(`${CARDS}${query}`, cookie), context);
  const csv = (cookie: string, query = "") =>
    answer(
      activityCsv.loader,
      getRequest(`http://shop.test/dashboard/cards/activity.csv${query}`, cookie),
      context,
    );

  it("shows the last 30 days by default and the range asked, with its link clicks and export link", async () => {
    const plain = (await page(aliceCookie, "")).data.activityHtml as string;
    expect(plain).toContain("Views per day, last 30 days (your card)");
    expect(plain).toContain('href="/dashboard/cards/activity.csv?range=30"');
    expect(plain).toMatch(/<a href="\/dashboard\/cards\?range=30#scan-activity" aria-current="true"/);

    const quarter = (await page(aliceCookie, "?range=90")).data.activityHtml as string;
    expect(quarter).toContain("Views per week, last 90 days (your card)");
    expect(quarter).toContain("Link clicks, last 90 days (your card)");
    // Website: 2 NFC and 3 QR clicks in 90 days, 5 in all.
    expect(quarter).toMatch(
      /<th scope="row"[^>]*>Website<\/th><td[^>]*>2<\/td><td[^>]*>3<\/td><td[^>]*>0<\/td><td[^>]*>5<\/td>/,
    );
    expect(quarter).toContain('href="/dashboard/cards/activity.csv?range=90"');

    const year = (await page(aliceCookie, `?card=${alicesCard.cardNumber}&range=365`)).data
      .activityHtml as string;
    expect(year).toContain(`Views per month, last 365 days (card ${alicesCard.cardNumber})`);
    expect(year).toContain(
      `href="/dashboard/cards/activity.csv?card=${alicesCard.cardNumber}&amp;range=365"`,
    );
    // A dozen or so bars, not one per day.
    expect((year.match(/<g>/g) ?? []).length).toBeLessThanOrEqual(13);
  });

  it("answers a range it does not offer with 400 and a clear message", async () => {
    for (const query of ["?range=60", "?range=", `?range=${"9".repeat(10_000)}`]) {
      const a = await page(aliceCookie, query);
      expect({ query, status: a.status }).toEqual({ query, status: 400 });
      expect(JSON.stringify(a.data)).toContain("Unknown range: choose 7, 30, 90 or 365 days");
      expect((await csv(aliceCookie, query)).status).toBe(400);
    }
  });

  it("exports the owner's daily views and clicks for the range, and nobody else's", async () => {
    const a = await csv(aliceCookie, "?range=90");
    expect(a.status).toBe(200);
    expect(a.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(a.headers.get("Content-Disposition")).toBe(
      `attachment; filename="card-activity-90-days-to-${today}.csv"`,
    );
    expect(parse(a.body)).toEqual([
      ["day", "card_number", "card_name", "source", "views", "clicks"],
      [addDays(today, -50), alicesCard.cardNumber, "Alice A", "qr", "6", "3"],
      [today, alicesCard.cardNumber, "Alice A", "nfc", "4", "2"],
    ]);
    // 30 days leave the day 50 days ago out.
    expect(parse((await csv(aliceCookie, `?range=30&card=${alicesCard.cardNumber}`)).body)).toHaveLength(2);

    expect(await csv("")).toMatchObject({
      status: 302,
      location: "/login?redirectTo=%2Fdashboard%2Fcards%2Factivity.csv",
    });
    for (const cookie of [bobCookie, adminCookie]) {
      const own = await csv(cookie, "?range=365");
      expect(own.status).toBe(200);
      expect(parse(own.body)).toEqual([["day", "card_number", "card_name", "source", "views", "clicks"]]);
      expect((await csv(cookie, `?range=365&card=${alicesCard.cardNumber}`)).status).toBe(404);
    }
  });
});
