// Contact exchange, the visitor's side: a card page's visitor shares their details with the card's owner
// (/{slug}/connect). The card must have the owner's switch on; posts carry a signed time stamp and a honeypot,
// are limited per client address, held for review over the card's daily cap, and the owner is e-mailed (at most
// 20 an hour) in the same transaction as the insert. Nothing is ever sent to the address the visitor typed (docs/product.md#contact-exchange).
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { data } from "react-router";
import { cardPages, customerPreferences, exchangedContacts, users } from "~/db/schema";
import type { ShareContactInput } from "~/schemas/contact-exchange";
import type { VisitSource } from "~/utils/card-links";
import { isUuid } from "~/utils/ids";
import { isReservedSlug } from "~/utils/slug";
import type { SessionUser } from "../accounts/session.server";
import { announceCardPagesChanged } from "../cards/changes.server";
import type { Database, DbOrTx } from "../platform/db.server";
import { enqueueEmail } from "../platform/email/outbox.server";
import { newContactEmail } from "../platform/email/templates.server";
import { hitRateLimit, type Limit } from "../platform/rate-limit.server";
import { addressKey } from "../platform/rate-limit-address.server";
import { redirectWithToast } from "../platform/toast.server";
import { contactCreatedData } from "../webhooks/contact-event.server";
import { queueWebhookEvent } from "../webhooks/webhooks.server";
import { CONTACT_LIMITS } from "./limits.server";

// --- The owner's switch (My Cards) ---

/**
 * Turns the form on or off for one of the user's own cards. The page's version moves on and the slug is
 * announced, so every process's cached card page shows or drops the button. Null when the card is not theirs.
 */
export async function setContactExchange(db: DbOrTx, userId: string, cardId: string, on: boolean) {
  if (!isUuid(cardId)) return false;
  const [row] = await db
    .update(cardPages)
    .set({ contactExchange: on, version: sql`${cardPages.version} + 1`, updatedAt: new Date() })
    .where(and(eq(cardPages.id, cardId), eq(cardPages.ownerUserId, userId)))
    .returning({ slug: cardPages.slug, cardNumber: cardPages.cardNumber });
  if (!row) return null;
  announceCardPagesChanged([row.slug]);
  return row;
}

/** My Cards' 'share your details' switch on one of the account's own cards; any other id is answered as not found. */
export async function handleContactExchangeToggle(db: DbOrTx, user: SessionUser, form: FormData) {
  const cardId = String(form.get("cardId") ?? "").slice(0, 64);
  const on = form.get("on") === "true";
  const card = await setContactExchange(db, user.id, cardId, on);
  if (!card) return data({ error: "Card not found" }, { status: 404 });
  // Back to the card's tab, so a reload does not post again.
  return redirectWithToast(`/dashboard/cards?card=${card.cardNumber}`, {
    type: "success",
    title: on
      ? "Visitors can now share their details with you"
      : "Visitors can no longer share their details",
  });
}

// --- The card a visitor shares with ---

export type ShareCard = {
  id: string;
  slug: string;
  name: string;
  ownerUserId: string;
  /** A company card's company: its endpoints hear of the contact, not the member's own. */
  organizationId: string | null;
};

/**
 * The card whose form a visitor may use: it exists, has an owner, has the switch on and is not paused. Unknown,
 * deleted, switched-off, ownerless and paused cards all answer null, so the visitor sees the same 'no form' for
 * each (a paused card gives out nothing of its owner's, and takes nothing either).
 */
