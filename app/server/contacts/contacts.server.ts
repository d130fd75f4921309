// Over 300 lines: the list, one contact, its exports and its copy into prospects share one guard and filter.
// Contacts: the details visitors shared, with consent, from the owner's card pages. The owner lists, searches,
// filters and pages them, opens one, takes them away (vCard, CSV that imports into Prospects, one .vcf), copies
// one into Cold Calling's prospects once, and deletes one for good. Another account's contact is not found.

import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { data } from "react-router";
import { cardPages, exchangedContacts, prospects } from "~/db/schema";
import { CONTACT_LIMITS, CONTACT_SOURCE_LABELS, DELETED_CARD } from "~/schemas/contact-options";
import { PROSPECT_QUOTAS } from "~/schemas/prospect-options";
import { ProspectFieldsSchema } from "~/schemas/prospects";
import { toCsv } from "~/utils/csv";
import { isUuid } from "~/utils/ids";
import { pageNumber } from "~/utils/paging";
import { buildVCard, vCardDisposition } from "../cards/vcard.server";
import { PROSPECT_CSV_COLUMNS } from "../cold-calling/prospect-import.server";
import { lockProspectCount, PROSPECTS_FULL } from "../cold-calling/prospect-quotas.server";
import type { Database, DbOrTx } from "../platform/db.server";
import { ilikeAny } from "../platform/sql.server";
import { listBusinessTypes } from "../shop/business-lists.server";

const CONTACTS_PAGE_SIZE = 25;
/** An export holds at most this many contacts (newest first); the filters narrow a bigger list. */
const EXPORT_MAX_ROWS = 20_000;
/** The card filter lists at most this many of the owner's cards (the dashboard's own limit). */
const CARD_CHOICES_LIMIT = 100;
export const CONTACT_NOT_FOUND = "Contact not found";

export interface ContactFilters {
  q: string;
  card: string | null;
}

/**
 * Filters from the address bar: the search is trimmed and capped; a card that is not one of the owner's is not
 * found (as on My Cards), so a filter never tells whether someone else's card exists.
 */
export async function contactFilters(db: DbOrTx, userId: string, url: URL): Promise<ContactFilters> {
  const q = (url.searchParams.get("q") ?? "").slice(0, CONTACT_LIMITS.search * 4).trim();
  const card = (url.searchParams.get("card") ?? "").slice(0, 100).trim();
  if (card) {
    const [own] = isUuid(card)
      ? await db
          .select({ id: cardPages.id })
          .from(cardPages)
          .where(and(eq(cardPages.id, card), eq(cardPages.ownerUserId, userId)))
      : [];
    if (!own) throw data({ error: "Card not found" }, { status: 404 });
  }
  return { q: q.slice(0, CONTACT_LIMITS.search), card: card || null };
}

/** The owner's contacts: shares held for review are not contacts until accepted (review.server.ts). */
const ownContacts = (userId: string) =>
  and(eq(exchangedContacts.ownerUserId, userId), eq(exchangedContacts.heldForReview, false))!;

function contactsWhere(userId: string, f: ContactFilters) {
  const where: SQL[] = [ownContacts(userId)];
  if (f.card) where.push(eq(exchangedContacts.cardPageId, f.card));
  if (f.q)
    where.push(ilikeAny([exchangedContacts.name, exchangedContacts.email, exchangedContacts.company], f.q));
  return and(...where);
}

/** Ordered as the (owner_user_id, created_at) index is, so the planner reads one index entry. */
async function hasContacts(db: DbOrTx, userId: string) {
  const [first] = await db
    .select({ id: exchangedContacts.id })
    .from(exchangedContacts)
    .where(ownContacts(userId))
    .orderBy(desc(exchangedContacts.createdAt))
    .limit(1);
  return Boolean(first);
}

/** The owner's cards to filter by, newest first. */
async function cardChoices(db: DbOrTx, userId: string) {
  return db
    .select({ id: cardPages.id, cardNumber: cardPages.cardNumber, name: cardPages.name })
    .from(cardPages)
    .where(eq(cardPages.ownerUserId, userId))
    .orderBy(desc(cardPages.createdAt), desc(cardPages.id))
    .limit(CARD_CHOICES_LIMIT);
}

const cardLabel = (card: { cardNumber: string | null; name: string | null }) =>
  card.cardNumber ? `${card.name} (${card.cardNumber})` : DELETED_CARD;

