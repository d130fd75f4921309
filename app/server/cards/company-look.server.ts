// A company's look on its members' card pages (docs/product.md#companies): the company's side (its template) is
// companies/; here the pages follow it. Every live company page takes the company's name, the design and the values
// it sets, and remembers which fields its holder may no longer change; the holder's own edits are checked against
// that list, whatever the form sends.
import { and, eq, inArray, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import { cardPages, pageLinks } from "~/db/schema";
import { type CompanyLink, MEMBER_FIELD_LABELS, MEMBER_FIELDS, type MemberField } from "~/schemas/company";
import { iconForUrl } from "~/utils/link-kinds";
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
  /** The template's links: the locked ones kept on every page, the editable ones given to a new page. */
  links: CompanyLink[];
}

/** Every live page of the company takes its look at once: each page's version moves on, so every process re-renders. */
export async function applyCompanyLook(db: DbOrTx, organizationId: string, look: CompanyLook) {
  await syncLockedLinks(db, organizationId, look.links);
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

/** Where the company's locked links sit: before all of the holder's own, which are ordered from 0. */
const COMPANY_LINK_ORDER = -100;
/** Where an editable link the company gives sits when it arrives: first among the holder's own. */
const GIVEN_LINK_ORDER = -50;

const livePagesOf = (organizationId: string) =>
  sql`(select cp.id from card_pages cp where cp.organization_id = ${organizationId} and cp.departed_notice is null)`;

/**
 * The company's locked links on every live page of the company, in the template's order: changed in place (their
 * clicks stay), added where missing, and removed where the template dropped them or let members set them.
 */
async function syncLockedLinks(db: DbOrTx, organizationId: string, links: CompanyLink[]) {
  const locked = links.filter((l) => l.locked);
  await db.delete(pageLinks).where(
    and(
      inArray(pageLinks.cardPageId, livePagesOf(organizationId)),
      isNotNull(pageLinks.companyLinkId),
      locked.length
        ? notInArray(
            pageLinks.companyLinkId,
            locked.map((l) => l.id),
          )
        : undefined,
    ),
  );
  for (const [i, link] of locked.entries()) {
    const order = COMPANY_LINK_ORDER + i;
    await db
      .update(pageLinks)
      .set({ title: link.title, url: link.url, icon: iconForUrl(link.url), sortOrder: order })
      .where(eq(pageLinks.companyLinkId, link.id));
    await db.execute(sql`insert into page_links (card_page_id, title, url, icon, sort_order, company_link_id)
      select cp.id, ${link.title}, ${link.url}, ${iconForUrl(link.url)}, ${order}, ${link.id} from card_pages cp
      where cp.organization_id = ${organizationId} and cp.departed_notice is null
      and not exists (select 1 from page_links pl where pl.card_page_id = cp.id and pl.company_link_id = ${link.id})`);
  }
}

/** Gives editable links to every live page of the company: each becomes the holder's own link. */
export async function addCompanyLinks(db: DbOrTx, organizationId: string, links: CompanyLink[]) {
  for (const [i, link] of links.entries())
    await db.execute(sql`insert into page_links (card_page_id, title, url, icon, sort_order)
      select cp.id, ${link.title}, ${link.url}, ${iconForUrl(link.url)}, ${GIVEN_LINK_ORDER + i} from card_pages cp
      where cp.organization_id = ${organizationId} and cp.departed_notice is null`);
  const pages = await db
    .update(cardPages)
    .set({ version: sql`${cardPages.version} + 1` })
    .where(and(eq(cardPages.organizationId, organizationId), isNull(cardPages.departedNotice)))
    .returning({ slug: cardPages.slug });
  announceCardPagesChanged(pages.map((p) => p.slug));
}

/** A new company page's links: the template's, locked and editable, before any of its holder's. */
export async function giveTemplateLinks(db: DbOrTx, cardPageId: string, links: CompanyLink[]) {
  const locked = links.filter((l) => l.locked);
  const editable = links.filter((l) => !l.locked);
  const rows = [
    ...locked.map((l, i) => ({ ...l, sortOrder: COMPANY_LINK_ORDER + i, companyLinkId: l.id })),
    ...editable.map((l, i) => ({ ...l, sortOrder: GIVEN_LINK_ORDER + i, companyLinkId: null })),
  ];
  if (rows.length)
    await db.insert(pageLinks).values(
      rows.map((l) => ({
        cardPageId,
        title: l.title,
        url: l.url,
        icon: iconForUrl(l.url),
        sortOrder: l.sortOrder,
        companyLinkId: l.companyLinkId,
      })),
    );
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

/** A directory's text as one card line: control characters and runs of space folded, cut to the field's length. */
export const directoryLine = (value: string, max: number) =>
  value
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim()
    .slice(0, max)
    .trim();

/**
 * The company's directory changed who a member is. Their company page's name follows it, and so does the job title
 * where the template has the company set it (a title the member sets stays theirs). A title the directory does not
 * give leaves the page's as it is. Only a page that differs is written, so a repeated request changes nothing.
 */
export async function followDirectory(
  db: DbOrTx,
  opts: { organizationId: string; userId: string; name: string; jobTitle: string | null },
) {
  const name = directoryLine(opts.name, 100);
  const jobTitle = opts.jobTitle === null ? null : directoryLine(opts.jobTitle, 100) || null;
  const pages = await db
    .select({
      id: cardPages.id,
      slug: cardPages.slug,
      name: cardPages.name,
      jobTitle: cardPages.jobTitle,
      locked: cardPages.lockedFields,
    })
    .from(cardPages)
    .where(and(eq(cardPages.organizationId, opts.organizationId), eq(cardPages.ownerUserId, opts.userId)));
  const changed: string[] = [];
  for (const page of pages) {
    const changes: { name?: string; jobTitle?: string } = {};
    if (name && page.name !== name) changes.name = name;
    if (jobTitle && page.locked?.includes("jobTitle") && page.jobTitle !== jobTitle)
      changes.jobTitle = jobTitle;
    if (Object.keys(changes).length === 0) continue;
    await db
      .update(cardPages)
      .set({ ...changes, version: sql`${cardPages.version} + 1` })
      .where(eq(cardPages.id, page.id));
    changed.push(page.slug);
  }
  if (changed.length) announceCardPagesChanged(changed);
}
