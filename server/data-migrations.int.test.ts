// The one-time data migrations run at start: links stored raw by older versions are rewritten to their
// printable ASCII form, once, and the cached pages that showed them are dropped.
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appState, cardPages, pageLinks, referrers, users } from "~/db/schema";
import { getCardPageBySlug } from "~/server/cards/card-reads.server";
import { createCardPage } from "~/server/cards/cards.server";
import { loadCardEntry, peekCardEntry } from "~/server/cards/page-cache.server";
import { createTestDb, type TestDb } from "../tests/support/test-db";
import { runDataMigrations } from "./data-migrations";

const logger = pino({ level: "silent" });

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

describe("data migrations", () => {
  it("rewrites links stored raw by an older version, once, and drops the pages cached with them", async () => {
    const card = await createCardPage(t.db, {
      name: "Old Data",
      slug: "old-data",
      password: "edit-password-1",
      links: [{ title: "Kept", url: "https://example.com/kept", icon: "globe" }],
    });
    const untouched = await createCardPage(t.db, {
      name: "Untouched",
      slug: "untouched",
      password: "edit-password-1",
      links: [{ title: "Fine", url: "https://example.com/fine", icon: "globe" }],
    });
    // What an older version stored as typed, written straight to the table.
    await t.db.insert(pageLinks).values([
      {
        cardPageId: card.id,
        title: "Café",
        url: "https://example.com/café/日本",
        icon: "globe",
        sortOrder: 1,
      },
      { cardPageId: card.id, title: "Shop", url: "https://exämple.com", icon: "globe", sortOrder: 2 },
      { cardPageId: card.id, title: "Mail", url: "mailto:josé@exämple.com", icon: "mail", sortOrder: 3 },
    ]);
    const options = { db: t.db, publicUrl: "http://shop.test", siteName: "TapCard", shared: false };
    const before = await loadCardEntry(options, "old-data", "link");
    expect(before?.identity.toString()).toContain("mailto:josé@exämple.com");
    const versionOf = async (id: string) =>
      (await t.db.select({ v: cardPages.version }).from(cardPages).where(eq(cardPages.id, id)))[0]!.v;
    const untouchedVersion = await versionOf(untouched.id);

    await runDataMigrations(t.db, logger);

    expect((await getCardPageBySlug(t.db, "old-data"))!.links.map((l) => l.url)).toEqual([
      "https://example.com/kept",
      "https://example.com/caf%C3%A9/%E6%97%A5%E6%9C%AC",
      "https://xn--exmple-cua.com/",
      "mailto:jos%C3%A9@xn--exmple-cua.com",
    ]);
    expect(peekCardEntry("old-data", "link")).toBeUndefined();
    const after = await loadCardEntry(options, "old-data", "link");
    expect(after?.identity.toString()).toContain("mailto:jos%C3%A9@xn--exmple-cua.com");
    expect(await versionOf(untouched.id)).toBe(untouchedVersion);
    const recorded = await t.db
      .select()
      .from(appState)
      .where(eq(appState.key, "data-migration:normalize-link-urls"));
    expect(recorded).toHaveLength(1);

    // Run again, as at every start: it is recorded as done and changes nothing.
    const version = await versionOf(card.id);
    await runDataMigrations(t.db, logger);
    expect(await versionOf(card.id)).toBe(version);
    expect(peekCardEntry("old-data", "link")).toBeDefined();
  });

  it("gives every customer account without a referral code one, leaving admins and existing codes alone", async () => {
    // Accounts as an older version stored them: only customers an admin had featured had a code.
    await t.db.insert(users).values([
      { id: "old-customer", name: "Olive", email: "olive@example.com" },
      { id: "coded-customer", name: "Cody", email: "cody@example.com" },
      { id: "old-admin", name: "Ada", email: "ada@example.com", role: "admin" },
    ]);
    await t.db.insert(referrers).values({ userId: "coded-customer", code: "cody-code" });
    // The earlier test's run recorded this step as done on a database with no accounts; pretend it never ran.
    await t.db.delete(appState).where(eq(appState.key, "data-migration:referral-codes-for-customers"));

    await runDataMigrations(t.db, logger);

    const codes = Object.fromEntries(
      (await t.db.select().from(referrers)).map((r) => [r.userId, r.code] as const),
    );
    expect(codes["old-customer"]).toMatch(/^[A-Za-z0-9_-]{4,40}$/);
    expect(codes["coded-customer"]).toBe("cody-code");
    expect(codes["old-admin"]).toBeUndefined();
    const recorded = await t.db
      .select()
      .from(appState)
      .where(eq(appState.key, "data-migration:referral-codes-for-customers"));
    expect(recorded).toHaveLength(1);
  });
});
