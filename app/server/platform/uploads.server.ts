// Uploaded images (profile photos, design covers and logos) are content-addressed, so one file can serve several
// card pages, accounts, carts and orders: it is deleted only when none of them refers to it any longer.
import { and, eq, or, sql } from "drizzle-orm";
import { cardPages, cartItems, orderItems, users } from "~/db/schema";
import type { DbOrTx } from "./db.server";
import type { Config } from "./env.server";
import { DESIGN_IMAGES } from "./images.server";
import { deleteDesignImage, deleteProfileImage } from "./storage.server";

/** The image uploaded for an update-request line; written like the partial indexes on it, so they serve. */
export function imageUrlOf(table: typeof cartItems | typeof orderItems) {
  return sql<string>`${table.details}->>'imageUrl'`;
}
export const isUpdateRequest = (table: typeof cartItems | typeof orderItems) =>
  sql`${table.kind} = 'update-request'`;

async function uploadInUse(db: DbOrTx, url: string) {
  const uses = await Promise.all([
    db
      .select({ id: cardPages.id })
      .from(cardPages)
      .where(
        or(
          eq(cardPages.profileImageUrl, url),
          eq(cardPages.coverImageUrl, url),
          eq(cardPages.logoImageUrl, url),
        ),
      )
      .limit(1),
    // An account's avatar (Settings, Profile) goes through the same image rule and storage.
    db.select({ id: users.id }).from(users).where(eq(users.image, url)).limit(1),
    db
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(and(isUpdateRequest(cartItems), sql`${imageUrlOf(cartItems)} = ${url}`))
      .limit(1),
    // An update request keeps a copy of its order item's details, so order items cover them too.
    db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(isUpdateRequest(orderItems), sql`${imageUrlOf(orderItems)} = ${url}`))
      .limit(1),
  ]);
  return uses.some((rows) => rows.length > 0);
}

/**
 * Deletes an uploaded profile image that no card page, account, order or cart refers to (any longer): true if deleted.
 * Images are content-addressed, so the same photo uploaded twice is one file with several users.
 */
export async function deleteUploadIfUnused(db: DbOrTx, config: Config, url: string) {
  if (await uploadInUse(db, url)) return false;
  for (const { folder, widths } of Object.values(DESIGN_IMAGES))
    if (url.includes(`/${folder}/`)) return deleteDesignImage(config, url, widths);
  return deleteProfileImage(config, url);
}
