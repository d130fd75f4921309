import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../tests/support/test-db";
import { allowSignInAttempt, hitRateLimit, LIMITS } from "./rate-limit.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

describe("rate limits", () => {
  it("allows max hits in a window and refuses the next", async () => {
    const limit = { max: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await hitRateLimit(t.db, "k:sequential", limit)).allowed);
    expect(results).toEqual([true, true, true, false]);
    expect((await hitRateLimit(t.db, "k:other", limit)).allowed).toBe(true);
  });

  it("counts concurrent hits exactly (no lost updates)", async () => {
    const limit = { max: 20, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 30 }, () => hitRateLimit(t.db, "k:concurrent", limit)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(20);
  });

  it("starts a new window once the old one has passed", async () => {
    const limit = { max: 1, windowSeconds: 1 };
    expect((await hitRateLimit(t.db, "k:window", limit)).allowed).toBe(true);
    expect((await hitRateLimit(t.db, "k:window", limit)).allowed).toBe(false);
    await t.db.execute(
      sql`update rate_limits set window_start = now() - interval '5 seconds' where key = 'k:window'`,
    );
    expect((await hitRateLimit(t.db, "k:window", limit)).allowed).toBe(true);
  });

  it("refuses sign-in attempts past the limit per account, and per address across accounts", async () => {
    const attempts = [];
    for (let i = 0; i <= LIMITS.signIn.max; i++)
      attempts.push(await allowSignInAttempt(t.db, "sign-in", "10.0.0.1", "ann@example.com"));
    expect(attempts.slice(0, LIMITS.signIn.max).every(Boolean)).toBe(true);
    expect(attempts.at(-1)).toBe(false);
    // The same account from another address is still locked; another account from the first address too.
    expect(await allowSignInAttempt(t.db, "sign-in", "10.0.0.2", "ann@example.com")).toBe(false);
    expect(await allowSignInAttempt(t.db, "sign-in", "10.0.0.1", "bob@example.com")).toBe(false);
    // The admin login keeps its own count.
    expect(await allowSignInAttempt(t.db, "admin-sign-in", "10.0.0.3", "ann@example.com")).toBe(true);
  });
});
