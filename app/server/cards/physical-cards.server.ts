// A card page's physical cards: each card's own chip address (a token), turning one lost card off, replacements,
// and the history of every change with who made it: the owner cannot turn back on a card the shop turned off.
// Each change announces the page's slug once committed, so every process's page cache (and, with PostgreSQL,
// every other process through page-sync) answers the new state on its next request. The page's own state (paused,
// older cards off): card-page-state.server.ts; reading it all: card-lifecycle.server.ts.
import { randomInt } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { cardPageEvents, cardPages, physicalCards } from "~/db/schema";
import type { DbOrTx } from "../platform/db.server";
import { turnedOffByOf } from "./card-status.server";
import { announceCardPagesChanged } from "./changes.server";

/** 11 base62 characters: 65 bits, unguessable, and `https://host/c/` + 11 fits an NTAG213 with room to spare. */
const CHIP_TOKEN_LENGTH = 11;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const CHIP_TOKEN_PATTERN = /^[0-9A-Za-z]{11}$/;

function newChipToken() {
  let token = "";
  for (let i = 0; i < CHIP_TOKEN_LENGTH; i++) token += BASE62[randomInt(62)];
  return token;
}

/** The address written on a physical card's chip; every tap on it counts as an NFC view of its page. */
export function chipPath(card: { token: string }) {
  return `/c/${card.token}`;
}

/** Who made a change: an account (the owner or an admin), or the shop itself (a payment). */
export interface LifecycleActor {
  userId: string | null;
  label: string;
  /** On whose side: what the shop turns off or pauses, only the shop turns back on. Unsaid: the owner's. */
  by?: "owner" | "shop";
}

export class CardLifecycleError extends Error {
  override name = "CardLifecycleError";
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** The owner asked to undo the shop's takedown: refused (the owner's action adds how to reach support). */
export class ShopHoldError extends CardLifecycleError {
  override name = "ShopHoldError";
  constructor(message: string) {
    super(message, 403);
  }
}

/** Records a change in the page's history (the admin card view). */
export async function logEvent(
  db: DbOrTx,
  cardPageId: string,
  action: string,
  actor: LifecycleActor,
  opts: { physicalCardId?: string | null; note?: string | null } = {},
) {
  await db.insert(cardPageEvents).values({
    cardPageId,
    physicalCardId: opts.physicalCardId ?? null,
    action,
    actor: actor.label,
    actorUserId: actor.userId,
    note: opts.note ?? null,
  });
}

async function slugOf(db: DbOrTx, cardPageId: string) {
  const [page] = await db
    .select({ slug: cardPages.slug })
    .from(cardPages)
    .where(eq(cardPages.id, cardPageId));
  if (!page) throw new CardLifecycleError("Card not found", 404);
  return page.slug;
}

// --- Reading ---

/** A token's page and whether the card still opens it; null for a token that was never issued. */
export async function getChipTarget(db: DbOrTx, token: string) {
  if (!CHIP_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ slug: cardPages.slug, state: physicalCards.state })
    .from(physicalCards)
    .innerJoin(cardPages, eq(cardPages.id, physicalCards.cardPageId))
    .where(eq(physicalCards.token, token));
  return row ? { slug: row.slug, off: row.state === "off" } : null;
}

// --- Writing ---

/**
 * A new physical card for the page, to be written. `announce: false` inside an enclosing transaction; its
 * caller announces the slug once that commits.
 */
export async function createPhysicalCard(
  db: DbOrTx,
  input: {
    cardPageId: string;
    orderItemId?: string | null;
    replacesId?: string | null;
    replacesOlderCards?: boolean;
  },
  actor: LifecycleActor,
  { announce = true } = {},
) {
  const slug = await slugOf(db, input.cardPageId);
  const card = await db.transaction(async (tx) => {
    // A clash of 65 random bits will not happen; the unique index would refuse one rather than share a token.
    const [row] = await tx
      .insert(physicalCards)
      .values({
        cardPageId: input.cardPageId,
        token: newChipToken(),
        orderItemId: input.orderItemId ?? null,
        replacesId: input.replacesId ?? null,
        replacesOlderCards: input.replacesOlderCards ?? false,
      })
      .returning();
    const replacement = input.replacesId || input.replacesOlderCards;
    await logEvent(tx, input.cardPageId, replacement ? "replacement-created" : "card-created", actor, {
      physicalCardId: row!.id,
    });
    return row!;
  });
  if (announce) announceCardPagesChanged([slug]);
  return card;
}

