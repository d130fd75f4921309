// A company's look on its members' card pages (docs/product.md#companies): the company's side (its template) is
// companies/; here the pages follow it. Every live company page takes the company's name, the design and the values
// it sets, and remembers which fields its holder may no longer change; the holder's own edits are checked against
// that list, whatever the form sends.
import { and, eq, isNull, sql } from "drizzle-orm";
import { cardPages } from "~/db/schema";
import { MEMBER_FIELD_LABELS, MEMBER_FIELDS, type MemberField } from "~/schemas/company";
import type { DbOrTx } from "../platform/db.server";
import { CardPageError } from "./cards.server";
import { announceCardPagesChanged } from "./changes.server";

export interface CompanyLook {
  businessName: string;
  /** The design everyone has, or undefined: each page keeps its own. */
  design?: object;
  locked: string[];
  /** Values the company sets for everyone (a locked phone or bio it gave). */
  values: Partial<Record<"contactPhone" | "bio", string>>;
}

/** Every live page of the company takes its look at once: each page's version moves on, so every process re-renders. */
export async function applyCompanyLook(db: DbOrTx, organizationId: string, look: CompanyLook) {
  const pages = await db
    .update(cardPages)
    .set({
      businessName: look.businessName,
      lockedFields: look.locked,
      ...(look.design ? { design: look.design } : {}),
      ...look.values,
      version: sql`${cardPages.version} + 1`,
    })
    .where(and(eq(cardPages.organizationId, organizationId), isNull(cardPages.departedNotice)))
    .returning({ slug: cardPages.slug });
  announceCardPagesChanged(pages.map((p) => p.slug));
  return pages.length;
}

const COLUMN: Record<MemberField, "jobTitle" | "contactPhone" | "bio"> = {
  jobTitle: "jobTitle",
  phone: "contactPhone",
  bio: "bio",
};

/** The holder's company page as its edit form shows it: each field's value and whether the company set it. */
export async function companyCardFields(db: DbOrTx, cardPageId: string) {
  const [page] = await db.select().from(cardPages).where(eq(cardPages.id, cardPageId));
  if (!page) return null;
  const locked = new Set(page.lockedFields ?? []);
  return {
    company: page.businessName ?? "",
    designLocked: locked.has("design"),
    fields: MEMBER_FIELDS.map((field) => ({
      field,
      value: page[COLUMN[field]] ?? "",
      locked: locked.has(field),
    })),
  };
}

/**
 * The holder saves their company page's fields. A field the company set may not change: posting another value for
 * it is refused with who set it (403), and nothing is saved. A field the company requires may not be left empty.
 */
export async function saveCompanyCardFields(
  db: DbOrTx,
  opts: {
    cardPageId: string;
    userId: string;
    values: Partial<Record<MemberField, string>>;
    required: MemberField[];
  },
) {
  const slug = await db.transaction(async (tx) => {
    const [page] = await tx
      .select()
      .from(cardPages)
      .where(and(eq(cardPages.id, opts.cardPageId), eq(cardPages.ownerUserId, opts.userId)))
      .for("update");
    if (!page?.organizationId) throw new CardPageError("Card not found", undefined, 404);
    const locked = new Set(page.lockedFields ?? []);
    const changes: Partial<Record<"jobTitle" | "contactPhone" | "bio", string | null>> = {};
    // Only the fields posted: a form shows the company's fields greyed, and a greyed field is not sent.
    for (const field of MEMBER_FIELDS) {
      if (!(field in opts.values)) continue;
      const value = opts.values[field] || null;
      const current = page[COLUMN[field]] ?? null;
      if (value === current) continue;
      if (locked.has(field))
        throw new CardPageError(`${MEMBER_FIELD_LABELS[field]} is set by ${page.businessName}.`, field, 403);
      changes[COLUMN[field]] = value;
    }
    for (const field of opts.required)
      if (!locked.has(field) && !(COLUMN[field] in changes ? changes[COLUMN[field]] : page[COLUMN[field]]))
        throw new CardPageError(
          `${page.businessName} asks everyone for a ${MEMBER_FIELD_LABELS[field].toLowerCase()}.`,
          field,
        );
    if (Object.keys(changes).length === 0) return null;
    await tx
      .update(cardPages)
      .set({ ...changes, version: sql`${cardPages.version} + 1` })
      .where(eq(cardPages.id, page.id));
    return page.slug;
  });
  if (slug) announceCardPagesChanged([slug]);
}

/** The company that sets this page's design, or null: its holder's Design page may not change it. */
export async function designLockedBy(db: DbOrTx, cardPageId: string) {
  const [page] = await db
    .select({ company: cardPages.businessName, locked: cardPages.lockedFields })
    .from(cardPages)
    .where(eq(cardPages.id, cardPageId));
  return page?.locked?.includes("design") ? (page.company ?? "your company") : null;
}
