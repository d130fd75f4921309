// Card pages a company gives its people (docs/product.md#companies). The company's side (who is a member, its
// words) is companies/; here is what happens to the pages: a member's company page is made, it turns to the
// company's notice when they leave, and a physical card moves from one of the company's pages to another, so its
// chip address opens the new holder's page from the next tap, without rewriting the chip.
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { cardPages, physicalCards } from "~/db/schema";
import { slugFromName } from "~/utils/slug";
import type { DbOrTx } from "../platform/db.server";
import { CardPageError, createCardPage, isUniqueViolation, pageIdWithSlug } from "./cards.server";
import { announceCardPagesChanged } from "./changes.server";
import { type CompanyLook, giveTemplateLinks } from "./company-look.server";
import { CardLifecycleError, type LifecycleActor, logEvent } from "./physical-cards.server";

/** A free address for a member's company page: their name and the company's, numbered when taken. */
async function freeCompanySlug(db: DbOrTx, name: string, company: string) {
  const base = slugFromName(`${name} ${company}`).slice(0, 56).replace(/-+$/, "") || "card";
  if (!(await pageIdWithSlug(db, base))) return base;
  for (let n = 2; ; n++) if (!(await pageIdWithSlug(db, `${base}-${n}`))) return `${base}-${n}`;
}

/** The member's page for this company: made once, with what the company knows of them. */
export async function createCompanyCardPage(
  db: DbOrTx,
  opts: {
    organizationId: string;
    userId: string;
    company: string;
    name: string;
    jobTitle?: string | null;
    email?: string | null;
    phone?: string | null;
    /** The company's template as it applies to the page (companies/template.server.ts). */
    look: CompanyLook;
  },
) {
  for (let attempt = 1; ; attempt++) {
    const existing = await companyCardOf(db, opts.organizationId, opts.userId);
    if (existing) return existing;
    try {
      return await makeCompanyCardPage(db, opts);
    } catch (error) {
      // Made at the same moment by a second click (or a paid team order): the first one's page is theirs. Or
      // another page took the free address first: a new one is found.
      const again =
        isUniqueViolation(error, "card_pages_company_holder_idx") ||
        (error instanceof CardPageError && error.field === "slug");
      if (!again || attempt === 3) throw error;
    }
  }
}

async function makeCompanyCardPage(db: DbOrTx, opts: Parameters<typeof createCompanyCardPage>[1]) {
  const created = await db.transaction(async (tx) => {
    const page = await createCardPage(
      tx,
      {
        name: opts.name,
        businessName: opts.company,
        slug: await freeCompanySlug(tx, opts.name, opts.company),
        contactEmail: opts.email ?? undefined,
        contactPhone: opts.phone ?? undefined,
        // Signed in, the holder needs no edit password; nobody is told this one.
        password: randomBytes(18).toString("base64url"),
        ownerUserId: opts.userId,
        links: [],
      },
      { announce: false },
    );
    await giveTemplateLinks(tx, page.id, opts.look.links);
    await tx
      .update(cardPages)
      .set({
        organizationId: opts.organizationId,
        jobTitle: opts.jobTitle ?? null,
        lockedFields: opts.look.locked,
        ...(opts.look.design ? { design: opts.look.design } : {}),
        ...opts.look.values,
      })
      .where(eq(cardPages.id, page.id));
    return page;
  });
  announceCardPagesChanged([created.slug]);
  return { id: created.id, slug: created.slug, cardNumber: created.cardNumber };
}

/** The member's live page for this company, if they have one. */
export async function companyCardOf(db: DbOrTx, organizationId: string, userId: string) {
  const [page] = await db
    .select({ id: cardPages.id, slug: cardPages.slug, cardNumber: cardPages.cardNumber })
    .from(cardPages)
    .where(and(eq(cardPages.organizationId, organizationId), eq(cardPages.ownerUserId, userId)));
  return page ?? null;
}

/**
 * The member left: each of their pages for this company answers the company's notice at every address, and stops
 * being theirs (their own dashboard no longer lists it). The page, its physical cards and the contacts it
 * collected stay with the company.
 */
export async function markHolderDeparted(
  db: DbOrTx,
  opts: {
    organizationId: string;
    userId: string;
    notice: { title: string; text: string };
    actor: LifecycleActor;
  },
) {
  const slugs = await db.transaction(async (tx) => {
    const pages = await tx
      .update(cardPages)
      .set({ departedNotice: opts.notice, ownerUserId: null, version: sql`${cardPages.version} + 1` })
      .where(and(eq(cardPages.organizationId, opts.organizationId), eq(cardPages.ownerUserId, opts.userId)))
      .returning({ id: cardPages.id, slug: cardPages.slug });
    for (const page of pages) await logEvent(tx, page.id, "holder-left", opts.actor);
    return pages.map((p) => p.slug);
  });
  announceCardPagesChanged(slugs);
  return slugs.length;
}

/**
 * The company's physical cards, page by page of 50: holder (none once they left), state and the last tap. A card
 * reported lost is 'lost'; one on the page of someone who left is 'unassigned' until it is handed on.
 */
