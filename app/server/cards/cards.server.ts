// Card pages and their links, written: each write runs in one transaction (the page under a freshly
// allocated WC number, its links in order) and announce the changed slugs once committed.
import { and, eq, isNull, notInArray, sql } from "drizzle-orm";
import { cardPages, pageLinks, shops } from "~/db/schema";
import { normalizeLinkUrl } from "~/utils/card-links";
import { isUuid } from "~/utils/ids";
import { normalizeSlug, slugProblem } from "~/utils/slug";
import type { DbOrTx, Tx } from "../platform/db.server";
import { CardNumbersExhausted, drawCardNumber } from "./card-numbers.server";
import { getCardPageById } from "./card-reads.server";
import { announceCardPagesChanged, announceCardPagesDeleted } from "./changes.server";
import { shopDefaultDesign } from "./default-design.server";
import { hashEditPassword } from "./edit-passwords.server";

export type CardLinkInput = { id?: string; title: string; url: string; icon: string };
export type CardPageInput = {
  name: string;
  businessName?: string;
  slug: string;
  bio?: string;
  contactEmail?: string;
  contactPhone?: string;
  profileImageUrl?: string;
  shopId?: string;
  links: CardLinkInput[];
};

export class CardPageError extends Error {
  override name = "CardPageError";
  constructor(
    message: string,
    readonly field?: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

// --- Card number allocation ---

/** Inserts the page under a fresh WC + 4 digit number, free among card pages and One Link cards alike. */
async function insertWithCardNumber(tx: Tx, values: Omit<typeof cardPages.$inferInsert, "cardNumber">) {
  let cardNumber: string;
  try {
    cardNumber = await drawCardNumber(tx);
  } catch (error) {
    if (error instanceof CardNumbersExhausted) throw new CardPageError(error.message, undefined, 409);
    throw error;
  }
  const [row] = await tx
    .insert(cardPages)
    .values({ ...values, cardNumber })
    .returning({ id: cardPages.id, cardNumber: cardPages.cardNumber, slug: cardPages.slug });
  return row!;
}

// --- Writing ---

const SLUG_TAKEN = "This slug is already in use. Please choose another one.";

/** The id of the page with this slug, or null (slugs are stored normalised: pass a normalised one). */
export async function pageIdWithSlug(db: DbOrTx, slug: string) {
  const [taken] = await db.select({ id: cardPages.id }).from(cardPages).where(eq(cardPages.slug, slug));
  return taken?.id ?? null;
}

/**
 * The slug as stored: normalised (so /{SLUG} in any case finds it) and not one the site reserves. A page keeps
 * the slug it already has, even one reserved since it was made, so applying a paid update never fails on it.
 */
function storedSlug(raw: string, current?: string) {
  const slug = normalizeSlug(raw);
  if (slug === current) return slug;
  const problem = slugProblem(slug);
  if (problem) throw new CardPageError(problem, "slug");
  return slug;
}

async function assertSlugFree(db: DbOrTx, slug: string, exceptId?: string) {
  const taken = await pageIdWithSlug(db, slug);
  if (taken && taken !== exceptId) throw new CardPageError(SLUG_TAKEN, "slug");
}

async function assertShopExists(db: DbOrTx, shopId: string | undefined) {
  if (!shopId) return;
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new CardPageError("The selected shop no longer exists", "shopId");
}

export function isUniqueViolation(error: unknown, constraint: string) {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const name = e?.constraint ?? e?.cause?.constraint ?? "";
  return code === "23505" && name.includes(constraint);
}

function pageValues(input: CardPageInput) {
  return {
    name: input.name,
    businessName: input.businessName ?? null,
    slug: input.slug,
    bio: input.bio ?? null,
    contactEmail: input.contactEmail ?? null,
    contactPhone: input.contactPhone ?? null,
    profileImageUrl: input.profileImageUrl ?? null,
    shopId: input.shopId ?? null,
  };
}

/** Creates the page; ownerUserId, when given, makes it that account's card (docs/product.md#card-ownership). */
/** announce: false when db is an enclosing transaction; its caller announces the slug once that commits. */
export async function createCardPage(
  db: DbOrTx,
  raw: CardPageInput & { password: string; ownerUserId?: string | null },
  { announce = true } = {},
) {
  const input = { ...raw, slug: storedSlug(raw.slug) };
  await assertSlugFree(db, input.slug);
  await assertShopExists(db, input.shopId);
  const passwordHash = await hashEditPassword(input.password);
  try {
    const created = await db.transaction(async (tx) => {
      const row = await insertWithCardNumber(tx, {
        ...pageValues(input),
        // A new page starts in the shop's default design, its own copy (default-design.server.ts).
        design: await shopDefaultDesign(tx),
        passwordHash,
        ownerUserId: input.ownerUserId ?? null,
      });
      await replaceLinks(tx, row.id, input.links);
      return row;
    });
    if (announce) announceCardPagesChanged([created.slug]);
    return created;
  } catch (error) {
    if (isUniqueViolation(error, "slug")) throw new CardPageError(SLUG_TAKEN, "slug");
    throw error;
  }
}

/**
 * ownerUserId: a user id sets the owner, null clears it, undefined keeps it. announce: false when db is an
 * enclosing transaction; its caller announces the returned slug and previousSlug once that commits.
 */
export async function updateCardPage(
  db: DbOrTx,
  id: string,
  raw: CardPageInput & { password?: string; ownerUserId?: string | null },
  { announce = true } = {},
) {
  const existing = await getCardPageById(db, id);
  if (!existing)
    throw new CardPageError("Card page not found. Please return to the dashboard.", undefined, 404);
  const input = { ...raw, slug: storedSlug(raw.slug, existing.slug) };
  await assertSlugFree(db, input.slug, id);
  await assertShopExists(db, input.shopId);
  const passwordHash = input.password ? await hashEditPassword(input.password) : undefined;
  try {
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(cardPages)
        .set({
          ...pageValues(input),
          ...(passwordHash ? { passwordHash } : {}),
          ...(input.ownerUserId !== undefined ? { ownerUserId: input.ownerUserId } : {}),
          version: sql`${cardPages.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(cardPages.id, id))
        .returning({ id: cardPages.id, cardNumber: cardPages.cardNumber, slug: cardPages.slug });
      await replaceLinks(tx, id, input.links);
      return row!;
    });
    if (announce) announceCardPagesChanged([existing.slug, updated.slug]);
    return { ...updated, previousSlug: existing.slug };
  } catch (error) {
    if (isUniqueViolation(error, "slug")) throw new CardPageError(SLUG_TAKEN, "slug");
    throw error;
  }
}

/**
 * Writes the links in the given order (sort_order from 0). Links that keep their id are updated in place,
 * so their click counts survive an edit; the others are deleted or inserted. The links a company sets on its
 * card are not the form's to change: they stay as they are, whatever the form sends.
 */
async function replaceLinks(tx: Tx, cardPageId: string, links: CardLinkInput[]) {
  const current = await tx
    .select({ id: pageLinks.id, companyLinkId: pageLinks.companyLinkId })
    .from(pageLinks)
    .where(eq(pageLinks.cardPageId, cardPageId));
  const currentIds = new Set(current.filter((l) => !l.companyLinkId).map((l) => l.id));
  const companyIds = new Set(current.filter((l) => l.companyLinkId).map((l) => l.id));
  const own = links.filter((l) => !(l.id && companyIds.has(l.id)));
  const keep = own.map((l) => l.id).filter((lid): lid is string => Boolean(lid && currentIds.has(lid)));
  await tx
    .delete(pageLinks)
    .where(
      and(
        eq(pageLinks.cardPageId, cardPageId),
        isNull(pageLinks.companyLinkId),
        keep.length ? notInArray(pageLinks.id, keep) : undefined,
      ),
    );
  for (const [sortOrder, link] of own.entries()) {
    // Whoever the caller, only the normalised (printable ASCII) form is stored: it becomes a Location header.
    const values = { title: link.title, url: normalizeLinkUrl(link.url), icon: link.icon, sortOrder };
    if (link.id && currentIds.has(link.id)) {
      await tx.update(pageLinks).set(values).where(eq(pageLinks.id, link.id));
    } else {
      await tx.insert(pageLinks).values({ ...values, cardPageId });
    }
  }
}

export async function deleteCardPage(db: DbOrTx, id: string) {
  if (!isUuid(id)) throw new CardPageError("Failed to delete card page", undefined, 404);
  const [row] = await db.delete(cardPages).where(eq(cardPages.id, id)).returning({ slug: cardPages.slug });
  if (!row) throw new CardPageError("Failed to delete card page", undefined, 404);
  announceCardPagesChanged([row.slug]);
  announceCardPagesDeleted([id]);
}

export async function setCardSold(db: DbOrTx, id: string, isSold: boolean) {
  if (!isUuid(id)) throw new CardPageError("Failed to update card sold status", undefined, 404);
  const [row] = await db
    .update(cardPages)
    .set({ isSold, updatedAt: new Date() })
    .where(eq(cardPages.id, id))
    .returning({ id: cardPages.id });
  if (!row) throw new CardPageError("Failed to update card sold status", undefined, 404);
}

export async function allocateCardToShop(db: DbOrTx, cardId: string, shopId: string | null) {
  if (!isUuid(cardId)) throw new CardPageError("Failed to allocate card to shop", undefined, 404);
  await assertShopExists(db, shopId ?? undefined);
  const [row] = await db
    .update(cardPages)
    .set({ shopId, updatedAt: new Date() })
    .where(eq(cardPages.id, cardId))
    .returning({ id: cardPages.id });
  if (!row) throw new CardPageError("Failed to allocate card to shop", undefined, 404);
}
