import { describe, expect, it } from "vitest";
import type { CommissionStatus } from "~/schemas/commission-statuses";
import { monthStart, privateName, referralStats, roundedPercent } from "./referral-stats.server";

const row = (amount: number, status: CommissionStatus, at: string) => ({
  amount,
  status,
  createdAt: new Date(at),
});

describe("referralStats", () => {
  const now = new Date("2025-03-15T12:00:00Z");

  it("counts every referral, but earns only on completed and paid-out ones", () => {
    const stats = referralStats(
      [
        row(1000, "completed", "2025-03-01T00:00:00Z"),
        row(500, "paid_out", "2025-02-10T00:00:00Z"),
        row(1000, "pending", "2025-03-02T00:00:00Z"),
        row(500, "reversed", "2025-03-03T00:00:00Z"),
      ],
      now,
    );
    expect(stats).toMatchObject({
      totalReferrals: 4,
      totalEarnings: 1500,
      conversionRate: 50,
      paidOut: 500,
      owed: 1000,
      pending: 1000,
    });
  });

  it("gives the same figures from rows added up per status and month as from the rows themselves", () => {
    const rows = [
      row(1000, "completed", "2025-03-01T00:00:00Z"),
      row(1000, "completed", "2025-03-20T00:00:00Z"),
      row(500, "paid_out", "2025-02-10T00:00:00Z"),
      row(700, "pending", "2025-01-02T00:00:00Z"),
      row(300, "pending", "2025-01-30T00:00:00Z"),
    ];
    const grouped = [
      { amount: 2000, status: "completed" as const, createdAt: new Date("2025-03-01T00:00:00Z"), count: 2 },
      { amount: 500, status: "paid_out" as const, createdAt: new Date("2025-02-01T00:00:00Z"), count: 1 },
      { amount: 1000, status: "pending" as const, createdAt: new Date("2025-01-01T00:00:00Z"), count: 2 },
    ];
    expect(referralStats(grouped, now)).toEqual(referralStats(rows, now));
    expect(referralStats(grouped, now)).toMatchObject({
      totalReferrals: 5,
      conversionRate: 60,
      thisMonth: 2000,
    });
  });

  it("puts the first and last instants of a month in that month, and compares with the month before", () => {
    const stats = referralStats(
      [
        row(1000, "completed", "2025-03-01T00:00:00.000Z"),
        row(500, "completed", "2025-03-31T23:59:59.999Z"),
        row(500, "completed", "2025-02-28T23:59:59.999Z"),
        row(500, "completed", "2025-02-01T00:00:00.000Z"),
        row(2500, "completed", "2025-01-31T23:59:59.999Z"),
        row(700, "completed", "2025-04-01T00:00:00.000Z"),
      ],
      now,
    );
    expect(stats).toMatchObject({ thisMonth: 1500, lastMonth: 1000, change: 500, changePercent: 50 });
  });

  it("gives no percent change when last month earned nothing, and a fall as a negative change", () => {
    expect(referralStats([row(1000, "completed", "2025-03-05T00:00:00Z")], now)).toMatchObject({
      change: 1000,
      changePercent: null,
    });
    expect(referralStats([row(1000, "completed", "2025-02-05T00:00:00Z")], now)).toMatchObject({
      thisMonth: 0,
      change: -1000,
      changePercent: -100,
    });
  });

  it("starts at zero with no referrals", () => {
    expect(referralStats([], now)).toMatchObject({ totalReferrals: 0, totalEarnings: 0, conversionRate: 0 });
  });

  it("takes January's previous month from the year before", () => {
    expect(monthStart(new Date("2025-01-10T00:00:00Z"), -1).toISOString()).toBe("2024-12-01T00:00:00.000Z");
  });
});

describe("roundedPercent", () => {
  it("rounds to whole percent", () => {
    expect(roundedPercent(1, 3)).toBe(33);
    expect(roundedPercent(2, 3)).toBe(67);
    expect(roundedPercent(1, 2)).toBe(50);
    expect(roundedPercent(0, 0)).toBe(0);
  });
});

describe("privateName", () => {
  it("shows the first name and the initial of the last name only", () => {
    expect(privateName("Dana Buyer")).toBe("Dana B.");
    expect(privateName("  mary  ann  smith ")).toBe("mary S.");
    expect(privateName("Cher")).toBe("Cher");
    expect(privateName("Zoë Łukasz")).toBe("Zoë Ł.");
    expect(privateName("   ")).toBe("Customer");
  });
});
