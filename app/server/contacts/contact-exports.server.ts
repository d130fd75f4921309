// A contact's exports: one contact as a vCard, and the owner's contacts (with the page's filters) as a CSV that
// imports into Prospects or as one .vcf file holding a vCard for each.
import { and, desc, eq } from "drizzle-orm";
import { cardPages, exchangedContacts, prospects } from "~/db/schema";
import { CONTACT_SOURCE_LABELS } from "~/schemas/contact-options";
import { toCsv } from "~/utils/csv";
import { buildVCard, vCardDisposition } from "../cards/vcard.server";
import { PROSPECT_CSV_COLUMNS } from "../cold-calling/prospect-import.server";
import type { DbOrTx } from "../platform/db.server";
import {
  asProspect,
  type ContactFilters,
  type ContactRow,
  type ContactScope,
  cardLabel,
  contactsWhere,
  requireOwnContact,
} from "./contacts.server";

/** An export holds at most this many contacts (newest first); the filters narrow a bigger list. */
const EXPORT_MAX_ROWS = 20_000;

function contactVCardText(c: Pick<ContactRow, "name" | "company" | "jobTitle" | "email" | "phone" | "note">) {
  return buildVCard({
    name: c.name,
    organisation: c.company,
    title: c.jobTitle,
    email: c.email,
    phone: c.phone,
    note: c.note,
  });
}

/** One contact as a vCard file, or a 404 for an id that is not the owner's. */
export async function contactVCard(db: DbOrTx, userId: string, contactId: string) {
  const c = await requireOwnContact(db, userId, contactId);
  return { disposition: vCardDisposition(c.name), text: contactVCardText(c) };
}

async function exportRows(db: DbOrTx, scope: ContactScope, filters: ContactFilters) {
  return db
    .select({
      contact: exchangedContacts,
      cardNumber: cardPages.cardNumber,
      cardName: cardPages.name,
      prospectType: prospects.businessType,
    })
    .from(exchangedContacts)
    .leftJoin(cardPages, eq(cardPages.id, exchangedContacts.cardPageId))
    .leftJoin(
      prospects,
      and(
        eq(prospects.id, exchangedContacts.prospectId),
        eq(prospects.userId, exchangedContacts.ownerUserId),
      ),
    )
    .where(contactsWhere(scope, filters))
    .orderBy(desc(exchangedContacts.createdAt), desc(exchangedContacts.id))
    .limit(EXPORT_MAX_ROWS);
}

/**
 * The owner's contacts (with the page's filters) as CSV: Prospects' import columns first, filled as 'Add to
 * prospects' fills them; then what only a contact has. The business type is the one the owner chose when adding
 * the contact to prospects, else empty: a guess would be imported as if the owner had chosen it.
 */
export async function contactsCsv(db: DbOrTx, scope: ContactScope, filters: ContactFilters) {
  const rows = await exportRows(db, scope, filters);
  return toCsv(
    [...PROSPECT_CSV_COLUMNS, "job_title", "note", "card", "source", "shared_at", "consented_at"],
    rows.map(({ contact: c, cardNumber, cardName, prospectType }) => {
      const p = asProspect(c);
      return [
        p.businessName,
        p.contactName,
        p.phone,
        p.email,
        "",
        prospectType ?? "",
        c.jobTitle,
        c.note,
        cardLabel({ cardNumber, name: cardName }),
        CONTACT_SOURCE_LABELS[c.source],
        c.createdAt.toISOString(),
        c.consentedAt.toISOString(),
      ];
    }),
  );
}

/** The owner's contacts (with the page's filters) as one .vcf file holding a vCard for each. */
export async function contactsVcf(db: DbOrTx, scope: ContactScope, filters: ContactFilters) {
  const rows = await exportRows(db, scope, filters);
  return rows.map(({ contact }) => contactVCardText(contact)).join("");
}
