// Card pages against the database. The concurrency cases prove something only on PostgreSQL (PGlite runs
// one transaction at a time and hides races); `npm test` runs this file on both engines.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, users } from "~/db/schema";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createCardPage, getCardPageById } from "./cards.server";
import { createClientPage } from "./client-pages.server";
import { createShop, deleteShop } from "./shops.server";

describe("card pages", () => {
  let handle: TestDb;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle?.close());

  it("allocates unique WC numbers to concurrent creates", async () => {
    const created = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        createCardPage(handle.db, {
          name: `Person ${i}`,
          slug: `concurrent-${i}`,
          password: "edit-password-1",
          links: [{ title: "Website", url: "https://example.com", icon: "globe" }],
        }),
      ),
    );
    const numbers = new Set(created.map((c) => c.cardNumber));
    expect(numbers.size).toBe(40);
    for (const n of numbers) expect(n).toMatch(/^WC\d{4}$/);
  });

  it("refuses a duplicate slug even when two creates race", async () => {
    const results = await Promise.allSettled(
      [1, 2].map(() =>
        createCardPage(handle.db, { name: "Twin", slug: "twin", password: "edit-password-1", links: [] }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failure = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(String(failure.reason.message)).toMatch(/already in use/);
  });

  it("unallocates a shop's cards when the shop is deleted", async () => {
    const shop = await createShop(handle.db, {
      name: "Gone",
      location: "Leeds",
      contactEmail: undefined,
      contactPhone: undefined,
    });
    const card = await createCardPage(handle.db, {
      name: "Allocated",
      slug: "allocated",
      password: "edit-password-1",
      shopId: shop.id,
      links: [],
    });
    await deleteShop(handle.db, shop.id);
    expect((await getCardPageById(handle.db, card.id))?.shopId).toBeNull();
  });

  it("gives a client page to the account named as its owner, in the same write that creates it", async () => {
    await handle.db.insert(users).values({ id: "owner-1", name: "Owner", email: "owner@example.com" });
    const owned = await createClientPage(handle.db, {
      name: "Owned Bakery",
      website: "owned.example",
      ownerUserId: "owner-1",
    });
    const unowned = await createClientPage(handle.db, { name: "Nobody's Bakery", website: "nobody.example" });
    const owners = await handle.db
      .select({ id: cardPages.id, owner: cardPages.ownerUserId })
      .from(cardPages)
      .where(eq(cardPages.ownerUserId, "owner-1"));
    expect(owners).toEqual([{ id: owned.id, owner: "owner-1" }]);
    expect((await getCardPageById(handle.db, unowned.id))?.ownerUserId).toBeNull();
  });
});
