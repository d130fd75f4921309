// A card page's own state: paused (every address answers 'This card is paused') or live, and the older cards
// (written with the page's own address, before chip addresses) on or off. Each records who changed it, the owner
// or the shop, and the owner cannot undo the shop's (docs/product.md#a-cards-states). Each change announces the
// page's slug once committed, like the physical cards' (physical-cards.server.ts).
import { eq, sql } from "drizzle-orm";
import { cardPages } from "~/db/schema";
import type { DbOrTx } from "../platform/db.server";
import { announceCardPagesChanged } from "./changes.server";
import { CardLifecycleError, type LifecycleActor, logEvent, ShopHoldError } from "./physical-cards.server";

/** The page's row, locked for a change of its state. */
async function lockedPage(tx: DbOrTx, cardPageId: string) {
  const [page] = await tx.select().from(cardPages).where(eq(cardPages.id, cardPageId)).for("update");
  if (!page) throw new CardLifecycleError("Card not found", 404);
  return page;
}

/**
 * Pauses the page (every address answers 'This card is paused') or resumes it. A pause is the shop's or the
 * owner's (null: from before it was recorded, the owner's); the owner cannot resume the shop's.
 */
export async function setCardPaused(db: DbOrTx, cardPageId: string, paused: boolean, actor: LifecycleActor) {
  const by = actor.by ?? "owner";
  const slug = await db.transaction(async (tx) => {
    const page = await lockedPage(tx, cardPageId);
    if ((page.pausedAt !== null) === paused) return null;
    if (!paused && by === "owner" && page.pausedBy === "shop")
      throw new ShopHoldError("The shop paused this card. Only the shop can resume it.");
    await tx
      .update(cardPages)
      .set({
        pausedAt: paused ? new Date() : null,
        pausedBy: paused ? by : null,
        version: sql`${cardPages.version} + 1`,
      })
      .where(eq(cardPages.id, cardPageId));
    await logEvent(tx, cardPageId, paused ? "paused" : "resumed", actor);
    return page.slug;
  });
  if (slug) announceCardPagesChanged([slug]);
}

/**
 * Turns off (or on again) the page's own NFC address, `/{slug}?s=nfc`, which cards written before chip addresses
 * carry: they cannot be told apart, so they stop (or start) together. The page's public address stays live. The
 * owner cannot turn back on what the shop turned off.
 */
export async function setOlderCardsOff(db: DbOrTx, cardPageId: string, off: boolean, actor: LifecycleActor) {
  const by = actor.by ?? "owner";
  const slug = await db.transaction(async (tx) => {
    const page = await lockedPage(tx, cardPageId);
    if ((page.olderCardsOffAt !== null) === off) return null;
    if (!off && by === "owner" && page.olderCardsOffBy === "shop")
      throw new ShopHoldError("The shop turned these cards off. Only the shop can turn them back on.");
    await tx
      .update(cardPages)
      .set({
        olderCardsOffAt: off ? new Date() : null,
        olderCardsOffBy: off ? by : null,
        version: sql`${cardPages.version} + 1`,
      })
      .where(eq(cardPages.id, cardPageId));
    await logEvent(tx, cardPageId, off ? "older-cards-off" : "older-cards-on", actor);
    return page.slug;
  });
  if (slug) announceCardPagesChanged([slug]);
}
