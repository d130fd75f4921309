// A card's design as its owner changes it (My Cards -> Design): the saved design, the links shown or hidden and
// their order, and the page as a visitor would see it with a design not saved yet. Design changes are free and
// immediate, unlike a link's change (a paid update request): each moves the card's version on, as an edit does,
// so every process serves the new page on its next request.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { data } from "react-router";
import { cardPages, pageLinks } from "~/db/schema";
import { designDraft, designFromStored } from "~/schemas/card-design";
import { brandAdjustments } from "~/utils/card-design/design";
import type { CardDesign } from "~/utils/card-design/options";
import { isUuid } from "~/utils/ids";
import type { SessionUser } from "../accounts/session.server";
import type { DbOrTx } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import type { DesignImageKind } from "../platform/images.server";
import { deleteUploadIfUnused } from "../platform/uploads.server";
import { cardNumberFrom } from "./card-access.server";
import { getCardPageBySlug, type PublicCardPage } from "./card-reads.server";
import { announceCardPagesChanged } from "./changes.server";
import { shopDefaultDesign } from "./default-design.server";
import { renderCardPageHtml } from "./page-html.server";

const designCardColumns = {
  id: cardPages.id,
  cardNumber: cardPages.cardNumber,
  slug: cardPages.slug,
  name: cardPages.name,
  design: cardPages.design,
  coverImageUrl: cardPages.coverImageUrl,
  logoImageUrl: cardPages.logoImageUrl,
};
export type DesignCard = { id: string; cardNumber: string; slug: string; name: string } & Pick<
  typeof cardPages.$inferSelect,
  "design" | "coverImageUrl" | "logoImageUrl"
>;

/** The account's own card with this number, or a 404 (another customer's card is not told apart from none). */
export async function ownedCard(db: DbOrTx, user: Pick<SessionUser, "id">, rawNumber: string | undefined) {
  const [card] = await db
    .select(designCardColumns)
    .from(cardPages)
    .where(and(eq(cardPages.cardNumber, cardNumberFrom(rawNumber)), eq(cardPages.ownerUserId, user.id)));
  if (!card) throw data("Card not found", { status: 404 });
  return card as DesignCard;
}

/** Any card by its id, for the admin (whose card form links here), or a 404. */
export async function cardForAdmin(db: DbOrTx, rawId: string | undefined) {
  const id = (rawId ?? "").slice(0, 36);
  if (!isUuid(id)) throw data("Card not found", { status: 404 });
  const [card] = await db.select(designCardColumns).from(cardPages).where(eq(cardPages.id, id));
  if (!card) throw data("Card not found", { status: 404 });
  return card as DesignCard;
}

/** Two designs the same, field by field (stored JSON keeps no order). */
const sameDesign = (a: CardDesign, b: CardDesign) =>
  (Object.keys(a) as (keyof CardDesign)[]).every((key) => a[key] === b[key]);

/**
 * What the Design page shows: the saved design, where the page moves its colour, whether it is the shop's
 * default already, and every link in order.
 */
async function loadCardDesign(db: DbOrTx, card: DesignCard) {
  const design = designFromStored(card.design);
  const links = await db
    .select({ id: pageLinks.id, title: pageLinks.title, hidden: pageLinks.hidden })
    .from(pageLinks)
    // The company's links are first on its cards and not the holder's to hide or move.
    .where(and(eq(pageLinks.cardPageId, card.id), isNull(pageLinks.companyLinkId)))
    .orderBy(asc(pageLinks.sortOrder), asc(pageLinks.id));
  return {
    card: { cardNumber: card.cardNumber, slug: card.slug, name: card.name },
    images: { cover: card.coverImageUrl, logo: card.logoImageUrl },
    design,
    isDefault: sameDesign(design, designFromStored(await shopDefaultDesign(db))),
    adjustments: brandAdjustments(design),
    links,
  };
}

