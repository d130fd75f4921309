import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { ACCOUNT_LIMITS, checkSignInAttempt, recordSuccessfulSignIn } from "../accounts/limits.server";
import { defineLimits, hitRateLimit, pruneRateLimits } from "./rate-limit.server";

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

  it("refuses sign-in attempts past the failure limit per address, across accounts", async () => {
    const outcomes = [];
    for (let i = 0; i <= ACCOUNT_LIMITS.signInFailures.max; i++)
      outcomes.push(await checkSignInAttempt(t.db, "sign-in", "10.0.0.1", `user${i}@example.com`));
    expect(outcomes.slice(0, ACCOUNT_LIMITS.signInFailures.max).every((o) => o === null)).toBe(true);
    expect(outcomes.at(-1)).toBe("address");
    // Another address is not affected; the admin login keeps its own count.
    expect(await checkSignInAttempt(t.db, "sign-in", "10.0.0.2", "user0@example.com")).toBeNull();
    expect(await checkSignInAttempt(t.db, "admin-sign-in", "10.0.0.1", "user0@example.com")).toBeNull();
  });

  it("never counts a successful sign-in against the address, up to the ceiling on all attempts", async () => {
    const office = "10.3.0.1";
    for (let i = 0; i < ACCOUNT_LIMITS.signIn.max; i++) {
      expect(await checkSignInAttempt(t.db, "sign-in", office, `staff${i}@example.com`)).toBeNull();
      await recordSuccessfulSignIn(t.db, "sign-in", office, `staff${i}@example.com`);
    }
    expect(ACCOUNT_LIMITS.signIn.max).toBeGreaterThan(ACCOUNT_LIMITS.signInFailures.max);
    expect(await checkSignInAttempt(t.db, "sign-in", office, "one-more@example.com")).toBe("address");
  });

  it("takes failures in advance, so guesses sent at once cannot pass the address's limit", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        checkSignInAttempt(t.db, "sign-in", "10.4.0.1", `racer${i}@example.com`),
      ),
    );
    expect(outcomes.filter((o) => o === null)).toHaveLength(ACCOUNT_LIMITS.signInFailures.max);
  });

  it("takes the account's failures in advance, so guesses sent at once from many addresses cannot pass its limit", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        checkSignInAttempt(t.db, "sign-in", `10.5.0.${i}`, "dee@example.com"),
      ),
    );
    expect(outcomes.filter((o) => o === null)).toHaveLength(ACCOUNT_LIMITS.signInPerAccount.max);
    expect(outcomes.filter((o) => o === "account")).toHaveLength(30 - ACCOUNT_LIMITS.signInPerAccount.max);
  });

  it("backs off an account for a short while only, whatever a stranger does", async () => {
    const account = "ann@example.com";
    // Signing in often is fine: a right password gives its attempt back.
    for (let i = 0; i <= ACCOUNT_LIMITS.signInPerAccount.max; i++) {
      expect(await checkSignInAttempt(t.db, "sign-in", `10.1.1.${i}`, account)).toBeNull();
      await recordSuccessfulSignIn(t.db, "sign-in", `10.1.1.${i}`, account);
    }
    // A stranger spreads wrong passwords for Ann over many addresses: each attempt kept is a failure.
    for (let i = 0; i < ACCOUNT_LIMITS.signInPerAccount.max; i++)
      expect(await checkSignInAttempt(t.db, "sign-in", `10.1.0.${i}`, account)).toBeNull();
    expect(await checkSignInAttempt(t.db, "sign-in", "10.1.0.99", account)).toBe("account");
    expect(ACCOUNT_LIMITS.signInPerAccount.windowSeconds).toBeLessThanOrEqual(60);
    // Once the short window has passed, Ann can sign in again.
    await t.db.execute(
      sql`update rate_limits set window_start = now() - interval '61 seconds' where key = ${`sign-in:email:${account}`}`,
    );
    expect(await checkSignInAttempt(t.db, "sign-in", "10.9.9.9", account)).toBeNull();
  });

  it("does not count a refused address's attempts against the account", async () => {
    const blocked = "10.2.0.1";
    for (let i = 0; i < ACCOUNT_LIMITS.signInFailures.max; i++)
      await checkSignInAttempt(t.db, "sign-in", blocked, `other${i}@example.com`);
    // Refused at the address, the attempts never reach the password check, so never count as failures.
    for (let i = 0; i < 20; i++)
      expect(await checkSignInAttempt(t.db, "sign-in", blocked, "cat@example.com")).toBe("address");
    expect(await checkSignInAttempt(t.db, "sign-in", "10.2.0.2", "cat@example.com")).toBeNull();
  });

  it("refuses a limit whose window is longer than the day after which counters are dropped", () => {
    expect(() => defineLimits({ weekly: { max: 1, windowSeconds: 7 * 24 * 60 * 60 } })).toThrow(/weekly/);
    expect(defineLimits({ daily: { max: 1, windowSeconds: 24 * 60 * 60 } }).daily.max).toBe(1);
  });

  it("forgets counters whose window passed long ago, and keeps the live ones", async () => {
    await hitRateLimit(t.db, "k:stale", { max: 5, windowSeconds: 60 });
    await hitRateLimit(t.db, "k:live", { max: 5, windowSeconds: 60 });
    await t.db.execute(
      sql`update rate_limits set window_start = now() - interval '2 days' where key = 'k:stale'`,
    );
    expect((await pruneRateLimits(t.db)).counters).toBeGreaterThanOrEqual(1);
    const keys = (await t.db.execute(sql`select key from rate_limits where key like 'k:%'`)) as unknown as {
      rows: { key: string }[];
    };
    const left = keys.rows.map((r) => r.key);
    expect(left).toContain("k:live");
    expect(left).not.toContain("k:stale");
  });
});
