// The shops that resell cards. Deleting one leaves its cards unallocated (the foreign key sets shop_id to null).
import { asc, count, desc, eq } from "drizzle-orm";
import { cardPages, shops } from "~/db/schema";
import type { ShopInput } from "~/schemas/card-page";
import { isUuid } from "~/utils/ids";
import type { DbOrTx } from "../platform/db.server";
import { CardPageError } from "./cards.server";

/** Shops shown a page at a time on the admin's Cards section. */
const SHOPS_PAGE_SIZE = 20;

const shopColumns = {
  id: shops.id,
  name: shops.name,
  location: shops.location,
  contactEmail: shops.contactEmail,
  contactPhone: shops.contactPhone,
  cardCount: count(cardPages.id),
};

/** Shops with how many cards each has, for the caller to order, page or narrow. */
const shopsWithCardCounts = (db: DbOrTx) =>
  db
    .select(shopColumns)
    .from(shops)
    .leftJoin(cardPages, eq(cardPages.shopId, shops.id))
    .groupBy(shops.id)
    .$dynamic();

/** Every shop by name, for the one 'move to shop' choice. */
export async function listShops(db: DbOrTx) {
  return shopsWithCardCounts(db).orderBy(asc(shops.name));
}

/**
 * One page of shops, newest first (a shop just added is at the top), with the number of pages. A page past the end
 * (its last shop was just deleted) shows the last page.
 */
export async function listShopsPage(db: DbOrTx, requested: number) {
  const [total] = await db.select({ n: count() }).from(shops);
  const pages = Math.max(1, Math.ceil(Number(total?.n ?? 0) / SHOPS_PAGE_SIZE));
  const page = Math.min(requested, pages);
  const rows = await shopsWithCardCounts(db)
    .orderBy(desc(shops.createdAt), desc(shops.id))
    .limit(SHOPS_PAGE_SIZE)
    .offset((page - 1) * SHOPS_PAGE_SIZE);
  return { shops: rows, page, pages };
}

/** The shop named in the edit dialog's address, wherever it is in the list; undefined for an unknown id. */
export async function getShop(db: DbOrTx, id: string) {
  if (!isUuid(id)) return undefined;
  const [shop] = await shopsWithCardCounts(db).where(eq(shops.id, id));
  return shop;
}

function shopValues(input: Omit<ShopInput, "id">) {
  return {
    name: input.name,
    location: input.location ?? null,
    contactEmail: input.contactEmail ?? null,
    contactPhone: input.contactPhone ?? null,
  };
}

export async function createShop(db: DbOrTx, input: Omit<ShopInput, "id">) {
  const [shop] = await db.insert(shops).values(shopValues(input)).returning();
  return shop!;
}

export async function updateShop(db: DbOrTx, id: string, input: Omit<ShopInput, "id">) {
  if (!isUuid(id)) throw new CardPageError("Failed to update shop", undefined, 404);
  const [shop] = await db
    .update(shops)
    .set({ ...shopValues(input), updatedAt: new Date() })
    .where(eq(shops.id, id))
    .returning();
  if (!shop) throw new CardPageError("Failed to update shop", undefined, 404);
  return shop;
}

/** Deletes the shop; its cards become unallocated (the foreign key sets shop_id to null in the same statement). */
export async function deleteShop(db: DbOrTx, id: string) {
  if (!isUuid(id)) throw new CardPageError("Failed to delete shop", undefined, 404);
  const [row] = await db.delete(shops).where(eq(shops.id, id)).returning({ id: shops.id });
  if (!row) throw new CardPageError("Failed to delete shop", undefined, 404);
}
