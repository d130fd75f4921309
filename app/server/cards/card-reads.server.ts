// Card pages as they are read: the public page (its shown links in order), the whole page for the admin's form
// and paid updates, and where a link's /go/ address leads. Writes are in cards.server.ts.
import { and, asc, eq, sql } from "drizzle-orm";
import { cardPages, pageLinks } from "~/db/schema";
import { isUuid } from "~/utils/ids";
import type { DbOrTx } from "../platform/db.server";

export type PublicCardPage = Awaited<ReturnType<typeof getCardPageBySlug>>;

/** The page as the public sees it (links in order), or null. The slug is compared normalised. */
export async function getCardPageBySlug(db: DbOrTx, slug: string) {
  const [page] = await db
    .select({
      id: cardPages.id,
      cardNumber: cardPages.cardNumber,
      slug: cardPages.slug,
      name: cardPages.name,
      businessName: cardPages.businessName,
      bio: cardPages.bio,
      contactEmail: cardPages.contactEmail,
      contactPhone: cardPages.contactPhone,
      profileImageUrl: cardPages.profileImageUrl,
      coverImageUrl: cardPages.coverImageUrl,
      logoImageUrl: cardPages.logoImageUrl,
      contactExchange: cardPages.contactExchange,
      design: cardPages.design,
      version: cardPages.version,
      pausedAt: cardPages.pausedAt,
      olderCardsOffAt: cardPages.olderCardsOffAt,
      jobTitle: cardPages.jobTitle,
      departedNotice: cardPages.departedNotice,
    })
    .from(cardPages)
    .where(eq(cardPages.slug, slug.toLowerCase()));
  if (!page) return null;
  // A link the owner hid is not on the page, nor in its vCard or QR code.
  const links = await db
    .select({ id: pageLinks.id, title: pageLinks.title, url: pageLinks.url, icon: pageLinks.icon })
    .from(pageLinks)
    .where(and(eq(pageLinks.cardPageId, page.id), eq(pageLinks.hidden, false)))
    .orderBy(asc(pageLinks.sortOrder));
  return { ...page, links };
}

export async function getCardPageById(db: DbOrTx, id: string) {
  if (!isUuid(id)) return null;
  const [page] = await db.select().from(cardPages).where(eq(cardPages.id, id));
  if (!page) return null;
  const links = await db
    .select({
      id: pageLinks.id,
      title: pageLinks.title,
      url: pageLinks.url,
      icon: pageLinks.icon,
      hidden: pageLinks.hidden,
    })
    .from(pageLinks)
    .where(eq(pageLinks.cardPageId, id))
    .orderBy(asc(pageLinks.sortOrder));
  const { passwordHash: _hidden, ...rest } = page;
  return { ...rest, links };
}

export async function getLinkTarget(db: DbOrTx, linkId: string) {
  if (!isUuid(linkId)) return null;
  const [link] = await db
    .select({
      id: pageLinks.id,
      url: pageLinks.url,
      cardPageId: pageLinks.cardPageId,
      paused: sql<boolean>`${cardPages.pausedAt} is not null or ${cardPages.departedNotice} is not null`,
    })
    .from(pageLinks)
    .innerJoin(cardPages, eq(cardPages.id, pageLinks.cardPageId))
    // A hidden link's /go/ address answers as one that does not exist.
    .where(and(eq(pageLinks.id, linkId), eq(pageLinks.hidden, false)));
  return link ?? null;
}