/** The Contacts section: one page of the filtered list, newest first, its count, and the cards to filter by. */
export async function loadContacts(db: DbOrTx, userId: string, url: URL) {
  const filters = await contactFilters(db, userId, url);
  const where = contactsWhere(userId, filters);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(exchangedContacts)
    .where(where);
  const pages = Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE));
  const page = pageNumber(url, pages);
  const rows = await db
    .select({
      id: exchangedContacts.id,
      name: exchangedContacts.name,
      email: exchangedContacts.email,
      phone: exchangedContacts.phone,
      company: exchangedContacts.company,
      source: exchangedContacts.source,
      createdAt: exchangedContacts.createdAt,
      cardNumber: cardPages.cardNumber,
      cardName: cardPages.name,
    })
    .from(exchangedContacts)
    .leftJoin(cardPages, eq(cardPages.id, exchangedContacts.cardPageId))
    .where(where)
    .orderBy(desc(exchangedContacts.createdAt), desc(exchangedContacts.id))
    .limit(CONTACTS_PAGE_SIZE)
    .offset((page - 1) * CONTACTS_PAGE_SIZE);
  // The empty state is for an owner with no contacts at all, not for filters that match none.
  const filtered = Boolean(filters.q || filters.card);
  const hasAny = filtered ? await hasContacts(db, userId) : total > 0;
  return {
    filters,
    page,
    pages,
    total,
    hasAny,
    filtered,
    cards: (await cardChoices(db, userId)).map((c) => ({ id: c.id, label: cardLabel(c) })),
    contacts: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      company: r.company,
      source: r.source,
      sourceLabel: CONTACT_SOURCE_LABELS[r.source],
      card: cardLabel({ cardNumber: r.cardNumber, name: r.cardName }),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
export type ContactsData = Awaited<ReturnType<typeof loadContacts>>;

/** Every field of the owner's contact with its card, or a 404 for an id that is not theirs (or not an id). */
async function requireOwnContact(db: DbOrTx, userId: string, contactId: string) {
  if (!isUuid(contactId)) throw data({ error: CONTACT_NOT_FOUND }, { status: 404 });
  const [row] = await db
    .select({
      contact: exchangedContacts,
      cardNumber: cardPages.cardNumber,
      cardName: cardPages.name,
    })
    .from(exchangedContacts)
    .leftJoin(cardPages, eq(cardPages.id, exchangedContacts.cardPageId))
    .where(and(eq(exchangedContacts.id, contactId), ownContacts(userId)));
  if (!row) throw data({ error: CONTACT_NOT_FOUND }, { status: 404 });
  return { ...row.contact, card: cardLabel({ cardNumber: row.cardNumber, name: row.cardName }) };
}

/**
 * The business type a contact's prospect gets unless the owner picks another: the one most of their prospects
 * have, else the first the shop lists. Null when the shop has no business types at all.
 */
async function defaultBusinessType(db: DbOrTx, userId: string, types: { id: string }[]) {
  const [usual] = await db
    .select({ type: prospects.businessType })
    .from(prospects)
    .where(eq(prospects.userId, userId))
    .groupBy(prospects.businessType)
    .orderBy(desc(count()), prospects.businessType)
    .limit(1);
  if (usual && types.some((t) => t.id === usual.type)) return usual.type;
  return types[0]?.id ?? null;
}

/** The prospect a contact was copied into, while it still exists. */
async function linkedProspect(db: DbOrTx, userId: string, prospectId: string | null) {
  if (!prospectId) return null;
  const [p] = await db
    .select({ id: prospects.id, businessName: prospects.businessName, businessType: prospects.businessType })
    .from(prospects)
    .where(and(eq(prospects.id, prospectId), eq(prospects.userId, userId)));
  return p ?? null;
}

/** A contact's page: every field, its card, its prospect if it has one, and the business types to choose from. */
export async function loadContact(db: DbOrTx, userId: string, contactId: string, url: URL) {
  const c = await requireOwnContact(db, userId, contactId);
  const types = await listBusinessTypes(db);
  return {
    contact: {
      id: c.id,
      name: c.name,
      email: c.email,
      phone: c.phone,
      company: c.company,
      jobTitle: c.jobTitle,
      note: c.note,
      source: c.source,
      sourceLabel: CONTACT_SOURCE_LABELS[c.source],
      card: c.card,
      createdAt: c.createdAt.toISOString(),
      consentedAt: c.consentedAt.toISOString(),
    },
    prospect: await linkedProspect(db, userId, c.prospectId),
    types,
    defaultType: await defaultBusinessType(db, userId, types),
    confirmingDelete: url.searchParams.get("delete") === "1",
  };
}
export type ContactData = Awaited<ReturnType<typeof loadContact>>;

type ContactRow = typeof exchangedContacts.$inferSelect;

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

async function exportRows(db: DbOrTx, userId: string, filters: ContactFilters) {
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
    .where(contactsWhere(userId, filters))
    .orderBy(desc(exchangedContacts.createdAt), desc(exchangedContacts.id))
    .limit(EXPORT_MAX_ROWS);
}

/** What a contact becomes in Prospects: the company is the business (else the person), the person its contact. */
function asProspect(c: Pick<ContactRow, "name" | "company" | "phone" | "email">) {
  return {
    businessName: (c.company?.trim() || c.name.trim()).slice(0, 200),
    contactName: c.name.trim().slice(0, 200),
    phone: c.phone,
    email: c.email,
  };
}

/**
 * The owner's contacts (with the page's filters) as CSV: Prospects' import columns first, filled as 'Add to
 * prospects' fills them; then what only a contact has. The business type is the one the owner chose when adding
 * the contact to prospects, else empty: a guess would be imported as if the owner had chosen it.
 */
export async function contactsCsv(db: DbOrTx, userId: string, filters: ContactFilters) {
  const rows = await exportRows(db, userId, filters);
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
export async function contactsVcf(db: DbOrTx, userId: string, filters: ContactFilters) {
  const rows = await exportRows(db, userId, filters);
  return rows.map(({ contact }) => contactVCardText(contact)).join("");
}

const CONTACT_ALREADY_PROSPECT = "This contact is already in your prospects.";

export type AddToProspectsOutcome =
  | { ok: true; prospectId: string; businessName: string }
  | { ok: false; status: number; message: string; prospectId?: string };

/**
 * Copies the owner's contact into their prospects, once: the contact row is locked so two clicks at the same
 * moment add one prospect; a prospect the contact was copied into before, or one with the same business name and
 * phone (as the import tells duplicates), is linked instead of a second. The prospect quota is checked under the
 * account lock that every prospect write takes.
 */
export async function addContactToProspects(
  db: Database,
  userId: string,
  contactId: string,
  businessType: string | undefined,
): Promise<AddToProspectsOutcome> {
  if (!isUuid(contactId)) return { ok: false, status: 404, message: CONTACT_NOT_FOUND };
  const types = await listBusinessTypes(db);
  const type = businessType ?? (await defaultBusinessType(db, userId, types));
  if (!type || !types.some((t) => t.id === type))
    return { ok: false, status: 400, message: "Choose a business type" };
  return db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(exchangedContacts)
      .where(and(eq(exchangedContacts.id, contactId), ownContacts(userId)))
      .for("update");
    if (!c) return { ok: false as const, status: 404, message: CONTACT_NOT_FOUND };
    const linked = await linkedProspect(tx, userId, c.prospectId);
    if (linked)
      return { ok: false as const, status: 409, message: CONTACT_ALREADY_PROSPECT, prospectId: linked.id };
    const p = asProspect(c);
    // A phone or e-mail the prospect rules would refuse is left out rather than refusing the whole copy.
    const keep = (field: "phone" | "email", v: string | null) =>
      v && ProspectFieldsSchema.shape[field].safeParse(v).success ? v : undefined;
    const parsed = ProspectFieldsSchema.safeParse({
      businessName: p.businessName,
      contactName: p.contactName,
      phone: keep("phone", p.phone),
      email: keep("email", p.email),
      businessType: type,
    });
    if (!parsed.success)
      return {
        ok: false as const,
        status: 400,
        message: parsed.error.issues[0]?.message ?? "Invalid contact",
      };
    const value = parsed.data;
    const digits = (value.phone ?? "").replace(/\D/g, "");
    const [same] = await tx
      .select({ id: prospects.id })
      .from(prospects)
      .where(
        and(
          eq(prospects.userId, userId),
          eq(sql`lower(${prospects.businessName})`, value.businessName.toLowerCase()),
          eq(sql`regexp_replace(coalesce(${prospects.phone}, ''), '\\D', '', 'g')`, digits),
        ),
      )
      .limit(1);
    if (same) {
      await tx.update(exchangedContacts).set({ prospectId: same.id }).where(eq(exchangedContacts.id, c.id));
      return { ok: false as const, status: 409, message: CONTACT_ALREADY_PROSPECT, prospectId: same.id };
    }
    if ((await lockProspectCount(tx, userId)) >= PROSPECT_QUOTAS.prospects)
      return { ok: false as const, status: 409, message: PROSPECTS_FULL };
    const [created] = await tx
      .insert(prospects)
      .values({
        userId,
        businessName: value.businessName,
        contactName: value.contactName ?? null,
        phone: value.phone ?? null,
        email: value.email ?? null,
        businessType: value.businessType,
      })
      .returning({ id: prospects.id });
    await tx.update(exchangedContacts).set({ prospectId: created!.id }).where(eq(exchangedContacts.id, c.id));
    return { ok: true as const, prospectId: created!.id, businessName: value.businessName };
  });
}

/** Deletes the owner's contact for good; false when it is not theirs (or already gone). */
export async function deleteContact(db: DbOrTx, userId: string, contactId: string) {
  if (!isUuid(contactId)) return false;
  const gone = await db
    .delete(exchangedContacts)
    .where(and(eq(exchangedContacts.id, contactId), eq(exchangedContacts.ownerUserId, userId)))
    .returning({ id: exchangedContacts.id });
  return gone.length > 0;
}

/** How many contacts the owner received from `from` (inclusive) to `to` (exclusive, else now). */
export async function countNewContacts(db: DbOrTx, userId: string, from: Date, to?: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(exchangedContacts)
    .where(
      and(
        ownContacts(userId),
        gte(exchangedContacts.createdAt, from),
        ...(to ? [lt(exchangedContacts.createdAt, to)] : []),
      ),
    );
  return Number(row?.n ?? 0);
}
