// Contacts as the card page's form leaves them, written straight into the table for tests of the owner's side.
import { inArray } from "drizzle-orm";
import { cardPages, exchangedContacts } from "~/db/schema";
import type { DbOrTx } from "~/server/platform/db.server";

type ContactRow = typeof exchangedContacts.$inferInsert;
export type TestContact = Partial<Omit<ContactRow, "ownerUserId">> & { name: string };

/** Inserts the owner's contacts (consent given when each was shared) and returns them, in the order given. */
export async function insertContacts(db: DbOrTx, ownerUserId: string, contacts: TestContact[]) {
  if (contacts.length === 0) return [];
  // As the form stores them: a company card's contact is the company's.
  const cardIds = contacts.flatMap((c) => c.cardPageId ?? []);
  const cards = cardIds.length
    ? await db
        .select({ id: cardPages.id, organizationId: cardPages.organizationId })
        .from(cardPages)
        .where(inArray(cardPages.id, cardIds))
    : [];
  return db
    .insert(exchangedContacts)
    .values(
      contacts.map((c) => {
        const createdAt = c.createdAt ?? new Date();
        const organizationId = cards.find((card) => card.id === c.cardPageId)?.organizationId ?? null;
        return {
          source: "nfc" as const,
          consentedAt: createdAt,
          organizationId,
          ...c,
          createdAt,
          ownerUserId,
        };
      }),
    )
    .returning();
}
