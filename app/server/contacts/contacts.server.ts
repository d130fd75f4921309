// Contacts: the details visitors shared, with consent, from the owner's card pages. The owner lists, searches,
// filters and pages them, opens one, copies one into Cold Calling's prospects once, and deletes one for good
// (the exports: contact-exports.server.ts). Another account's contact is not found.

import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { data } from "react-router";
import { cardPages, exchangedContacts, prospects } from "~/db/schema";
import { CONTACT_LIMITS, CONTACT_SOURCE_LABELS, DELETED_CARD } from "~/schemas/contact-options";
import { isUuid } from "~/utils/ids";
import { pageNumber } from "~/utils/paging";
import { listBusinessTypes } from "../cold-calling/business-lists.server";
import type { DbOrTx } from "../platform/db.server";
import { ilikeAny } from "../platform/sql.server";

const CONTACTS_PAGE_SIZE = 25;
/**
 * Past this many, a list says '2,500+' and its pages reach the 2,500th contact (100 pages); a search or a card
 * narrows it, and the exports hold every one. Counting more would make every page of a big list slower.
 */
const CONTACTS_COUNT_CAP = 2_500;
/** The card filter lists at most this many of the owner's cards (the dashboard's own limit). */
const CARD_CHOICES_LIMIT = 100;
export const CONTACT_NOT_FOUND = "Contact not found";

export interface ContactFilters {
  q: string;
  card: string | null;
}

/**
 * Whose contacts a list or export holds: one account's (every card it owns), or a company's (every card it gave
 * its people, theirs still or left behind by someone who left). A plain id is an account's.
 */
export type ContactScope = string | { organizationId: string };

/** The cards of the scope: the account's own, or the company's. */
const cardsOfScope = (scope: ContactScope) =>
  typeof scope === "string"
    ? eq(cardPages.ownerUserId, scope)
    : eq(cardPages.organizationId, scope.organizationId);

/**
 * Filters from the address bar: the search is trimmed and capped; a card that is not one of the scope's is not
 * found (as on My Cards), so a filter never tells whether someone else's card exists.
 */
export async function contactFilters(db: DbOrTx, scope: ContactScope, url: URL): Promise<ContactFilters> {
  const q = (url.searchParams.get("q") ?? "").slice(0, CONTACT_LIMITS.search * 4).trim();
  const card = (url.searchParams.get("card") ?? "").slice(0, 100).trim();
  if (card) {
    const [own] = isUuid(card)
      ? await db
          .select({ id: cardPages.id })
          .from(cardPages)
          .where(and(eq(cardPages.id, card), cardsOfScope(scope)))
      : [];
    if (!own) throw data({ error: "Card not found" }, { status: 404 });
  }
  return { q: q.slice(0, CONTACT_LIMITS.search), card: card || null };
}

/** The owner's contacts: shares held for review are not contacts until accepted (review.server.ts). */
export const ownContacts = (userId: string) =>
  and(eq(exchangedContacts.ownerUserId, userId), eq(exchangedContacts.heldForReview, false))!;

/** The scope's contacts; a company's are those shared from its cards, whoever holds them now. */
const contactsOfScope = (scope: ContactScope) =>
  typeof scope === "string"
    ? ownContacts(scope)
    : and(
        eq(exchangedContacts.organizationId, scope.organizationId),
        eq(exchangedContacts.heldForReview, false),
      )!;

export function contactsWhere(scope: ContactScope, f: ContactFilters) {
  const where: SQL[] = [contactsOfScope(scope)];
  if (f.card) where.push(eq(exchangedContacts.cardPageId, f.card));
  if (f.q)
    where.push(ilikeAny([exchangedContacts.name, exchangedContacts.email, exchangedContacts.company], f.q));
  return and(...where);
}

/** Ordered as the (owner_user_id, created_at) index is, so the planner reads one index entry. */
async function hasContacts(db: DbOrTx, scope: ContactScope) {
  const [first] = await db
    .select({ id: exchangedContacts.id })
    .from(exchangedContacts)
    .where(contactsOfScope(scope))
    .orderBy(desc(exchangedContacts.createdAt))
    .limit(1);
  return Boolean(first);
}

