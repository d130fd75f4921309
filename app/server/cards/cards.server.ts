// Card pages, their links and the shops that resell them. Every write runs in one transaction and tells the
// public page cache which slugs changed once it has committed.
import { randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { and, asc, count, desc, eq, inArray, like, notInArray, or, sql } from "drizzle-orm";
import { cardPages, cardViewsDaily, linkClicksDaily, pageLinks, shops } from "~/db/schema";
import type { ShopInput } from "~/schemas/card-page";
import {
  classifyOrderLinks,
  linkUrlProblem,
  normalizeLinkUrl,
  socialProfileUrl,
  telUrl,
  websiteUrl,
} from "~/utils/card-links";
import { isReservedSlug, slugFromName } from "~/utils/slug";
import type { DbOrTx, Tx } from "../platform/db.server";

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

// --- Change notifications (the public page cache listens) ---

type ChangeListener = (slugs: string[]) => void;
const listeners = new Set<ChangeListener>();
export function onCardPagesChanged(listener: ChangeListener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function changed(...slugs: (string | undefined)[]) {
  const list = slugs.filter((s): s is string => Boolean(s));
  for (const listener of listeners) listener(list);
}

/** For card page writes made outside this module (data migrations), once they have committed. */
export function announceCardPagesChanged(slugs: string[]) {
  changed(...slugs);
}

// --- Edit passwords: random, shown once, stored as scrypt hashes ---

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export function generateEditPassword() {
  // No look-alike characters: the password is read off a screen and typed on a phone.
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(12);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

export async function hashEditPassword(password: string) {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32);
  return `scrypt$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export async function verifyEditPassword(password: string, stored: string) {
  const [kind, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64"), expected.length);
  return timingSafeEqual(actual, expected);
}

// --- Reading ---

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
      version: cardPages.version,
    })
    .from(cardPages)
    .where(eq(cardPages.slug, slug.toLowerCase()));
  if (!page) return null;
  const links = await db
    .select({ id: pageLinks.id, title: pageLinks.title, url: pageLinks.url, icon: pageLinks.icon })
    .from(pageLinks)
    .where(eq(pageLinks.cardPageId, page.id))
    .orderBy(asc(pageLinks.sortOrder));
  return { ...page, links };
}

export async function getCardPageById(db: DbOrTx, id: string) {
  if (!isUuid(id)) return null;
  const [page] = await db.select().from(cardPages).where(eq(cardPages.id, id));
  if (!page) return null;
  const links = await db
    .select({ id: pageLinks.id, title: pageLinks.title, url: pageLinks.url, icon: pageLinks.icon })
    .from(pageLinks)
    .where(eq(pageLinks.cardPageId, id))
    .orderBy(asc(pageLinks.sortOrder));
  const { passwordHash: _hidden, ...rest } = page;
  return { ...rest, links };
}

export async function getLinkTarget(db: DbOrTx, linkId: string) {
  if (!isUuid(linkId)) return null;
  const [link] = await db
    .select({ id: pageLinks.id, url: pageLinks.url, cardPageId: pageLinks.cardPageId })
    .from(pageLinks)
    .where(eq(pageLinks.id, linkId));
  return link ?? null;
}

export const CARDS_PAGE_SIZE = 20;

/**
 * One page of the admin list, newest first. Search is a prefix match on card number, slug, name or shop name,
 * so each branch is an index range scan and the cost does not grow with the number of cards.
 */
export async function listCardPages(db: DbOrTx, opts: { q?: string; page?: number }) {
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const q = (opts.q ?? "").trim().toLowerCase().slice(0, 64);
  const pattern = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = q
    ? or(
        like(sql`lower(${cardPages.cardNumber})`, pattern),
        like(cardPages.slug, pattern),
        like(sql`lower(${cardPages.name})`, pattern),
        like(sql`lower(${shops.name})`, pattern),
      )
    : undefined;
  const rows = await db
    .select({
      id: cardPages.id,
      cardNumber: cardPages.cardNumber,
      name: cardPages.name,
      businessName: cardPages.businessName,
      slug: cardPages.slug,
      isSold: cardPages.isSold,
      shopId: cardPages.shopId,
      shopName: shops.name,
      createdAt: cardPages.createdAt,
      linkCount: sql<number>`(select count(*)::int from ${pageLinks} where ${pageLinks.cardPageId} = ${cardPages.id})`,
      views: sql<number>`(select coalesce(sum(${cardViewsDaily.count}), 0)::int from ${cardViewsDaily} where ${cardViewsDaily.cardPageId} = ${cardPages.id})`,
      clicks: sql<number>`(select coalesce(sum(${linkClicksDaily.count}), 0)::int from ${linkClicksDaily} where ${linkClicksDaily.cardPageId} = ${cardPages.id})`,
    })
    .from(cardPages)
    .leftJoin(shops, eq(shops.id, cardPages.shopId))
    .where(where)
    .orderBy(desc(cardPages.createdAt), desc(cardPages.id))
    // One extra row tells whether a next page exists without counting the whole table.
    .limit(CARDS_PAGE_SIZE + 1)
    .offset((page - 1) * CARDS_PAGE_SIZE);
  return { cards: rows.slice(0, CARDS_PAGE_SIZE), page, hasNext: rows.length > CARDS_PAGE_SIZE, q };
}

// --- Card number allocation ---

/**
 * Inserts the page under a fresh WC + 4 digit number. Random numbers keep them unguessable; the unique index
 * decides between concurrent writers (a loser's insert does nothing and it draws again).
 */
async function insertWithCardNumber(tx: Tx, values: Omit<typeof cardPages.$inferInsert, "cardNumber">) {
  for (let attempt = 0; attempt < 30; attempt++) {
    const cardNumber = `WC${randomInt(1000, 10000)}`;
    const [row] = await tx
      .insert(cardPages)
      .values({ ...values, cardNumber })
      .onConflictDoNothing({ target: cardPages.cardNumber })
      .returning({ id: cardPages.id, cardNumber: cardPages.cardNumber, slug: cardPages.slug });
    if (row) return row;
  }
  // The space is getting full: take a free number directly (still guarded by the unique index).
  const free = await tx.execute<{ n: number }>(
    sql`select n from generate_series(1000, 9999) as n where not exists (select 1 from ${cardPages} where ${cardPages.cardNumber} = 'WC' || n) order by random() limit 1`,
  );
  const n = (free as unknown as { rows: { n: number }[] }).rows[0]?.n;
  if (n === undefined) throw new CardPageError("No card numbers are left", undefined, 409);
  const [row] = await tx
    .insert(cardPages)
    .values({ ...values, cardNumber: `WC${n}` })
    .returning({ id: cardPages.id, cardNumber: cardPages.cardNumber, slug: cardPages.slug });
  return row!;
}

// --- Writing ---

async function assertSlugFree(db: DbOrTx, slug: string, exceptId?: string) {
  const [taken] = await db.select({ id: cardPages.id }).from(cardPages).where(eq(cardPages.slug, slug));
  if (taken && taken.id !== exceptId)
    throw new CardPageError("This slug is already in use. Please choose another one.", "slug");
}

async function assertShopExists(db: DbOrTx, shopId: string | undefined) {
  if (!shopId) return;
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new CardPageError("The selected shop no longer exists", "shopId");
}

function isUniqueViolation(error: unknown, constraint: string) {
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

export async function createCardPage(db: DbOrTx, input: CardPageInput & { password: string }) {
  await assertSlugFree(db, input.slug);
  await assertShopExists(db, input.shopId);
  const passwordHash = await hashEditPassword(input.password);
  try {
    const created = await db.transaction(async (tx) => {
      const row = await insertWithCardNumber(tx, { ...pageValues(input), passwordHash });
      await replaceLinks(tx, row.id, input.links);
      return row;
    });
    changed(created.slug);
    return created;
  } catch (error) {
    if (isUniqueViolation(error, "slug"))
      throw new CardPageError("This slug is already in use. Please choose another one.", "slug");
    throw error;
  }
}

export async function updateCardPage(db: DbOrTx, id: string, input: CardPageInput & { password?: string }) {
  const existing = await getCardPageById(db, id);
  if (!existing)
    throw new CardPageError("Card page not found. Please return to the dashboard.", undefined, 404);
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
          version: sql`${cardPages.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(cardPages.id, id))
        .returning({ id: cardPages.id, cardNumber: cardPages.cardNumber, slug: cardPages.slug });
      await replaceLinks(tx, id, input.links);
      return row!;
    });
    changed(existing.slug, updated.slug);
    return updated;
  } catch (error) {
    if (isUniqueViolation(error, "slug"))
      throw new CardPageError("This slug is already in use. Please choose another one.", "slug");
    throw error;
  }
}