async function physicalCardOfPage(db: DbOrTx, id: string, cardPageId?: string) {
  const [card] = await db
    .select()
    .from(physicalCards)
    .where(
      cardPageId
        ? and(eq(physicalCards.id, id), eq(physicalCards.cardPageId, cardPageId))
        : eq(physicalCards.id, id),
    )
    .for("update");
  if (!card) throw new CardLifecycleError("Card not found", 404);
  return card;
}

/**
 * The card is written: its chip address is live (it already opened the page) and the card it replaces, if still
 * on, is turned off now. Writing it again changes nothing.
 */
export async function markPhysicalCardWritten(
  db: DbOrTx,
  id: string,
  actor: LifecycleActor = { userId: null, label: "shop" },
) {
  const slug = await db.transaction(async (tx) => {
    const card = await physicalCardOfPage(tx, id);
    if (card.state !== "to_write") return null;
    await tx
      .update(physicalCards)
      .set({ state: "active", writtenAt: new Date() })
      .where(eq(physicalCards.id, id));
    await logEvent(tx, card.cardPageId, "card-written", actor, { physicalCardId: id });
    if (card.replacesId) {
      const [old] = await tx
        .update(physicalCards)
        // The owner ordered the replacement: turning the old card off is theirs, and theirs to undo.
        .set({ state: "off", turnedOffAt: new Date(), offReason: "replaced", turnedOffBy: "owner" })
        .where(and(eq(physicalCards.id, card.replacesId), sql`${physicalCards.state} <> 'off'`))
        .returning({ id: physicalCards.id });
      if (old)
        await logEvent(tx, card.cardPageId, "card-off", actor, {
          physicalCardId: old.id,
          note: "replaced",
        });
    }
    if (card.replacesOlderCards) {
      const [page] = await tx
        .update(cardPages)
        .set({
          olderCardsOffAt: new Date(),
          olderCardsOffBy: "owner",
          version: sql`${cardPages.version} + 1`,
        })
        .where(and(eq(cardPages.id, card.cardPageId), isNull(cardPages.olderCardsOffAt)))
        .returning({ id: cardPages.id });
      if (page) await logEvent(tx, card.cardPageId, "older-cards-off", actor, { note: "replaced" });
    }
    return slugOf(tx, card.cardPageId);
  });
  if (slug) announceCardPagesChanged([slug]);
  return Boolean(slug);
}

/** Undoes 'written' (the admin wrote the wrong card): the card waits in the list again. */
export async function markPhysicalCardNotWritten(db: DbOrTx, id: string, actor: LifecycleActor) {
  await db.transaction(async (tx) => {
    const card = await physicalCardOfPage(tx, id);
    if (card.state !== "active" || !card.writtenAt) throw new CardLifecycleError("This card is not written");
    await tx
      .update(physicalCards)
      .set({ state: "to_write", writtenAt: null })
      .where(eq(physicalCards.id, id));
    await logEvent(tx, card.cardPageId, "card-not-written", actor, { physicalCardId: id });
  });
}

/**
 * Turns one physical card off (its chip address stops opening the page) or back on. `cardPageId` limits it to
 * that page's cards (the owner's request); the admin passes none.
 */
export async function setPhysicalCardOff(
  db: DbOrTx,
  id: string,
  off: boolean,
  actor: LifecycleActor,
  opts: { cardPageId?: string; reason?: string } = {},
) {
  const by = actor.by ?? "owner";
  const slug = await db.transaction(async (tx) => {
    const card = await physicalCardOfPage(tx, id, opts.cardPageId);
    if ((card.state === "off") === off) return null;
    if (!off && by === "owner" && turnedOffByOf(card) === "shop")
      throw new ShopHoldError("The shop turned this card off. Only the shop can turn it back on.");
    await tx
      .update(physicalCards)
      .set(
        off
          ? { state: "off", turnedOffAt: new Date(), offReason: opts.reason ?? "lost", turnedOffBy: by }
          : {
              state: card.writtenAt ? "active" : "to_write",
              turnedOffAt: null,
              offReason: null,
              turnedOffBy: null,
            },
      )
      .where(eq(physicalCards.id, id));
    await logEvent(tx, card.cardPageId, off ? "card-off" : "card-on", actor, {
      physicalCardId: id,
      note: off ? (opts.reason ?? "lost") : null,
    });
    return slugOf(tx, card.cardPageId);
  });
  if (slug) announceCardPagesChanged([slug]);
}