/**
 * What a design form shows: the saved design, or with `?preview=1` the choices in the address (the form's
 * 'Preview' without JavaScript), where the page moves its colour, and the framed preview's address (`previewUrl`
 * with the design's choices).
 */
export function designFormView(saved: CardDesign, request: Request, previewUrl: string) {
  const query = new URL(request.url).searchParams;
  const previewing = query.get("preview") === "1";
  const design = previewing ? designDraft(query) : saved;
  const previewQuery = new URLSearchParams(Object.entries(design));
  return {
    design,
    previewing,
    adjustments: brandAdjustments(design),
    previewSrc: `${previewUrl}?${previewQuery}`,
  };
}

/** The Design page's data: the card's design (see designFormView), its images and its links. */
export async function designPageData(db: DbOrTx, card: DesignCard, request: Request, previewUrl: string) {
  const saved = await loadCardDesign(db, card);
  return { ...saved, ...designFormView(saved.design, request, previewUrl) };
}

async function changed(db: DbOrTx, cardPageId: string, set: Partial<typeof cardPages.$inferInsert> = {}) {
  const [row] = await db
    .update(cardPages)
    .set({ ...set, version: sql`${cardPages.version} + 1`, updatedAt: new Date() })
    .where(eq(cardPages.id, cardPageId))
    .returning({ slug: cardPages.slug });
  if (row) announceCardPagesChanged([row.slug]);
}

/** Saves the design. */
export async function saveCardDesign(db: DbOrTx, cardPageId: string, design: CardDesign) {
  await changed(db, cardPageId, { design });
}

/** Puts the card back in the shop's default design (its own copy of it). */
export async function resetCardDesign(db: DbOrTx, cardPageId: string) {
  await changed(db, cardPageId, { design: await shopDefaultDesign(db) });
}

const IMAGE_COLUMNS = { cover: "coverImageUrl", logo: "logoImageUrl" } as const;

/**
 * Sets (or with null removes) the design's cover or logo; the image it replaces is deleted once nothing else
 * uses it (images are shared by content).
 */
export async function setDesignImage(
  db: DbOrTx,
  config: Config,
  card: { id: string; coverImageUrl: string | null; logoImageUrl: string | null },
  kind: DesignImageKind,
  url: string | null,
) {
  const column = IMAGE_COLUMNS[kind];
  await changed(db, card.id, { [column]: url });
  const previous = card[column];
  if (previous && previous !== url) await deleteUploadIfUnused(db, config, previous);
}

/**
 * Shows or hides one of the card's links; another card's link is answered as not found, and a link the card's
 * company sets is refused.
 */
export async function setLinkHidden(db: DbOrTx, cardPageId: string, linkId: string, hidden: boolean) {
  await db.transaction(async (tx) => {
    const [link] = await tx
      .update(pageLinks)
      .set({ hidden })
      .where(
        and(eq(pageLinks.id, linkId), eq(pageLinks.cardPageId, cardPageId), isNull(pageLinks.companyLinkId)),
      )
      .returning({ id: pageLinks.id });
    if (!link) {
      const [company] = await tx
        .select({ name: cardPages.businessName })
        .from(pageLinks)
        .innerJoin(cardPages, eq(cardPages.id, pageLinks.cardPageId))
        .where(and(eq(pageLinks.id, linkId), eq(pageLinks.cardPageId, cardPageId)));
      if (company) throw data(`This link is set by ${company.name}.`, { status: 403 });
      throw data("Link not found", { status: 404 });
    }
    await changed(tx, cardPageId);
  });
}

/**
 * Moves one link a place up or down among the card's links. The order is rewritten 0..n-1 under a lock on the
 * card, so two moves at once cannot leave two links in one place.
 */