/**
 * Writes the links in the given order (sort_order from 0). Links that keep their id are updated in place,
 * so their click counts survive an edit; the others are deleted or inserted.
 */
async function replaceLinks(tx: Tx, cardPageId: string, links: CardLinkInput[]) {
  const current = await tx
    .select({ id: pageLinks.id })
    .from(pageLinks)
    .where(eq(pageLinks.cardPageId, cardPageId));
  const currentIds = new Set(current.map((l) => l.id));
  const keep = links.map((l) => l.id).filter((lid): lid is string => Boolean(lid && currentIds.has(lid)));
  await tx
    .delete(pageLinks)
    .where(
      keep.length
        ? and(eq(pageLinks.cardPageId, cardPageId), notInArray(pageLinks.id, keep))
        : eq(pageLinks.cardPageId, cardPageId),
    );
  for (const [sortOrder, link] of links.entries()) {
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
  changed(row.slug);
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

// --- Shops ---

export async function listShops(db: DbOrTx) {
  const cardCount = count(cardPages.id);
  return db
    .select({
      id: shops.id,
      name: shops.name,
      location: shops.location,
      contactEmail: shops.contactEmail,
      contactPhone: shops.contactPhone,
      cardCount,
    })
    .from(shops)
    .leftJoin(cardPages, eq(cardPages.shopId, shops.id))
    .groupBy(shops.id)
    .orderBy(asc(shops.name));
}

function shopValues(input: Omit<ShopInput, "id">) {
  return {
    name: input.name,
    location: input.location ?? null,
    contactEmail: input.contactEmail ?? null,
    contactPhone: input.contactPhone ?? null,
  };
}

export async function createShop(db: DbOrTx, input: Omit<ShopInput, "id">) {
  const [shop] = await db.insert(shops).values(shopValues(input)).returning();
  return shop!;
}

export async function updateShop(db: DbOrTx, id: string, input: Omit<ShopInput, "id">) {
  if (!isUuid(id)) throw new CardPageError("Failed to update shop", undefined, 404);
  const [shop] = await db
    .update(shops)
    .set({ ...shopValues(input), updatedAt: new Date() })
    .where(eq(shops.id, id))
    .returning();
  if (!shop) throw new CardPageError("Failed to update shop", undefined, 404);
  return shop;
}

/** Deletes the shop; its cards become unallocated (the foreign key sets shop_id to null in the same statement). */
export async function deleteShop(db: DbOrTx, id: string) {
  if (!isUuid(id)) throw new CardPageError("Failed to delete shop", undefined, 404);
  const [row] = await db.delete(shops).where(eq(shops.id, id)).returning({ id: shops.id });
  if (!row) throw new CardPageError("Failed to delete shop", undefined, 404);
}

// --- Statistics for the admin ---

export async function getCardStats(db: DbOrTx, cardPageId: string) {
  const views = await db
    .select({ source: cardViewsDaily.source, count: sql<number>`sum(${cardViewsDaily.count})::int` })
    .from(cardViewsDaily)
    .where(eq(cardViewsDaily.cardPageId, cardPageId))
    .groupBy(cardViewsDaily.source);
  const clicks = await db
    .select({ linkId: linkClicksDaily.linkId, count: sql<number>`sum(${linkClicksDaily.count})::int` })
    .from(linkClicksDaily)
    .where(eq(linkClicksDaily.cardPageId, cardPageId))
    .groupBy(linkClicksDaily.linkId);
  return {
    views: Object.fromEntries(views.map((v) => [v.source, v.count])) as Partial<Record<string, number>>,
    clicksByLink: Object.fromEntries(clicks.map((c) => [c.linkId, c.count])) as Record<string, number>,
  };
}

export async function cardIdsExist(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db.select({ id: cardPages.id }).from(cardPages).where(inArray(cardPages.id, ids));
  return new Set(rows.map((r) => r.id));
}

export function isUuid(value: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

// --- Create-client dialog: a page built from a client's details and order links ---

export async function createClientPage(
  db: DbOrTx,
  input: {
    name: string;
    businessName?: string;
    bio?: string;
    contactEmail?: string;
    contactPhone?: string;
    instagram?: string;
    facebook?: string;
    website?: string;
    orderLinks?: string;
  },
) {
  const links: CardLinkInput[] = [];
  if (input.website) links.push({ title: "Website", url: websiteUrl(input.website), icon: "globe" });
  if (input.instagram)
    links.push({
      title: "Instagram",
      url: socialProfileUrl("instagram", input.instagram),
      icon: "instagram",
    });
  if (input.facebook)
    links.push({ title: "Facebook", url: socialProfileUrl("facebook", input.facebook), icon: "facebook" });
  if (input.contactPhone) {
    links.push({ title: "Call Us", url: telUrl(input.contactPhone), icon: "phone" });
    links.push({ title: "Mobile", url: telUrl(input.contactPhone), icon: "phone" });
  }
  links.push(...classifyOrderLinks((input.orderLinks ?? "").split(/\s*[\n,]\s*/)));
  for (const link of links) {
    const problem = linkUrlProblem(link.url);
    if (problem) throw new CardPageError(`${link.title}: ${problem}`, "orderLinks");
  }
  const base = slugFromName(input.businessName || input.name).slice(0, 56) || `card-${Date.now()}`;
  let slug = isReservedSlug(base) ? `${base}-card` : base;
  for (let n = 2; ; n++) {
    const [taken] = await db.select({ id: cardPages.id }).from(cardPages).where(eq(cardPages.slug, slug));
    if (!taken) break;
    slug = `${base}-${n}`;
  }
  const password = generateEditPassword();
  const created = await createCardPage(db, {
    name: input.name,
    businessName: input.businessName,
    slug,
    bio: input.bio,
    contactEmail: input.contactEmail,
    contactPhone: input.contactPhone,
    links,
    password,
  });
  return { ...created, password };
}