export async function companyPhysicalCards(db: DbOrTx, organizationId: string, offset = 0) {
  // The page of cards first, by name along the company's (organization_id, name, id) index; then, for those 50
  // pages alone, the holder and the last tap.
  const rows = await db
    .select({
      id: physicalCards.id,
      token: physicalCards.token,
      state: physicalCards.state,
      offReason: physicalCards.offReason,
      cardPageId: cardPages.id,
      cardNumber: cardPages.cardNumber,
      slug: cardPages.slug,
      pageName: cardPages.name,
      pausedAt: cardPages.pausedAt,
      departed: sql<boolean>`${cardPages.departedNotice} is not null`,
    })
    .from(physicalCards)
    .innerJoin(cardPages, eq(cardPages.id, physicalCards.cardPageId))
    .where(eq(cardPages.organizationId, organizationId))
    .orderBy(asc(cardPages.name), asc(cardPages.id), asc(physicalCards.createdAt), asc(physicalCards.id))
    .limit(51)
    .offset(offset);
  const pageIds = [...new Set(rows.slice(0, 50).map((r) => r.cardPageId))];
  const about = pageIds.length
    ? await db
        .select({
          id: cardPages.id,
          // Written out: drizzle leaves column names unqualified inside sql``.
          holder: sql<string | null>`(select u.name from users u where u.id = card_pages.owner_user_id)`,
          holderEmail: sql<
            string | null
          >`(select u.email from users u where u.id = card_pages.owner_user_id)`,
          lastTap: sql<
            string | null
          >`(select max(v.day) from card_views_daily v where v.card_page_id = card_pages.id and v.source = 'nfc')`,
        })
        .from(cardPages)
        .where(inArray(cardPages.id, pageIds))
    : [];
  const byPage = new Map(about.map((a) => [a.id, a]));
  return {
    cards: rows.slice(0, 50).map((r) => {
      const { holder = null, holderEmail = null, lastTap = null } = byPage.get(r.cardPageId) ?? {};
      return { ...r, holder, holderEmail, lastTap, status: companyCardStatus(r) };
    }),
    more: rows.length > 50,
  };
}

/** A company card's state, from the physical card first (lost, off, not yet written), then its page. */
function companyCardStatus(card: {
  state: string;
  offReason: string | null;
  departed: boolean;
  pausedAt: Date | null;
}): "live" | "to-write" | "paused" | "lost" | "off" | "unassigned" {
  if (card.state === "off") return card.offReason === "lost" ? "lost" : "off";
  if (card.departed) return "unassigned";
  if (card.pausedAt) return "paused";
  return card.state === "to_write" ? "to-write" : "live";
}

/**
 * Moves a physical card to another of the company's pages: from the next tap its chip address opens that page.
 * Two admins moving one card at once: the card's row is locked and the page it was on is checked, so the second
 * is told it already moved. A card reported lost stays where it is.
 */
export async function reassignPhysicalCard(
  db: DbOrTx,
  opts: {
    organizationId: string;
    physicalCardId: string;
    fromCardPageId: string;
    toCardPageId: string;
    actor: LifecycleActor;
  },
) {
  const moved = await db.transaction(async (tx) => {
    // Locked by its id alone: a join here would be re-read after a concurrent move with the page it had before.
    const [card] = await tx
      .select({
        id: physicalCards.id,
        cardPageId: physicalCards.cardPageId,
        state: physicalCards.state,
        offReason: physicalCards.offReason,
      })
      .from(physicalCards)
      .where(eq(physicalCards.id, opts.physicalCardId))
      .for("update");
    const [onPage] = card
      ? await tx
          .select({ id: cardPages.id })
          .from(cardPages)
          .where(and(eq(cardPages.id, card.cardPageId), eq(cardPages.organizationId, opts.organizationId)))
      : [];
    if (!card || !onPage) throw new CardLifecycleError("Card not found", 404);
    if (card.cardPageId !== opts.fromCardPageId)
      throw new CardLifecycleError(
        "This card was just given to someone else. Check the list and try again.",
        409,
      );
    if (card.state === "off" && card.offReason === "lost")
      throw new CardLifecycleError("A card reported lost cannot be given to someone else.", 409);
    const pages = await tx
      .select({
        id: cardPages.id,
        slug: cardPages.slug,
        cardNumber: cardPages.cardNumber,
        name: cardPages.name,
        departed: cardPages.departedNotice,
      })
      .from(cardPages)
      .where(
        and(
          inArray(cardPages.id, [card.cardPageId, opts.toCardPageId]),
          eq(cardPages.organizationId, opts.organizationId),
        ),
      );
    const to = pages.find((p) => p.id === opts.toCardPageId);
    if (!to || to.departed) throw new CardLifecycleError("Choose a member of the company", 400);
    if (to.id === card.cardPageId) return null;
    await tx.update(physicalCards).set({ cardPageId: to.id }).where(eq(physicalCards.id, card.id));
    await logEvent(tx, card.cardPageId, "card-reassigned-away", opts.actor, { physicalCardId: card.id });
    await logEvent(tx, to.id, "card-reassigned-here", opts.actor, { physicalCardId: card.id });
    const from = pages.find((p) => p.id === card.cardPageId)!;
    return { slugs: pages.map((p) => p.slug), from: from.cardNumber, to: to.name };
  });
  if (!moved) return null;
  announceCardPagesChanged(moved.slugs);
  return { from: moved.from, to: moved.to };
}

/** The company rewrote what its departed members' cards say: every such page says it from its next request. */
export async function setDepartedText(db: DbOrTx, organizationId: string, text: string) {
  const pages = await db
    .update(cardPages)
    .set({
      departedNotice: sql`jsonb_set(${cardPages.departedNotice}, '{text}', to_jsonb(${text}::text))`,
      version: sql`${cardPages.version} + 1`,
    })
    .where(and(eq(cardPages.organizationId, organizationId), isNotNull(cardPages.departedNotice)))
    .returning({ slug: cardPages.slug });
  announceCardPagesChanged(pages.map((p) => p.slug));
}