/** The scope's cards to filter by: an account's newest first, a company's by its members' names. */
async function cardChoices(db: DbOrTx, scope: ContactScope) {
  return db
    .select({ id: cardPages.id, cardNumber: cardPages.cardNumber, name: cardPages.name })
    .from(cardPages)
    .where(cardsOfScope(scope))
    .orderBy(
      ...(typeof scope === "string"
        ? [desc(cardPages.createdAt), desc(cardPages.id)]
        : [asc(cardPages.name), asc(cardPages.id)]),
    )
    .limit(CARD_CHOICES_LIMIT);
}

export const cardLabel = (card: { cardNumber: string | null; name: string | null }) =>
  card.cardNumber ? `${card.name} (${card.cardNumber})` : DELETED_CARD;

/** The Contacts section: one page of the filtered list, newest first, its count, and the cards to filter by. */
export async function loadContacts(db: DbOrTx, scope: ContactScope, url: URL) {
  const filters = await contactFilters(db, scope, url);
  const where = contactsWhere(scope, filters);
  // Counted along the list's own index up to CONTACTS_COUNT_CAP, so a page costs the same for any number.
  const capped = db
    .select({ one: sql`1` })
    .from(exchangedContacts)
    .where(where)
    .orderBy(desc(exchangedContacts.createdAt), desc(exchangedContacts.id))
    .limit(CONTACTS_COUNT_CAP + 1)
    .as("capped");
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  const pages = Math.max(1, Math.ceil(Math.min(total, CONTACTS_COUNT_CAP) / CONTACTS_PAGE_SIZE));
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
  const hasAny = filtered ? await hasContacts(db, scope) : total > 0;
  return {
    filters,
    page,
    pages,
    total,
    totalLabel: total > CONTACTS_COUNT_CAP ? `${CONTACTS_COUNT_CAP.toLocaleString("en-GB")}+` : String(total),
    hasAny,
    filtered,
    cards: (await cardChoices(db, scope)).map((c) => ({ id: c.id, label: cardLabel(c) })),
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

/** Contacts (every field) each with the card they were shared from, or none for a deleted card. */
export const contactsWithCard = (db: DbOrTx) =>
  db
    .select({ contact: exchangedContacts, cardNumber: cardPages.cardNumber, cardName: cardPages.name })
    .from(exchangedContacts)
    .leftJoin(cardPages, eq(cardPages.id, exchangedContacts.cardPageId));

/** Every field of the owner's contact with its card, or a 404 for an id that is not theirs (or not an id). */
export async function requireOwnContact(db: DbOrTx, userId: string, contactId: string) {
  if (!isUuid(contactId)) throw data({ error: CONTACT_NOT_FOUND }, { status: 404 });
  const [row] = await contactsWithCard(db).where(
    and(eq(exchangedContacts.id, contactId), ownContacts(userId)),
  );
  if (!row) throw data({ error: CONTACT_NOT_FOUND }, { status: 404 });
  return { ...row.contact, card: cardLabel({ cardNumber: row.cardNumber, name: row.cardName }) };
}

/**
 * The business type a contact's prospect gets unless the owner picks another: the one most of their prospects
 * have, else the first the shop lists. Null when the shop has no business types at all.
 */
export async function defaultBusinessType(db: DbOrTx, userId: string, types: { id: string }[]) {
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
export async function linkedProspect(db: DbOrTx, userId: string, prospectId: string | null) {
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

export type ContactRow = typeof exchangedContacts.$inferSelect;

/** What a contact becomes in Prospects: the company is the business (else the person), the person its contact. */
export function asProspect(c: Pick<ContactRow, "name" | "company" | "phone" | "email">) {
  return {
    businessName: (c.company?.trim() || c.name.trim()).slice(0, 200),
    contactName: c.name.trim().slice(0, 200),
    phone: c.phone,
    email: c.email,
  };
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
