// Contacts as the card page's form leaves them, written straight into the table for tests of the owner's side.
import { exchangedContacts } from "~/db/schema";
import type { DbOrTx } from "~/server/platform/db.server";

type ContactRow = typeof exchangedContacts.$inferInsert;
export type TestContact = Partial<Omit<ContactRow, "ownerUserId">> & { name: string };

/** Inserts the owner's contacts (consent given when each was shared) and returns them, in the order given. */
export async function insertContacts(db: DbOrTx, ownerUserId: string, contacts: TestContact[]) {
  if (contacts.length === 0) return [];
  return db
    .insert(exchangedContacts)
    .values(
      contacts.map((c) => {
        const createdAt = c.createdAt ?? new Date();
        return { source: "nfc" as const, consentedAt: createdAt, ...c, createdAt, ownerUserId };
      }),
    )
    .returning();
}