export async function moveLink(db: DbOrTx, cardPageId: string, linkId: string, direction: "up" | "down") {
  await db.transaction(async (tx) => {
    await tx.select({ id: cardPages.id }).from(cardPages).where(eq(cardPages.id, cardPageId)).for("update");
    const links = await tx
      .select({ id: pageLinks.id })
      .from(pageLinks)
      .where(and(eq(pageLinks.cardPageId, cardPageId), isNull(pageLinks.companyLinkId)))
      .orderBy(asc(pageLinks.sortOrder), asc(pageLinks.id));
    const from = links.findIndex((l) => l.id === linkId);
    if (from < 0) throw data("Link not found", { status: 404 });
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= links.length) return;
    [links[from], links[to]] = [links[to]!, links[from]!];
    for (const [sortOrder, link] of links.entries())
      await tx.update(pageLinks).set({ sortOrder }).where(eq(pageLinks.id, link.id));
    await changed(tx, cardPageId);
  });
}

/**
 * Puts the card's links in the order given (dragged on the Design page). The order must name each of the card's
 * links once, or nothing changes: a list made before a link was added or removed is refused, not half applied.
 */
export async function reorderLinks(db: DbOrTx, cardPageId: string, order: string[]) {
  await db.transaction(async (tx) => {
    await tx.select({ id: cardPages.id }).from(cardPages).where(eq(cardPages.id, cardPageId)).for("update");
    const links = await tx
      .select({ id: pageLinks.id })
      .from(pageLinks)
      .where(and(eq(pageLinks.cardPageId, cardPageId), isNull(pageLinks.companyLinkId)));
    const ids = new Set(links.map((l) => l.id));
    if (
      order.length !== ids.size ||
      new Set(order).size !== order.length ||
      !order.every((id) => ids.has(id))
    )
      throw data("The links changed since this page was opened. Please reload it and try again.", {
        status: 409,
      });
    for (const [sortOrder, id] of order.entries())
      await tx.update(pageLinks).set({ sortOrder }).where(eq(pageLinks.id, id));
    await changed(tx, cardPageId);
  });
}

/** A card page for showing a design on, before any card has it: the shop's default design's preview. */
function sampleCard(design: CardDesign, siteName: string): NonNullable<PublicCardPage> {
  const link = (n: number, title: string, url: string, icon: string) => ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    title,
    url,
    icon,
  });
  return {
    id: "00000000-0000-4000-8000-000000000000",
    cardNumber: "WC0000",
    slug: "your-name",
    name: "Your Name",
    businessName: siteName,
    bio: "A short line about you, as each new card's owner will write it.",
    contactEmail: null,
    contactPhone: null,
    profileImageUrl: null,
    coverImageUrl: null,
    logoImageUrl: null,
    contactExchange: true,
    design,
    version: 1,
    pausedAt: null,
    olderCardsOffAt: null,
    jobTitle: null,
    departedNotice: null,
    links: [
      link(1, "Website", "https://example.com", "globe"),
      link(2, "Instagram", "https://instagram.com/", "instagram"),
      link(3, "LinkedIn", "https://www.linkedin.com/", "linkedin"),
    ],
  };
}

function previewPage(page: NonNullable<PublicCardPage>, opts: { publicUrl: string; siteName: string }) {
  const { html, csp } = renderCardPageHtml(page, { ...opts, source: "link", preview: true });
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

/**
 * The card page as a visitor would see it in the design given in the request's address (saved or not), for the
 * Design page's preview: its links lead nowhere, and its policy lets only our own pages frame it.
 */
export async function previewResponse(
  db: DbOrTx,
  card: Pick<DesignCard, "slug">,
  request: Request,
  opts: { publicUrl: string; siteName: string },
) {
  const page = await getCardPageBySlug(db, card.slug);
  if (!page) throw data("Card not found", { status: 404 });
  return previewPage({ ...page, design: designDraft(new URL(request.url).searchParams) }, opts);
}

/** A sample card in the design given in the request's address: the shop's default design's preview. */
export function samplePreviewResponse(request: Request, opts: { publicUrl: string; siteName: string }) {
  return previewPage(sampleCard(designDraft(new URL(request.url).searchParams), opts.siteName), opts);
}