export async function findShareCard(db: DbOrTx, rawSlug: string): Promise<ShareCard | null> {
  const slug = rawSlug.toLowerCase();
  if (!/^[a-z0-9-]{1,64}$/.test(slug) || isReservedSlug(slug)) return null;
  const [card] = await db
    .select({
      id: cardPages.id,
      slug: cardPages.slug,
      name: cardPages.name,
      ownerUserId: cardPages.ownerUserId,
      organizationId: cardPages.organizationId,
      on: cardPages.contactExchange,
      pausedAt: cardPages.pausedAt,
    })
    .from(cardPages)
    .where(eq(cardPages.slug, slug));
  if (!card?.on || !card.ownerUserId || card.pausedAt) return null;
  return {
    id: card.id,
    slug: card.slug,
    name: card.name,
    ownerUserId: card.ownerUserId,
    organizationId: card.organizationId,
  };
}

/** The first word of the card's name, as the thanks and the consent speak of the owner. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

// --- The signed time stamp ---

/** Keeps these signatures apart from any other use of the secret. */
const STAMP_PURPOSE = "contact-exchange-form";
const STAMP_MIN_AGE_MS = 2_000;
const STAMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Milliseconds and a base64url SHA-256 signature are far shorter; anything longer is refused unread. */
const STAMP_MAX_LENGTH = 100;

const stampSignature = (secret: string, slug: string, issuedAt: number) =>
  createHmac("sha256", secret).update(`${STAMP_PURPOSE}:${slug}:${issuedAt}`).digest("base64url");

/** The time the form was shown, signed for this card: a post proves when its form was fetched. */
export function formStamp(secret: string, slug: string, issuedAt = Date.now()) {
  return `${issuedAt}.${stampSignature(secret, slug, issuedAt)}`;
}

export type StampCheck = "ok" | "too-fast" | "expired";

/** Whether a posted stamp is ours, for this card, and between 2 seconds and a day old. Forged is 'expired'. */
export function checkFormStamp(secret: string, slug: string, stamp: unknown, now = Date.now()): StampCheck {
  if (typeof stamp !== "string" || stamp.length > STAMP_MAX_LENGTH) return "expired";
  const match = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(stamp);
  if (!match) return "expired";
  const issuedAt = Number(match[1]);
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(stampSignature(secret, slug, issuedAt));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "expired";
  const age = now - issuedAt;
  if (age < STAMP_MIN_AGE_MS) return "too-fast";
  if (age > STAMP_MAX_AGE_MS) return "expired";
  return "ok";
}

// --- Limits ---

/**
 * Shares kept for review per card and day once its daily cap is used up: high enough that a crowd of addresses
 * cannot silence the form for real visitors, and still a bound on what strangers can store for one owner.
 */
export const HELD_PER_CARD = { max: 1_000, windowSeconds: 24 * 60 * 60 } satisfies Limit;

/** A share to store ('held': over the card's daily cap, kept for the owner's review), or why it is refused. */
export type ShareAllowance = "ok" | "held" | "address-limited" | "card-full";

/**
 * Counts one share for the client address and one for the card. Only posts that would be stored count, so a
 * visitor correcting a typo does not use up the hour. Over the card's cap the share is held, not refused: one
 * address can be stopped, a card's form cannot be silenced by many (docs/product.md#contact-exchange).
 */
export async function allowShare(db: DbOrTx, clientIp: string, cardId: string): Promise<ShareAllowance> {
  const byAddress = await hitRateLimit(
    db,
    `share-contact:ip:${addressKey(clientIp)}`,
    CONTACT_LIMITS.shareContactPerAddress,
  );
  if (!byAddress.allowed) return "address-limited";
  if ((await hitRateLimit(db, `share-contact:card:${cardId}`, CONTACT_LIMITS.shareContactPerCard)).allowed)
    return "ok";
  return (await hitRateLimit(db, `share-contact:held:${cardId}`, HELD_PER_CARD)).allowed
    ? "held"
    : "card-full";
}

// --- Storing a share ---

/**
 * Queues 'contact.created' for whoever's integrations the contact belongs to: the company's for a company card
 * (its leads reach the company's CRM, with the member it was shared with), else the owner's own.
 */
