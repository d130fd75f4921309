// The `data` of a 'contact.created' event, built in one place so every sender gives receivers the same shape.
import type { exchangedContacts } from "~/db/schema";

type ContactRow = typeof exchangedContacts.$inferSelect;

/**
 * The `data` of a 'contact.created' event (docs/webhooks.md): what the visitor shared, the card it came from and
 * how its page was opened. Built here so every sender gives receivers the same shape.
 */
export function contactCreatedData(
  contact: ContactRow,
  card: { slug: string; name: string } | null,
  /** For a company's endpoints: the member whose card it was shared with. */
  member?: { name: string; email: string },
) {
  return {
    id: contact.id,
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    company: contact.company,
    jobTitle: contact.jobTitle,
    note: contact.note,
    source: contact.source,
    card,
    ...(member ? { member } : {}),
    consentedAt: contact.consentedAt.toISOString(),
    createdAt: contact.createdAt.toISOString(),
  };
}
