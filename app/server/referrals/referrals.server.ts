// Referrals (docs/product.md#referrals): a code per customer, the ?ref= cookie, the cart's featured
// referrers.
import { randomBytes } from "node:crypto";
import { and, asc, eq, ne, type SQL, sql } from "drizzle-orm";
import { referrers, users } from "~/db/schema";
import { appCookie } from "../platform/cookies.server";
import type { DbOrTx } from "../platform/db.server";
import { ilikeAny } from "../platform/sql.server";

export const refCookie = appCookie("ref", 60 * 60 * 24 * 30);

const CODE_PATTERN = /^[A-Za-z0-9_-]{4,40}$/;

function isReferralCode(value: unknown): value is string {
  return typeof value === "string" && CODE_PATTERN.test(value);
}

/** The customer's referral code, created at registration (or here, for an account that has none yet). */
export async function getOrCreateReferralCode(db: DbOrTx, userId: string) {
  const [existing] = await db.select().from(referrers).where(eq(referrers.userId, userId));
  if (existing) return existing.code;
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = randomBytes(6).toString("base64url");
    const [row] = await db
      .insert(referrers)
      .values({ userId, code })
      .onConflictDoNothing()
      .returning({ code: referrers.code });
    if (row) return row.code;
    const [mine] = await db.select().from(referrers).where(eq(referrers.userId, userId));
    if (mine) return mine.code; // created concurrently
  }
  throw new Error("Could not allocate a referral code");
}

export class ReferrerError extends Error {
  override name = "ReferrerError";
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export async function setReferrerFeatured(db: DbOrTx, userId: string, featured: boolean) {
  await getOrCreateReferralCode(db, userId);
  await db.update(referrers).set({ featured }).where(eq(referrers.userId, userId));
}

export async function findReferrerByCode(db: DbOrTx, code: string) {
  if (!isReferralCode(code)) return null;
  const [row] = await db
    .select({ userId: referrers.userId, name: users.name, code: referrers.code })
    .from(referrers)
    .innerJoin(users, eq(users.id, referrers.userId))
    .where(eq(referrers.code, code));
  return row ?? null;
}

async function listFeaturedReferrers(db: DbOrTx) {
  return db
    .select({ userId: referrers.userId, name: users.name, code: referrers.code })
    .from(referrers)
    .innerJoin(users, eq(users.id, referrers.userId))
    .where(and(eq(referrers.featured, true), sql`coalesce(${users.banned}, false) = false`))
    .orderBy(asc(users.name));
}

const REFERRERS_PAGE_SIZE = 20;

/**
 * The admin's list of possible referrers: every customer account (admins are not resellers), with its code
 * when it has one, whether it is featured, and the orders it brought in. Searchable by name, e-mail or code,
 * optionally featured ones only; paginated without counting the whole table.
 */
export async function listReferrersForAdmin(
  db: DbOrTx,
  opts: { q?: string; featuredOnly?: boolean; page?: number },
) {
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const q = (opts.q ?? "").trim().slice(0, 100);
  const filters: SQL[] = [ne(users.role, "admin")];
  if (q) {
    filters.push(ilikeAny([users.name, users.email, referrers.code], q));
  }
  if (opts.featuredOnly) filters.push(eq(referrers.featured, true));
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      banned: sql<boolean>`coalesce(${users.banned}, false)`,
      code: referrers.code,
      featured: sql<boolean>`coalesce(${referrers.featured}, false)`,
      referredOrders: sql<number>`(select count(*)::int from referral_commissions c where c.referrer_user_id = "users"."id" and c.status <> 'reversed')`,
    })
    .from(users)
    .leftJoin(referrers, eq(referrers.userId, users.id))
    .where(and(...filters))
    .orderBy(asc(users.name), asc(users.id))
    // One extra row tells whether a next page exists.
    .limit(REFERRERS_PAGE_SIZE + 1)
    .offset((page - 1) * REFERRERS_PAGE_SIZE);
  return {
    referrers: rows.slice(0, REFERRERS_PAGE_SIZE),
    page,
    hasNext: rows.length > REFERRERS_PAGE_SIZE,
    q,
    featuredOnly: Boolean(opts.featuredOnly),
  };
}

/** The admin's toggle: a customer account becomes (or stops being) a featured referrer in the cart. */
export async function setFeaturedByAdmin(db: DbOrTx, userId: string, featured: boolean) {
  const [user] = await db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.role === "admin") throw new ReferrerError("Referrer not found", 404);
  await setReferrerFeatured(db, user.id, featured);
  return { name: user.name, featured };
}

/**
 * How the visitor reached a ?ref= link: followed on this site, or opened directly (typed, a bookmark, another
 * app), rather than sent here by another site. Without the header (older browsers) it counts as another site.
 */
function linkIsFirstParty(request: Request) {
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "same-origin" || site === "none";
}

/**
 * A visit through a referral link (/?ref={code}) of a real referrer: that referrer's account id, or null. The
 * code is remembered for 30 days; a link another site sent the visitor to does not replace a code already
 * remembered. A signed-in referrer's own link changes nothing, and an unknown code neither. The shop then
 * preselects the referrer in a cart that has none (setCartReferrerIfNone).
 */
export async function rememberReferralLink(
  db: DbOrTx,
  request: Request,
  headers: Headers,
  viewerUserId: string | null,
) {
  const code = new URL(request.url).searchParams.get("ref");
  if (!isReferralCode(code)) return null;
  const referrer = await findReferrerByCode(db, code);
  if (!referrer || referrer.userId === viewerUserId) return null;
  if (linkIsFirstParty(request) || !(await readRefCode(request)))
    headers.append("Set-Cookie", await refCookie.serialize(referrer.code));
  return referrer.userId;
}

/** The referral code from the ?ref= cookie, if any. */
export async function readRefCode(request: Request) {
  const value = await refCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return isReferralCode(value) ? value : null;
}

/**
 * The referrers a cart may choose: the featured ones, whoever's link brought this visitor and the one the
 * cart already has; never the signed-in visitor themselves. Anything else posted as a referrer is refused.
 */
export async function allowedReferrers(
  db: DbOrTx,
  opts: { refCode: string | null; cartReferrerUserId: string | null; viewerUserId: string | null },
) {
  const offered = await listFeaturedReferrers(db);
  const fromLink = opts.refCode ? await findReferrerByCode(db, opts.refCode) : null;
  if (fromLink && !offered.some((r) => r.userId === fromLink.userId)) offered.push(fromLink);
  const current = opts.cartReferrerUserId;
  if (current && !offered.some((r) => r.userId === current)) {
    const [row] = await db
      .select({ userId: referrers.userId, name: users.name, code: referrers.code })
      .from(referrers)
      .innerJoin(users, eq(users.id, referrers.userId))
      .where(eq(referrers.userId, current));
    if (row) offered.push(row);
  }
  return offered.filter((r) => r.userId !== opts.viewerUserId);
}

/** Demo data: two featured referrers for the cart's 'Referred by' selector (accounts without a password). */
export async function seedDemoReferrers(tx: DbOrTx) {
  for (const [name, email, code] of [
    ["Sam Taylor", "sam.taylor@referrers.example", "SAMTAYLOR"],
    ["Priya Shah", "priya.shah@referrers.example", "PRIYASHAH"],
  ] as const) {
    const [user] = await tx
      .insert(users)
      .values({ id: crypto.randomUUID(), name, email, emailVerified: true })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (user)
      await tx.insert(referrers).values({ userId: user.id, code, featured: true }).onConflictDoNothing();
  }
}
