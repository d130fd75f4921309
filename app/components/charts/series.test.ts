import { describe, expect, it } from "vitest";
import { addDays, dayRange, monthRange } from "~/utils/dates";
import { fillSeries } from "~/utils/series";
import { changeVersusPrevious, labelIndices, niceScale, pointTotal } from "./series";

describe("calendar ranges", () => {
  it("counts days across month and leap-year ends", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
  });

  it("lists the last 30 days oldest first, ending with the given day", () => {
    const days = dayRange("2025-03-10", 30);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2025-02-09");
    expect(days.at(-1)).toBe("2025-03-10");
    expect(new Set(days).size).toBe(30);
  });

  it("lists the last 12 months across a year end", () => {
    expect(monthRange("2025-02", 12)).toEqual([
      "2024-03",
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
    ]);
  });
});

describe("fillSeries", () => {
  it("gives every day every series, zero where nothing was recorded", () => {
    const points = fillSeries(["2025-01-01", "2025-01-02", "2025-01-03"], ["nfc", "qr", "link"] as const, [
      { key: "2025-01-02", series: "qr", value: 4 },
    ]);
    expect(points).toEqual([
      { key: "2025-01-01", values: { nfc: 0, qr: 0, link: 0 } },
      { key: "2025-01-02", values: { nfc: 0, qr: 4, link: 0 } },
      { key: "2025-01-03", values: { nfc: 0, qr: 0, link: 0 } },
    ]);
  });

  it("adds up rows for the same day and source and leaves out days outside the range", () => {
    const points = fillSeries(["2025-01-01"], ["nfc"] as const, [
      { key: "2025-01-01", series: "nfc", value: 2 },
      { key: "2025-01-01", series: "nfc", value: 3 },
      { key: "2024-12-31", series: "nfc", value: 100 },
    ]);
    expect(points).toEqual([{ key: "2025-01-01", values: { nfc: 5 } }]);
    expect(pointTotal(points[0]!, ["nfc"])).toBe(5);
  });

  it("totals only the series a chart draws", () => {
    const [month] = fillSeries(["2025-01"], ["revenue", "orders"] as const, [
      { key: "2025-01", series: "revenue", value: 5999 },
      { key: "2025-01", series: "orders", value: 1 },
    ]);
    expect(pointTotal(month!, ["orders"])).toBe(1);
    expect(pointTotal(month!, ["revenue"])).toBe(5999);
  });
});

describe("niceScale", () => {
  it("rounds the top up to a round number with whole-number ticks", () => {
    expect(niceScale(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(niceScale(37)).toEqual({ top: 40, ticks: [0, 10, 20, 30, 40] });
    expect(niceScale(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
  });

  it("keeps the top at or above the largest value", () => {
    for (const max of [1, 9, 11, 99, 101, 1234, 99_999]) {
      const { top, ticks } = niceScale(max);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(ticks.at(-1)).toBe(top);
      expect(ticks.length).toBeLessThanOrEqual(5);
    }
  });

  it("gives an empty chart a one-step axis instead of a zero height", () => {
    expect(niceScale(0)).toEqual({ top: 1, ticks: [0, 1] });
  });

  it("steps money in whole pounds", () => {
    expect(niceScale(150, { minStep: 100 })).toEqual({ top: 200, ticks: [0, 100, 200] });
    expect(niceScale(0, { minStep: 100 })).toEqual({ top: 100, ticks: [0, 100] });
  });
});

describe("labelIndices", () => {
  it("labels at most the given number of categories, always the last", () => {
    const picked = labelIndices(30, 6);
    expect(picked.length).toBeLessThanOrEqual(6);
    expect(picked.at(-1)).toBe(29);
    expect(labelIndices(12, 6)).toEqual([1, 3, 5, 7, 9, 11]);
    expect(labelIndices(3, 6)).toEqual([0, 1, 2]);
    expect(labelIndices(0, 6)).toEqual([]);
  });
});

describe("changeVersusPrevious", () => {
  const period = "previous 30 days";
  it("gives the change in whole per cent with its sign", () => {
    expect(changeVersusPrevious(112, 100, period)).toBe("+12% vs previous 30 days");
    expect(changeVersusPrevious(50, 100, period)).toBe("-50% vs previous 30 days");
    expect(changeVersusPrevious(10, 10, period)).toBe("No change vs previous 30 days");
  });

  it("says a change from nothing in words, never as a percentage", () => {
    expect(changeVersusPrevious(5, 0, period)).toBe("Up from none in the previous 30 days");
    expect(changeVersusPrevious(0, 0, period)).toBe("None in the previous 30 days either");
  });

  it("keeps small changes visible", () => {
    expect(changeVersusPrevious(1005, 1000, period)).toBe("+0.5% vs previous 30 days");
    expect(changeVersusPrevious(100_001, 100_000, period)).toBe("Up less than 0.1% vs previous 30 days");
  });
});