export async function queueContactCreated(
  tx: DbOrTx,
  contact: typeof exchangedContacts.$inferSelect,
  card: { slug: string; name: string; organizationId: string | null } | null,
  owner: { id: string; name: string; email: string },
) {
  const from = card ? { slug: card.slug, name: card.name } : null;
  if (card?.organizationId)
    return queueWebhookEvent(
      tx,
      { organizationId: card.organizationId },
      "contact.created",
      contactCreatedData(contact, from, { name: owner.name, email: owner.email }),
    );
  return queueWebhookEvent(tx, owner.id, "contact.created", contactCreatedData(contact, from));
}

/** Owner e-mails per hour; beyond it they are held and counted in the next one sent. */
export const OWNER_EMAILS_PER_HOUR = 20;

/**
 * Stores the shared details for the card's owner and queues the owner's e-mail, in one transaction (anything
 * else a new contact causes belongs in it too). A held share is only stored: no e-mail, no webhook event until
 * the owner accepts it (review.server.ts). Returns the new contact's id.
 */
export async function shareContact(
  db: Database,
  opts: {
    card: ShareCard;
    input: ShareContactInput;
    source: VisitSource;
    publicUrl: string;
    shopName: string;
    held?: boolean;
  },
) {
  const { card, input } = opts;
  const values = {
    ownerUserId: card.ownerUserId,
    cardPageId: card.id,
    organizationId: card.organizationId,
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    company: input.company ?? null,
    jobTitle: input.jobTitle ?? null,
    note: input.note ?? null,
    source: opts.source,
    consentedAt: new Date(),
  };
  if (opts.held) {
    const [row] = await db
      .insert(exchangedContacts)
      .values({ ...values, ownerEmail: "none", heldForReview: true })
      .returning({ id: exchangedContacts.id });
    return row!.id;
  }
  return db.transaction(async (tx) => {
    // One share at a time per owner, so the hourly count of e-mails cannot be passed by shares sent together.
    const [owner] = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, card.ownerUserId))
      .for("update");
    if (!owner) throw new Error("The card's owner no longer exists");
    const [prefs] = await tx
      .select({ on: customerPreferences.newContactEmails, all: customerPreferences.emailNotifications })
      .from(customerPreferences)
      .where(eq(customerPreferences.userId, owner.id));
    const emailsOn = prefs ? prefs.on && prefs.all : true;
    const sentLastHour = emailsOn
      ? ((
          await tx
            .select({ n: count() })
            .from(exchangedContacts)
            .where(
              and(
                eq(exchangedContacts.ownerUserId, owner.id),
                eq(exchangedContacts.ownerEmail, "sent"),
                gt(exchangedContacts.createdAt, sql`now() - interval '1 hour'`),
              ),
            )
        )[0]?.n ?? 0)
      : 0;
    const ownerEmail = !emailsOn ? "none" : Number(sentLastHour) >= OWNER_EMAILS_PER_HOUR ? "held" : "sent";
    const [row] = await tx
      .insert(exchangedContacts)
      .values({ ...values, ownerUserId: owner.id, ownerEmail })
      .returning();
    if (ownerEmail === "sent") {
      const summed = await tx
        .update(exchangedContacts)
        .set({ ownerEmail: "summed" })
        .where(and(eq(exchangedContacts.ownerUserId, owner.id), eq(exchangedContacts.ownerEmail, "held")))
        .returning({ id: exchangedContacts.id });
      await enqueueEmail(
        tx,
        newContactEmail({
          shop: opts.shopName,
          to: owner.email,
          ownerName: owner.name,
          cardName: card.name,
          contact: input,
          source: opts.source,
          url: `${opts.publicUrl}/dashboard/contacts/${row!.id}`,
          settingsUrl: `${opts.publicUrl}/dashboard/settings/notifications`,
          moreSinceLast: summed.length,
        }),
      );
    }
    // The integrations hear of it in the same transaction: no contact without its event, nor the reverse.
    await queueContactCreated(tx, row!, card, owner);
    return row!.id;
  });
}
