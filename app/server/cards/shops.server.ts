// The shops that resell cards. Deleting one leaves its cards unallocated (the foreign key sets shop_id to null).
import { asc, count, eq } from "drizzle-orm";
import { cardPages, shops } from "~/db/schema";
import type { ShopInput } from "~/schemas/card-page";
import { isUuid } from "~/utils/ids";
import type { DbOrTx } from "../platform/db.server";
import { CardPageError } from "./cards.server";

export async function listShops(db: DbOrTx) {
  const cardCount = count(cardPages.id);
  return db
    .select({
      id: shops.id,
      name: shops.name,
      location: shops.location,
      contactEmail: shops.contactEmail,
      contactPhone: shops.contactPhone,
      cardCount,
    })
    .from(shops)
    .leftJoin(cardPages, eq(cardPages.shopId, shops.id))
    .groupBy(shops.id)
    .orderBy(asc(shops.name));
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
