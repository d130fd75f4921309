// Over 300 lines: a card page's life and its physical cards are one aggregate, logged by one history.
// A card page's life and its physical cards: pause and resume the page, each card's own chip address (a token),
// turning one lost card off (or the older cards written with the page's address), replacements, and the history
// of every change. Each change announces the page's slug once committed, so every process's page cache (and,
// with PostgreSQL, every other process through page-sync) answers the new state on its next request.
import { randomInt } from "node:crypto";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { cardPageEvents, cardPages, orderItems, orders, physicalCards } from "~/db/schema";
import type { DbOrTx } from "../platform/db.server";
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

async function logEvent(
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

/** A page's physical cards, oldest first, with what the owner and the admin see of each. */
async function listPhysicalCards(db: DbOrTx, cardPageId: string) {
  const rows = await db
    .select({
      id: physicalCards.id,
      token: physicalCards.token,
      state: physicalCards.state,
      replacesId: physicalCards.replacesId,
      replacesOlderCards: physicalCards.replacesOlderCards,
      writtenAt: physicalCards.writtenAt,
      turnedOffAt: physicalCards.turnedOffAt,
      offReason: physicalCards.offReason,
      createdAt: physicalCards.createdAt,
      orderNumber: orders.orderNumber,
    })
    .from(physicalCards)
    .leftJoin(orderItems, eq(orderItems.id, physicalCards.orderItemId))
    .leftJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(physicalCards.cardPageId, cardPageId))
    .orderBy(asc(physicalCards.createdAt), asc(physicalCards.id))
    .limit(50);
  return rows.map((r) => ({
    ...r,
    chipPath: chipPath(r),
    label: `Card …${r.token.slice(-4)}`,
    isReplacement: r.replacesId !== null || r.replacesOlderCards,
  }));
}
export type PhysicalCard = Awaited<ReturnType<typeof listPhysicalCards>>[number];

/** The page's state as the owner and the admin see it. */
export async function cardLifecycle(db: DbOrTx, cardPageId: string) {
  const [page] = await db
    .select({ pausedAt: cardPages.pausedAt, olderCardsOffAt: cardPages.olderCardsOffAt })
    .from(cardPages)
    .where(eq(cardPages.id, cardPageId));
  if (!page) return null;
  return { ...page, physicalCards: await listPhysicalCards(db, cardPageId) };
}
export type CardLifecycle = NonNullable<Awaited<ReturnType<typeof cardLifecycle>>>;

/** Physical cards still to be written, oldest first (the fulfilment list): the chip address and the page. */
export async function physicalCardsToWrite(db: DbOrTx, limit = 100) {
  const rows = await db
    .select({
      id: physicalCards.id,
      token: physicalCards.token,
      cardPageId: physicalCards.cardPageId,
      cardNumber: cardPages.cardNumber,
      slug: cardPages.slug,
      replacesId: physicalCards.replacesId,
      replacesOlderCards: physicalCards.replacesOlderCards,
      orderItemId: physicalCards.orderItemId,
      createdAt: physicalCards.createdAt,
    })
    .from(physicalCards)
    .innerJoin(cardPages, eq(cardPages.id, physicalCards.cardPageId))
    .where(eq(physicalCards.state, "to_write"))
    .orderBy(asc(physicalCards.createdAt), asc(physicalCards.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    chipPath: chipPath(r),
    isReplacement: r.replacesId !== null || r.replacesOlderCards,
  }));
}

/** The page's history, newest first. */
export async function cardHistory(db: DbOrTx, cardPageId: string, limit = 50) {
  return db
    .select({
      id: cardPageEvents.id,
      action: cardPageEvents.action,
      actor: cardPageEvents.actor,
      note: cardPageEvents.note,
      createdAt: cardPageEvents.createdAt,
    })
    .from(cardPageEvents)
    .where(eq(cardPageEvents.cardPageId, cardPageId))
    .orderBy(desc(cardPageEvents.createdAt), desc(cardPageEvents.id))
    .limit(limit);
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
        .set({ state: "off", turnedOffAt: new Date(), offReason: "replaced" })
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
        .set({ olderCardsOffAt: new Date(), version: sql`${cardPages.version} + 1` })
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
  const slug = await db.transaction(async (tx) => {
    const card = await physicalCardOfPage(tx, id, opts.cardPageId);
    if ((card.state === "off") === off) return null;
    await tx
      .update(physicalCards)
      .set(
        off
          ? { state: "off", turnedOffAt: new Date(), offReason: opts.reason ?? "lost" }
          : { state: card.writtenAt ? "active" : "to_write", turnedOffAt: null, offReason: null },
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

/** Pauses the page (every address answers 'This card is paused') or resumes it. */
export async function setCardPaused(db: DbOrTx, cardPageId: string, paused: boolean, actor: LifecycleActor) {
  const slug = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(cardPages)
      .set({ pausedAt: paused ? new Date() : null, version: sql`${cardPages.version} + 1` })
      .where(
        and(
          eq(cardPages.id, cardPageId),
          paused ? isNull(cardPages.pausedAt) : sql`${cardPages.pausedAt} is not null`,
        ),
      )
      .returning({ slug: cardPages.slug });
    if (row) await logEvent(tx, cardPageId, paused ? "paused" : "resumed", actor);
    return row?.slug;
  });
  if (slug) announceCardPagesChanged([slug]);
}

/**
 * Turns off (or on again) the page's own NFC address, `/{slug}?s=nfc`, which cards written before chip addresses
 * carry: they cannot be told apart, so they stop (or start) together. The page's public address stays live.
 */
export async function setOlderCardsOff(db: DbOrTx, cardPageId: string, off: boolean, actor: LifecycleActor) {
  const slug = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(cardPages)
      .set({ olderCardsOffAt: off ? new Date() : null, version: sql`${cardPages.version} + 1` })
      .where(
        and(
          eq(cardPages.id, cardPageId),
          off ? isNull(cardPages.olderCardsOffAt) : sql`${cardPages.olderCardsOffAt} is not null`,
        ),
      )
      .returning({ slug: cardPages.slug });
    if (row) await logEvent(tx, cardPageId, off ? "older-cards-off" : "older-cards-on", actor);
    return row?.slug;
  });
  if (slug) announceCardPagesChanged([slug]);
}
