import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { timeDatabase, timeRequest } from "./server-timing.server";

/** A database call that takes `ms` on the test's clock. */
const call = (ms: number) => async () => {
  vi.advanceTimersByTime(ms);
  return "rows";
};

beforeEach(() => vi.useFakeTimers({ toFake: ["performance"] }));
afterEach(() => vi.useRealTimers());

describe("Server-Timing", () => {
  it("adds the database calls made for a request, and only those, to its db time", async () => {
    const first = await timeRequest(async (header) => {
      await timeDatabase(call(20));
      vi.advanceTimersByTime(7); // rendering
      await timeDatabase(call(15));
      return header();
    });
    const second = await timeRequest(async (header) => {
      await timeDatabase(call(3));
      return header();
    });
    expect(first).toBe("db;dur=35.0, render;dur=7.0");
    expect(second).toBe("db;dur=3.0, render;dur=0.0");
  });

  it("times nothing outside a request", async () => {
    await expect(timeDatabase(call(5))).resolves.toBe("rows");
  });
});
