// A card's design as its owner changes it (My Cards -> Design): the saved design, the links shown or hidden and
// their order, and the page as a visitor would see it with a design not saved yet. Design changes are free and
// immediate, unlike a link's change (a paid update request): each moves the card's version on, as an edit does,
// so every process serves the new page on its next request.
import { and, asc, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { cardPages, pageLinks } from "~/db/schema";
import { designFromStored } from "~/schemas/card-design";
import { brandAdjustments } from "~/utils/card-design/design";
import type { CardDesign } from "~/utils/card-design/options";
import type { SessionUser } from "../accounts/session.server";
import type { DbOrTx } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import type { DesignImageKind } from "../platform/images.server";
import { deleteUploadIfUnused } from "../platform/uploads.server";
import { getCardPageBySlug } from "./card-reads.server";
import { announceCardPagesChanged } from "./changes.server";
import { renderCardPageHtml } from "./page-html.server";

const CARD_NUMBER = /^WC\d{4}$/;

/** The account's own card with this number, or a 404 (another customer's card is not told apart from none). */
export async function ownedCard(db: DbOrTx, user: Pick<SessionUser, "id">, rawNumber: string | undefined) {
  const cardNumber = (rawNumber ?? "").slice(0, 6).toUpperCase();
  if (!CARD_NUMBER.test(cardNumber)) throw data("Card not found", { status: 404 });
  const [card] = await db
    .select({
      id: cardPages.id,
      cardNumber: cardPages.cardNumber,
      slug: cardPages.slug,
      name: cardPages.name,
      design: cardPages.design,
      coverImageUrl: cardPages.coverImageUrl,
      logoImageUrl: cardPages.logoImageUrl,
    })
    .from(cardPages)
    .where(and(eq(cardPages.cardNumber, cardNumber), eq(cardPages.ownerUserId, user.id)));
  if (!card) throw data("Card not found", { status: 404 });
  return card;
}

/** What the Design page shows: the saved design, where the page moves its colour, and every link in order. */
export async function loadCardDesign(
  db: DbOrTx,
  user: Pick<SessionUser, "id">,
  cardNumber: string | undefined,
) {
  const card = await ownedCard(db, user, cardNumber);
  const design = designFromStored(card.design);
  const links = await db
    .select({ id: pageLinks.id, title: pageLinks.title, hidden: pageLinks.hidden })
    .from(pageLinks)
    .where(eq(pageLinks.cardPageId, card.id))
    .orderBy(asc(pageLinks.sortOrder), asc(pageLinks.id));
  return {
    card: { cardNumber: card.cardNumber, slug: card.slug, name: card.name },
    images: { cover: card.coverImageUrl, logo: card.logoImageUrl },
    design,
    isDefault: card.design === null,
    adjustments: brandAdjustments(design),
    links,
  };
}

async function changed(db: DbOrTx, cardPageId: string, set: Partial<typeof cardPages.$inferInsert> = {}) {
  const [row] = await db
    .update(cardPages)
    .set({ ...set, version: sql`${cardPages.version} + 1`, updatedAt: new Date() })
    .where(eq(cardPages.id, cardPageId))
    .returning({ slug: cardPages.slug });
  if (row) announceCardPagesChanged([row.slug]);
}

/** Saves the design (null: back to the shop's default). */
export async function saveCardDesign(db: DbOrTx, cardPageId: string, design: CardDesign | null) {
  await changed(db, cardPageId, { design });
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

/** Shows or hides one of the card's links; another card's link is answered as not found. */
export async function setLinkHidden(db: DbOrTx, cardPageId: string, linkId: string, hidden: boolean) {
  await db.transaction(async (tx) => {
    const [link] = await tx
      .update(pageLinks)
      .set({ hidden })
      .where(and(eq(pageLinks.id, linkId), eq(pageLinks.cardPageId, cardPageId)))
      .returning({ id: pageLinks.id });
    if (!link) throw data("Link not found", { status: 404 });
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
      .where(eq(pageLinks.cardPageId, cardPageId))
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
 * The card page as a visitor would see it in this design (saved or not), for the Design page's preview. Its
 * policy lets only the dashboard frame it.
 */
export async function previewCardPage(
  db: DbOrTx,
  slug: string,
  design: CardDesign,
  opts: { publicUrl: string; siteName: string },
) {
  const page = await getCardPageBySlug(db, slug);
  if (!page) throw data("Card not found", { status: 404 });
  const { html, csp } = renderCardPageHtml({ ...page, design }, { ...opts, source: "link", preview: true });
  return { html, csp: csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'") };
}
