// The dashboard's analytics figures read from the daily aggregates: a customer counts only their own cards, the
// 30-day period and the one before it end exactly where they should, and the admin's charts see every card and
// the last 12 months of paid orders.
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardViewsDaily, linkClicksDaily, orders, pageLinks, users } from "~/db/schema";
import { addDays } from "~/utils/dates";
import { cartWithMultiLink, deliveryTo, markPaidByAdmin, shopOpts } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { getEarnings } from "../shop/admin-orders.server";
import { createOrderFromCart } from "../shop/checkout.server";
import { ACTIVITY_CSV_HEADER, activityCsv } from "./activity-csv.server";
import { activityPeriod, linkClicksInRange, scanActivity } from "./card-stats.server";
import { createCardPage } from "./cards.server";
import { getDashboardStats } from "./dashboard-home.server";

const TODAY = "2025-03-31";
let t: TestDb;
type Card = { id: string; cardNumber: string; slug: string };
let a1: Card;
let a2: Card;
let b1: Card;
let unowned: Card;

async function customer(id: string) {
  await t.db.insert(users).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  return id;
}

async function card(slug: string, ownerUserId: string | undefined, linkCount: number) {
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

async function views(c: Card, daysAgo: number, source: "nfc" | "qr" | "link", count: number) {
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

describe("dashboard figures", () => {
  it("counts a customer's own links, cards, active cards and clicks of this period against the one before", async () => {
    expect(await getDashboardStats(t.db, "alice", TODAY)).toEqual({
      totalLinks: 5,
      cardsOwned: 2,
      activeCards: 1,
      clicks: { current: 5 + 7, previous: 11 + 13 },
    });
  });

  it("shows customer B none of customer A's numbers, and a customer without cards only zeros", async () => {
    expect(await getDashboardStats(t.db, "bob", TODAY)).toEqual({
      totalLinks: 1,
      cardsOwned: 1,
      activeCards: 1,
      clicks: { current: 17, previous: 0 },
    });
    expect(await getDashboardStats(t.db, "carol", TODAY)).toEqual({
      totalLinks: 0,
      cardsOwned: 0,
      activeCards: 0,
      clicks: { current: 0, previous: 0 },
    });
  });

  it("moves a day from the current period to the previous one as time passes", async () => {
    const tomorrow = addDays(TODAY, 1);
    // Day 29 ago becomes day 30 ago, day 59 ago leaves the previous period, and tomorrow's clicks count.
    expect((await getDashboardStats(t.db, "alice", tomorrow)).clicks).toEqual({
      current: 2000 + 5,
      previous: 7 + 11,
    });
  });
});

describe("scan activity", () => {
  it("gives 30 days oldest first, split by source, from the customer's own cards only", async () => {
    const points = await scanActivity(t.db, { ownerUserId: "alice" }, TODAY);
    expect(points).toHaveLength(30);
    expect(points[0]).toEqual({ key: addDays(TODAY, -29), values: { nfc: 0, qr: 0, link: 4 } });
    expect(points.at(-1)).toEqual({ key: TODAY, values: { nfc: 2, qr: 3, link: 0 } });
    const total = points.reduce((n, p) => n + p.values.nfc + p.values.qr + p.values.link, 0);
    expect(total).toBe(9);

    const bobs = await scanActivity(t.db, { ownerUserId: "bob" }, TODAY);
    expect(bobs.reduce((n, p) => n + p.values.nfc + p.values.qr + p.values.link, 0)).toBe(19);
  });

  it("reads one card only when that card is the customer's", async () => {
    const a2Points = await scanActivity(t.db, { ownerUserId: "alice", cardPageId: a2.id }, TODAY);
    expect(a2Points.every((p) => p.values.nfc + p.values.qr + p.values.link === 0)).toBe(true);
    const stolen = await scanActivity(t.db, { ownerUserId: "bob", cardPageId: a1.id }, TODAY);
    expect(stolen.every((p) => p.values.nfc + p.values.qr + p.values.link === 0)).toBe(true);
  });

  it("adds up every card for the admin", async () => {
    const all = await scanActivity(t.db, {}, TODAY);
    expect(all.at(-1)!.values).toEqual({ nfc: 2 + 29, qr: 3, link: 0 });
    expect(all.at(-2)!.values).toEqual({ nfc: 0, qr: 19, link: 0 });
  });
});

describe("scan activity over a chosen range", () => {
  // Dave's own cards, apart from the figures above: d1 is named like a spreadsheet formula.
  let d1: Card;
  let d2: Card;
  const sum = (p: { values: Record<string, number> }) => p.values.nfc! + p.values.qr! + p.values.link!;

  async function click(
    c: Card,
    linkId: string,
    daysAgo: number,
    source: "nfc" | "qr" | "link",
    count: number,
  ) {
    await t.db
      .insert(linkClicksDaily)
      .values({ linkId, cardPageId: c.id, day: addDays(TODAY, -daysAgo), source, count });
  }

  beforeAll(async () => {
    const dave = await customer("dave");
    d1 = await createCardPage(
      t.db,
      {
        name: '=HYPERLINK("http://evil.example")',
        slug: "stats-d1",
        password: "edit-pass-1",
        ownerUserId: dave,
        links: [
          { title: "Website", url: "https://d1.example", icon: "globe" },
          { title: "Booking", url: "https://d1-booking.example", icon: "globe" },
        ],
      },
      { announce: false },
    );
    d2 = await card("stats-d2", dave, 1);
    const [website, booking] = await t.db
      .select({ id: pageLinks.id })
      .from(pageLinks)
      .where(eq(pageLinks.cardPageId, d1.id))
      .orderBy(pageLinks.sortOrder);
    if (!website || !booking) throw new Error("card d1 was made without its two links");
    await views(d1, 0, "nfc", 3);
    await views(d1, 0, "qr", 1);
    await views(d1, 6, "link", 2);
    await views(d1, 7, "link", 50);
    await views(d1, 364, "nfc", 9);
    await views(d1, 365, "nfc", 1000);
    await views(d2, 1, "qr", 5);
    await click(d1, website.id, 0, "nfc", 2);
    await click(d1, website.id, 0, "qr", 1);
    await click(d1, booking.id, 0, "nfc", 4);
    await click(d1, booking.id, 3, "link", 1);
    await click(d1, booking.id, 40, "qr", 70);
  });

  it("draws 7 and 30 days per day, 90 days per ISO week and 365 days per month, each ending today", async () => {
    const dave = { ownerUserId: "dave" };
    const week = await scanActivity(t.db, dave, TODAY, activityPeriod(TODAY, 7, "day"));
    expect(week.map((p) => p.key)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(TODAY, i - 6)));
    expect(week.map(sum)).toEqual([2, 0, 0, 0, 0, 5, 4]);

    // 1 Jan 2025 (a Wednesday) to 31 Mar 2025 (a Monday): a cut week, 12 whole weeks, then today's week.
    const quarter = await scanActivity(t.db, dave, TODAY, activityPeriod(TODAY, 90, "week"));
    expect(quarter).toHaveLength(14);
    expect(quarter[0]!.key).toBe("2025-01-01");
    expect(quarter[1]!.key).toBe("2025-01-06");
    expect(quarter.at(-2)).toEqual({ key: "2025-03-24", values: { nfc: 0, qr: 5, link: 52 } });
    expect(quarter.at(-1)).toEqual({ key: TODAY, values: { nfc: 3, qr: 1, link: 0 } });

    // 1 Apr 2024 to 31 Mar 2025: twelve whole months; the day before the year is left out.
    const year = await scanActivity(t.db, dave, TODAY, activityPeriod(TODAY, 365, "month"));
    expect(year.map((p) => p.key)).toEqual([
      "2024-04-01",
      "2024-05-01",
      "2024-06-01",
      "2024-07-01",
      "2024-08-01",
      "2024-09-01",
      "2024-10-01",
      "2024-11-01",
      "2024-12-01",
      "2025-01-01",
      "2025-02-01",
      "2025-03-01",
    ]);
    expect(year[0]!.values).toEqual({ nfc: 9, qr: 0, link: 0 });
    expect(year.at(-1)!.values).toEqual({ nfc: 3, qr: 6, link: 52 });
    expect(year.reduce((n, p) => n + sum(p), 0)).toBe(9 + 3 + 1 + 2 + 50 + 5);

    // One card of the account; another account's card gives nothing.
    const d2Only = await scanActivity(
      t.db,
      { ...dave, cardPageId: d2.id },
      TODAY,
      activityPeriod(TODAY, 365, "month"),
    );
    expect(d2Only.reduce((n, p) => n + sum(p), 0)).toBe(5);
    const stolen = await scanActivity(
      t.db,
      { ownerUserId: "bob", cardPageId: d1.id },
      TODAY,
      activityPeriod(TODAY, 365, "month"),
    );
    expect(stolen.reduce((n, p) => n + sum(p), 0)).toBe(0);
  });

  it("counts each link's clicks by source over the range, every link listed, most clicked first", async () => {
    const rows = (days: number, cardPageId?: string, ownerUserId = "dave") =>
      linkClicksInRange(t.db, { ownerUserId, cardPageId }, TODAY, days).then((r) =>
        r.map((l) => ({ title: l.title, card: l.cardNumber, ...l.clicks, total: l.total })),
      );
    expect(await rows(7)).toEqual([
      { title: "Booking", card: d1.cardNumber, nfc: 4, qr: 0, link: 1, total: 5 },
      { title: "Website", card: d1.cardNumber, nfc: 2, qr: 1, link: 0, total: 3 },
      { title: "Link 1", card: d2.cardNumber, nfc: 0, qr: 0, link: 0, total: 0 },
    ]);
    expect((await rows(90))[0]).toEqual({
      title: "Booking",
      card: d1.cardNumber,
      nfc: 4,
      qr: 70,
      link: 1,
      total: 75,
    });
    expect(await rows(365, d2.id)).toEqual([
      { title: "Link 1", card: d2.cardNumber, nfc: 0, qr: 0, link: 0, total: 0 },
    ]);
    // Another account's card, named by id, gives no row.
    expect(await rows(365, d1.id, "bob")).toEqual([]);
    expect((await rows(365, undefined, "bob")).map((r) => r.card)).toEqual([b1.cardNumber]);
  });

  it("exports one row per day, card and source with views and clicks, formulas neutralised", async () => {
    const csv = await activityCsv(t.db, { ownerUserId: "dave" }, TODAY, 7);
    const parsed: string[][] = parse(csv, { bom: true });
    expect(parsed[0]).toEqual([...ACTIVITY_CSV_HEADER]);
    const name = `'=HYPERLINK("http://evil.example")`;
    expect(parsed.slice(1)).toEqual([
      ["2025-03-25", d1.cardNumber, name, "link", "2", "0"],
      ["2025-03-28", d1.cardNumber, name, "link", "0", "1"],
      ["2025-03-30", d2.cardNumber, "stats-d2", "qr", "5", "0"],
      ["2025-03-31", d1.cardNumber, name, "nfc", "3", "6"],
      ["2025-03-31", d1.cardNumber, name, "qr", "1", "1"],
    ]);

    const year: string[][] = parse(await activityCsv(t.db, { ownerUserId: "dave" }, TODAY, 365), {
      bom: true,
    });
    expect(year[1]).toEqual(["2024-04-01", d1.cardNumber, name, "nfc", "9", "0"]);
    expect(year.slice(1).reduce((n, r) => n + Number(r[4]), 0)).toBe(9 + 50 + 2 + 5 + 3 + 1);
    expect(year.slice(1).reduce((n, r) => n + Number(r[5]), 0)).toBe(2 + 1 + 4 + 1 + 70);

    const oneCard: string[][] = parse(
      await activityCsv(t.db, { ownerUserId: "dave", cardPageId: d2.id }, TODAY, 30),
      { bom: true },
    );
    expect(oneCard.slice(1)).toEqual([["2025-03-30", d2.cardNumber, "stats-d2", "qr", "5", "0"]]);
    // Another account: only its own rows; a card of Dave's named by id gives the header alone.
    const bobs: string[][] = parse(await activityCsv(t.db, { ownerUserId: "bob" }, TODAY, 365), {
      bom: true,
    });
    expect(bobs.slice(1)).toEqual([
      ["2025-03-30", b1.cardNumber, "stats-b1", "qr", "19", "0"],
      ["2025-03-30", b1.cardNumber, "stats-b1", "link", "0", "17"],
    ]);
    expect(
      parse(await activityCsv(t.db, { ownerUserId: "bob", cardPageId: d1.id }, TODAY, 365), { bom: true }),
    ).toEqual([[...ACTIVITY_CSV_HEADER]]);
  });
});

describe("earnings chart", () => {
  it("draws revenue and orders for the 12 months up to this one, by UTC month of payment", async () => {
    const paidAt = ["2025-03-31T23:59:59Z", "2024-04-01T00:00:00Z", "2024-03-31T23:59:59Z"];
    let total = 0;
    for (const [i, at] of paidAt.entries()) {
      const cart = await cartWithMultiLink(t.db);
      const { order } = await createOrderFromCart(t.db, {
        cartId: cart.id,
        delivery: deliveryTo(`earner${i}@example.com`),
        paymentMethod: "bank_transfer",
        userId: null,
        ...shopOpts,
      });
      await markPaidByAdmin(t.db, order.id);
      await t.db
        .update(orders)
        .set({ paidAt: new Date(at) })
        .where(eq(orders.id, order.id));
      total = order.total;
    }
    // Not paid: not in the chart.
    const unpaid = await cartWithMultiLink(t.db);
    await createOrderFromCart(t.db, {
      cartId: unpaid.id,
      delivery: deliveryTo("unpaid@example.com"),
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });

    const { chart, months } = await getEarnings(t.db, TODAY);
    expect(chart.map((p) => p.key)).toEqual([
      "2024-04",
      "2024-05",
      "2024-06",
      "2024-07",
      "2024-08",
      "2024-09",
      "2024-10",
      "2024-11",
      "2024-12",
      "2025-01",
      "2025-02",
      "2025-03",
    ]);
    expect(chart[0]!.values).toEqual({ revenue: total, orders: 1 });
    expect(chart.at(-1)!.values).toEqual({ revenue: total, orders: 1 });
    expect(chart.slice(1, -1).every((p) => p.values.orders === 0 && p.values.revenue === 0)).toBe(true);
    // The table beside the chart still has every month, the one before the window included.
    expect(months.map((m) => m.month)).toContain("2024-03");
  });
});
