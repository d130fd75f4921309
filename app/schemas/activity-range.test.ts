// The ranges My Cards' scan activity offers, read from the address, and how each is grouped into bars.
import { describe, expect, it } from "vitest";
import { bucketDays, dayRange } from "~/utils/dates";
import { activityBucket, parseActivityRange } from "./activity-range";

describe("activity range", () => {
  it("reads the offered ranges, 30 days when none is asked, and nothing else", () => {
    expect([null, "7", "30", "90", "365"].map(parseActivityRange)).toEqual([30, 7, 30, 90, 365]);
    for (const bad of ["", "60", "07", "90 ", "1e2", "-7", "9".repeat(10_000)])
      expect({ bad, range: parseActivityRange(bad) }).toEqual({ bad, range: null });
  });

  it("draws up to 30 days per day, 90 days per week and 365 days per month", () => {
    expect([7, 30, 90, 365].map((r) => activityBucket(r as 7 | 30 | 90 | 365))).toEqual([
      "day",
      "day",
      "week",
      "month",
    ]);
  });
});

describe("grouping days into bars", () => {
  it("cuts ISO weeks (Monday to Sunday) at the ends of the run", () => {
    // Thursday 27 Feb to Tuesday 11 Mar 2025.
    const { spans, keyOf } = bucketDays(dayRange("2025-03-11", 13), "week");
    expect(spans).toEqual([
      { first: "2025-02-27", last: "2025-03-02" },
      { first: "2025-03-03", last: "2025-03-09" },
      { first: "2025-03-10", last: "2025-03-11" },
    ]);
    expect(keyOf.get("2025-03-09")).toBe("2025-03-03");
    expect(keyOf.get("2025-03-11")).toBe("2025-03-10");
  });

  it("gives a year ending mid-month 13 months, the first and last cut, across a leap day", () => {
    const { spans } = bucketDays(dayRange("2024-03-15", 365), "month");
    expect(spans).toHaveLength(13);
    expect(spans[0]).toEqual({ first: "2023-03-17", last: "2023-03-31" });
    expect(spans[11]).toEqual({ first: "2024-02-01", last: "2024-02-29" });
    expect(spans.at(-1)).toEqual({ first: "2024-03-01", last: "2024-03-15" });
  });

  it("keeps every day on its own for a day-by-day chart", () => {
    const days = dayRange("2025-01-02", 7);
    expect(bucketDays(days, "day").spans.map((s) => s.first)).toEqual(days);
  });
});
