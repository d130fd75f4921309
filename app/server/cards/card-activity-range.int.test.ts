// Scan activity over a chosen range: days, ISO weeks or months ending today, each link's clicks by source, and
// the CSV export with formulas neutralised.

import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { linkClicksDaily, pageLinks } from "~/db/schema";
import { addDays } from "~/utils/dates";
import { ACTIVITY_CSV_HEADER, activityCsv } from "./activity-csv.server";
import { activityPeriod, linkClicksInRange, scanActivity } from "./card-stats.server";
import { b1, type Card, card, customer, TODAY, t, views } from "./card-stats-fixture";
import { createCardPage } from "./cards.server";

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
