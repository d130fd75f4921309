// The one-time link in a guest buyer's confirmation e-mail that puts the order's card pages on an account
// (docs/product.md#card-ownership). Only the sha256 of the link's secret is stored; the link works once, until it
// expires, and never takes a card that meanwhile got an owner.
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { cardClaimTokens, cardPages, orderItemCardPages, orderItems, orders, users } from "~/db/schema";
import type { Auth } from "../accounts/auth.server";
import { claimOrderOneLinkCards } from "../cards/one-link-cards.server";
import type { DbOrTx } from "../platform/db.server";
import { reverseIfReferrerTookCards } from "../referrals/self-referral.server";

/** Long enough for an international delivery and a while to get round to it. */
export const CLAIM_LINK_DAYS = 30;
/** A token is 43 base64url characters; anything much longer is refused unread. */
const TOKEN_MAX_LENGTH = 100;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Makes the link's secret for an order whose pages have no owner; returns the secret for the e-mail. */
export async function createClaimToken(tx: DbOrTx, order: { id: string; customerEmail: string }) {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(cardClaimTokens).values({
    tokenHash: hashOf(token),
    orderId: order.id,
    email: order.customerEmail.toLowerCase(),
    expiresAt: sql`now() + make_interval(days => ${CLAIM_LINK_DAYS})`,
  });
  return token;
}

/** Whether the order's confirmation e-mail holds a claim link that still works (unused, not expired). */
export async function claimLinkWaiting(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ id: cardClaimTokens.id })
    .from(cardClaimTokens)
    .where(
      and(
        eq(cardClaimTokens.orderId, orderId),
        isNull(cardClaimTokens.usedAt),
        gt(cardClaimTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export const claimUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, "")}/claim-cards?token=${encodeURIComponent(token)}`;

export const CLAIM_LINK_MESSAGES = {
  unknown: "This link is not valid. Please check that you copied the whole link from the e-mail.",
  expired: `This link has expired: links to add cards work for ${CLAIM_LINK_DAYS} days. Please contact us and we will add the cards to your account.`,
  used: "This link has already been used. The cards are on the account that used it.",
} as const;
export type ClaimLinkProblem = keyof typeof CLAIM_LINK_MESSAGES;

export interface ClaimLink {
  id: string;
  email: string;
  orderNumber: string;
  customerName: string;
  cards: { cardNumber: string; name: string; slug: string; ownerUserId: string | null }[];
}

/** What a link offers, or why it offers nothing. */
export async function findClaimLink(
  db: DbOrTx,
  token: unknown,
): Promise<{ ok: true; link: ClaimLink } | { ok: false; problem: ClaimLinkProblem }> {
  if (typeof token !== "string" || token.length === 0 || token.length > TOKEN_MAX_LENGTH)
    return { ok: false, problem: "unknown" };
  const [row] = await db
    .select({
      id: cardClaimTokens.id,
      email: cardClaimTokens.email,
      orderId: cardClaimTokens.orderId,
      usedAt: cardClaimTokens.usedAt,
      expired: sql<boolean>`${cardClaimTokens.expiresAt} <= now()`,
      orderNumber: orders.orderNumber,
      customerName: orders.customerName,
    })
    .from(cardClaimTokens)
    .innerJoin(orders, eq(orders.id, cardClaimTokens.orderId))
    .where(eq(cardClaimTokens.tokenHash, hashOf(token)));
  if (!row) return { ok: false, problem: "unknown" };
  if (row.usedAt) return { ok: false, problem: "used" };
  if (row.expired) return { ok: false, problem: "expired" };
  return {
    ok: true,
    link: {
      id: row.id,
      email: row.email,
      orderNumber: row.orderNumber,
      customerName: row.customerName,
      cards: await orderCards(db, row.orderId),
    },
  };
}

async function orderCards(db: DbOrTx, orderId: string) {
  return db
    .select({
      id: cardPages.id,
      cardNumber: cardPages.cardNumber,
      name: cardPages.name,
      slug: cardPages.slug,
      ownerUserId: cardPages.ownerUserId,
    })
    .from(orderItemCardPages)
    .innerJoin(orderItems, eq(orderItems.id, orderItemCardPages.orderItemId))
    .innerJoin(cardPages, eq(cardPages.id, orderItemCardPages.cardPageId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.sortOrder), asc(orderItemCardPages.unit));
}

export type RedeemOutcome =
  | { ok: true; added: string[]; alreadyOwned: string[] }
  | { ok: false; problem: ClaimLinkProblem };

/**
 * Uses the link for this account: marks it used (one conditional UPDATE, so of two racing uses one wins) and
 * gives the account the guest order and its pages that still have no owner, in one transaction. When that account referred
 * the order, its commission is reversed.
 */
export async function redeemClaimLink(db: DbOrTx, token: unknown, userId: string): Promise<RedeemOutcome> {
  const found = await findClaimLink(db, token);
  if (!found.ok) return found;
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(cardClaimTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(cardClaimTokens.id, found.link.id),
          isNull(cardClaimTokens.usedAt),
          gt(cardClaimTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ orderId: cardClaimTokens.orderId });
    if (!used) return { ok: false, problem: "used" } as const;
    // The link reached the buyer's inbox: the guest order is now this account's (Billing, its receipt, and the
    // address checkout starts with). An order placed signed in stays with its account.
    await tx
      .update(orders)
      .set({ userId })
      .where(and(eq(orders.id, used.orderId), isNull(orders.userId)));
    const cards = await orderCards(tx, used.orderId);
    const added = cards.length
      ? await tx
          .update(cardPages)
          .set({ ownerUserId: userId })
          .where(
            and(
              inArray(
                cardPages.id,
                cards.map((c) => c.id),
              ),
              isNull(cardPages.ownerUserId),
            ),
          )
          .returning({ id: cardPages.id, cardNumber: cardPages.cardNumber })
      : [];
    // The order's One Link cards go with its pages.
    const oneLinks = await claimOrderOneLinkCards(tx, used.orderId, userId);
    // The referrer's own inbox got the link: the order was a self-referral.
    await reverseIfReferrerTookCards(
      tx,
      added.map((c) => c.id),
      userId,
    );
    const addedNumbers = new Set(added.map((c) => c.cardNumber));
    return {
      ok: true,
      added: [...addedNumbers, ...oneLinks.map((c) => c.cardNumber)],
      alreadyOwned: cards.filter((c) => !addedNumbers.has(c.cardNumber)).map((c) => c.cardNumber),
    } as const;
  });
}

export type NewAccountOutcome = { ok: true; userId: string } | { ok: false; reason: "exists" };

/**
 * Opens an account for the link's e-mail. The link reached that inbox, which is the proof a verification
 * e-mail would ask for, so the account starts verified and no verification e-mail is sent. Goes through
 * better-auth's own adapter, so its hooks (the referral code) run as for any sign-up.
 */
export async function createAccountForClaim(
  db: DbOrTx,
  auth: Auth,
  input: { email: string; name: string; password: string },
): Promise<NewAccountOutcome> {
  const email = input.email.toLowerCase();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (existing) return { ok: false, reason: "exists" };
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(input.password);
  let user: { id: string };
  try {
    user = await ctx.internalAdapter.createUser(
      { email, name: input.name, emailVerified: true },
      { method: "email-password" },
    );
  } catch {
    // The same address registered a moment ago: the unique key refused the second account.
    return { ok: false, reason: "exists" };
  }
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: hash,
  });
  return { ok: true, userId: user.id };
}
