// Hourly housekeeping of carts: those left idle go, with the images uploaded for them that nothing else uses.
import { and, inArray, lt, sql } from "drizzle-orm";
import { cartItems, carts, orders } from "~/db/schema";
import type { Database } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import { deleteUploadIfUnused, imageUrlOf, isUpdateRequest } from "../platform/uploads.server";

/** A cart nobody has touched for this long expires, with its unpaid uploads. */
const CART_IDLE_DAYS = 30;

/**
 * Deletes carts idle for CART_IDLE_DAYS, except one whose card payment is still open (the paid pipeline
 * empties that one), then the images uploaded for their update requests that nothing else refers to.
 * Runs in batches; locked carts (being changed right now) are skipped, so app processes never wait on it.
 */
export async function expireIdleCarts(db: Database, config: Config, batchSize = 500) {
  let expired = 0;
  let uploadsDeleted = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: carts.id })
        .from(carts)
        .where(
          and(
            lt(carts.updatedAt, sql`now() - make_interval(days => ${CART_IDLE_DAYS})`),
            sql`not exists (select 1 from ${orders} where ${orders.cartId} = ${carts.id} and ${orders.status} = 'awaiting_payment')`,
          ),
        )
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (rows.length === 0) return { carts: 0, imageUrls: [] };
      const ids = rows.map((r) => r.id);
      const images = await tx
        .selectDistinct({ url: imageUrlOf(cartItems) })
        .from(cartItems)
        .where(
          and(
            inArray(cartItems.cartId, ids),
            isUpdateRequest(cartItems),
            sql`${imageUrlOf(cartItems)} is not null`,
          ),
        );
      await tx.delete(carts).where(inArray(carts.id, ids));
      return { carts: ids.length, imageUrls: images.map((i) => i.url) };
    });
    expired += batch.carts;
    for (const url of batch.imageUrls) if (await deleteUploadIfUnused(db, config, url)) uploadsDeleted++;
    if (batch.carts < batchSize) return { expired, uploadsDeleted };
  }
}
