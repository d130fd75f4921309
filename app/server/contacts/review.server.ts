// Shares held for review: what visitors sent while a card was over its daily cap (exchange.server.ts). They are
// not contacts yet: never e-mailed, never sent to webhooks, left out of the list, its count and the exports. The
// owner sees them apart in Contacts and accepts each (then it is a contact like any other, and the owner's
// integrations hear of it as 'contact.created') or deletes them.
import { and, count, desc, eq } from "drizzle-orm";
import { cardPages, exchangedContacts, users } from "~/db/schema";
import { CONTACT_SOURCE_LABELS } from "~/schemas/contact-options";
import { isUuid } from "~/utils/ids";
import type { Database, DbOrTx } from "../platform/db.server";
import { cardLabel, contactsWithCard } from "./contacts.server";
import { queueContactCreated } from "./exchange.server";
import { CONTACT_LIMITS } from "./limits.server";

/** The review list shows this many, newest first; the count says how many there are in all. */
const HELD_SHOWN = 50;

const heldOf = (userId: string) =>
  and(eq(exchangedContacts.ownerUserId, userId), eq(exchangedContacts.heldForReview, true));

/** The owner's held shares, newest first, with every field the visitor sent, and how many are held in all. */
export async function heldForReview(db: DbOrTx, userId: string) {
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(exchangedContacts)
    .where(heldOf(userId));
  const rows = await contactsWithCard(db)
    .where(heldOf(userId))
    .orderBy(desc(exchangedContacts.createdAt), desc(exchangedContacts.id))
    .limit(HELD_SHOWN);
  return {
    total: Number(total),
    /** Shares a card takes as contacts in a day; the review says why these were held. */
    dailyCap: CONTACT_LIMITS.shareContactPerCard.max,
    contacts: rows.map(({ contact: c, cardNumber, cardName }) => ({
      id: c.id,
      name: c.name,
      email: c.email,
      phone: c.phone,
      company: c.company,
      jobTitle: c.jobTitle,
      note: c.note,
      sourceLabel: CONTACT_SOURCE_LABELS[c.source],
      card: cardLabel({ cardNumber, name: cardName }),
      createdAt: c.createdAt.toISOString(),
    })),
  };
}
export type HeldData = Awaited<ReturnType<typeof heldForReview>>;

/**
 * Makes the owner's held share a contact, and queues its 'contact.created' event in the same transaction: the
 * owner's integrations get every contact the owner has, the accepted ones too. No e-mail: the owner is the one
 * accepting it. The conditional update lets one of two presses win. Null when it is not the owner's held share.
 */
export async function acceptHeldContact(db: Database, userId: string, contactId: string) {
  if (!isUuid(contactId)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(exchangedContacts)
      .set({ heldForReview: false })
      .where(and(eq(exchangedContacts.id, contactId), heldOf(userId)))
      .returning();
    if (!row) return null;
    const [card] = row.cardPageId
      ? await tx
          .select({ slug: cardPages.slug, name: cardPages.name, organizationId: cardPages.organizationId })
          .from(cardPages)
          .where(eq(cardPages.id, row.cardPageId))
      : [];
    const [owner] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (owner) await queueContactCreated(tx, row, card ?? null, owner);
    return { id: row.id, name: row.name };
  });
}

/** Deletes every share the owner has held for review, for good; how many there were. */
export async function deleteAllHeld(db: DbOrTx, userId: string) {
  const gone = await db
    .delete(exchangedContacts)
    .where(heldOf(userId))
    .returning({ id: exchangedContacts.id });
  return gone.length;
}
