// Who a card belongs to: the shop that resells it, whether it is sold, and the account that owns it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, users } from "~/db/schema";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { getCardPageById } from "./card-reads.server";
import { allocateCardToShop, createCardPage, setCardSold, updateCardPage } from "./cards.server";
import { createClientPage } from "./client-pages.server";
import { createShop, deleteShop, listShops } from "./shops.server";

const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

describe("shops, sold cards and owners", () => {
  let handle: TestDb;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle?.close());

  const card = (slug: string, shopId?: string) =>
    createCardPage(handle.db, { name: slug, slug, password: "edit-password-1", shopId, links: [] });
  const shop = (name: string) =>
    createShop(handle.db, { name, location: "Leeds", contactEmail: undefined, contactPhone: undefined });
  const cardCounts = async () =>
    Object.fromEntries((await listShops(handle.db)).map((s) => [s.name, s.cardCount]));

  it("allocates a card to a shop, moves it, and takes it back", async () => {
    const north = await shop("North");
    const south = await shop("South");
    const c = await card("allocated-card");
    await allocateCardToShop(handle.db, c.id, north.id);
    expect(await cardCounts()).toMatchObject({ North: 1, South: 0 });
    await allocateCardToShop(handle.db, c.id, south.id);
    expect(await cardCounts()).toMatchObject({ North: 0, South: 1 });
    await allocateCardToShop(handle.db, c.id, null);
    expect((await getCardPageById(handle.db, c.id))?.shopId).toBeNull();
  });

  it("refuses a shop that does not exist, for a new card and for an existing one", async () => {
    await expect(card("no-shop", NO_SUCH_ID)).rejects.toMatchObject({ field: "shopId" });
    const c = await card("stays-unallocated");
    await expect(allocateCardToShop(handle.db, c.id, NO_SUCH_ID)).rejects.toMatchObject({ field: "shopId" });
    await expect(allocateCardToShop(handle.db, "not-an-id", null)).rejects.toMatchObject({ status: 404 });
    expect((await getCardPageById(handle.db, c.id))?.shopId).toBeNull();
  });

  it("unallocates a shop's cards when the shop is deleted, and keeps the cards", async () => {
    const gone = await shop("Gone");
    const c = await card("allocated", gone.id);
    await deleteShop(handle.db, gone.id);
    expect((await getCardPageById(handle.db, c.id))?.shopId).toBeNull();
    expect(await cardCounts()).not.toHaveProperty("Gone");
    await expect(deleteShop(handle.db, gone.id)).rejects.toMatchObject({ status: 404 });
  });

  it("marks a card sold and unsold, and answers 404 for a card that does not exist", async () => {
    const c = await card("for-sale");
    expect((await getCardPageById(handle.db, c.id))?.isSold).toBe(false);
    await setCardSold(handle.db, c.id, true);
    expect((await getCardPageById(handle.db, c.id))?.isSold).toBe(true);
    await setCardSold(handle.db, c.id, false);
    expect((await getCardPageById(handle.db, c.id))?.isSold).toBe(false);
    await expect(setCardSold(handle.db, NO_SUCH_ID, true)).rejects.toMatchObject({ status: 404 });
    await expect(setCardSold(handle.db, "WC1234", true)).rejects.toMatchObject({ status: 404 });
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
      .select({ id: cardPages.id })
      .from(cardPages)
      .where(eq(cardPages.ownerUserId, "owner-1"));
    expect(owners).toEqual([{ id: owned.id }]);
    expect((await getCardPageById(handle.db, unowned.id))?.ownerUserId).toBeNull();
    // An edit of the page leaves its owner alone.
    await updateCardPage(handle.db, owned.id, { name: "Owned Bakery", slug: owned.slug, links: [] });
    expect((await getCardPageById(handle.db, owned.id))?.ownerUserId).toBe("owner-1");
  });
});
