// The dashboard's analytics figures read from the daily aggregates: a customer counts only their own cards, the
// 30-day period and the one before it end exactly where they should, and the admin's charts see every card and
// the last 12 months of paid orders.

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "~/db/schema";
import { addDays } from "~/utils/dates";
import { cartWithMultiLink, deliveryTo, markPaidByAdmin, shopOpts } from "../../../tests/support/shop";
import { getEarnings } from "../shop/admin-orders.server";
import { createOrderFromCart } from "../shop/checkout.server";
import { scanActivity } from "./card-stats.server";
import { a1, a2, TODAY, t } from "./card-stats-fixture";
import { getDashboardStats } from "./dashboard-home.server";

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
