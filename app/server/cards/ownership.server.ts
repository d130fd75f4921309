// Which card pages belong to a customer account: the dashboard's list of them, and adding an existing card to an
// account with its card number and edit password.
import { parseWithZod } from "@conform-to/zod/v4";
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";
import { cardPages } from "~/db/schema";
import { ClaimCardSchema } from "~/schemas/claim-card";
import type { SessionUser } from "../accounts/session.server";
import type { DbOrTx } from "../platform/db.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { addressKey } from "../platform/rate-limit-address.server";
import { redirectWithToast } from "../platform/toast.server";
import { reverseIfReferrerTookCards } from "../referrals/self-referral.server";
import { checkEditPassword } from "./edit-passwords.server";
import { CARD_LIMITS } from "./limits.server";

/** The most cards the dashboard lists for one account. */
const OWNED_CARDS_LIMIT = 100;

export const CLAIM_REFUSED = "Card number or password is incorrect";
export const CLAIM_LIMITED = "Too many attempts to add a card. Please try again later.";

export interface OwnedCard {
  id: string;
  cardNumber: string;
  name: string;
  businessName: string | null;
  slug: string;
  profileImageUrl: string | null;
  /** The owner (or the admin) has paused the card's page. */
  paused: boolean;
  bio: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  /** Visitors may share their details from the page (contact exchange). */
  contactExchange: boolean;
  /** The card's links in card order, as its preview lists them (the URLs for the profile's phone and e-mail). */
  linkList: { id: string; title: string; icon: string; url: string }[];
  links: number;
  views: number;
  clicks: number;
}

/**
 * The account's own card pages, newest first, with what their previews show (bio, contact details, links), in one
 * query, and their all-time view and click totals.
 */
export async function listOwnedCards(db: DbOrTx, userId: string): Promise<OwnedCard[]> {
  // Correlated sums: each reads one card's aggregate rows through its index, so the cost follows the
  // account's cards, not the table.
  const rows = await db
    .select({
      id: cardPages.id,
      cardNumber: cardPages.cardNumber,
      name: cardPages.name,
      businessName: cardPages.businessName,
      slug: cardPages.slug,
      profileImageUrl: cardPages.profileImageUrl,
      paused: sql<boolean>`${cardPages.pausedAt} is not null`,
      bio: cardPages.bio,
      contactPhone: cardPages.contactPhone,
      contactEmail: cardPages.contactEmail,
      contactExchange: cardPages.contactExchange,
      // Written out with the outer table named: drizzle leaves a lone table's columns unqualified, which inside
      // a subquery would bind to the inner table.
      linkList: sql<OwnedCard["linkList"]>`(select coalesce(json_agg(json_build_object(
        'id', l.id, 'title', l.title, 'icon', l.icon, 'url', l.url) order by l.sort_order), '[]'::json)
        from page_links l where l.card_page_id = card_pages.id)`,
      views: sql<number>`(select coalesce(sum(v.count), 0) from card_views_daily v where v.card_page_id = card_pages.id)`,
      clicks: sql<number>`(select coalesce(sum(c.count), 0) from link_clicks_daily c where c.card_page_id = card_pages.id)`,
    })
    .from(cardPages)
    .where(eq(cardPages.ownerUserId, userId))
    .orderBy(desc(cardPages.createdAt), desc(cardPages.id))
    .limit(OWNED_CARDS_LIMIT);
  // count() and sum() come back as strings from the drivers.
  return rows.map((r) => ({
    ...r,
    links: r.linkList.length,
    views: Number(r.views),
    clicks: Number(r.clicks),
  }));
}

export type ClaimOutcome = { ok: true; cardNumber: string } | { ok: false; error: string; status: 400 | 429 };

/**
 * Adds the card with this number to the account when the edit password matches. A wrong number, a wrong
 * password and a card on another account all get the same answer after the same password work, so a stranger
 * learns nothing about which cards exist or whose they are. Attempts are limited per client address and per
 * account, and wrong passwords per card number (shared with the update form). The owner is set by one
 * conditional UPDATE, so two accounts racing for one card cannot both win.
 */
export async function claimCard(
  db: DbOrTx,
  input: { userId: string; clientIp: string; cardNumber: string; password: string },
): Promise<ClaimOutcome> {
  const byAddress = await hitRateLimit(
    db,
    `claim-card:ip:${addressKey(input.clientIp)}`,
    CARD_LIMITS.claimCard,
  );
  const byAccount = await hitRateLimit(db, `claim-card:user:${input.userId}`, CARD_LIMITS.claimCard);
  if (!byAddress.allowed || !byAccount.allowed) return { ok: false, error: CLAIM_LIMITED, status: 429 };

  const [card] = await db
    .select({ id: cardPages.id, passwordHash: cardPages.passwordHash })
    .from(cardPages)
    .where(eq(cardPages.cardNumber, input.cardNumber));
  const check = await checkEditPassword(db, input.cardNumber, input.password, card?.passwordHash ?? null);
  if (check === "limited") return { ok: false, error: CLAIM_LIMITED, status: 429 };
  if (!card || check !== "right") return { ok: false, error: CLAIM_REFUSED, status: 400 };

  const claimed = await db
    .update(cardPages)
    .set({ ownerUserId: input.userId })
    .where(
      and(
        eq(cardPages.id, card.id),
        or(isNull(cardPages.ownerUserId), eq(cardPages.ownerUserId, input.userId)),
      ),
    )
    .returning({ id: cardPages.id });
  if (claimed.length === 0) return { ok: false, error: CLAIM_REFUSED, status: 400 };
  // A card of an order this account referred: a self-referral, whose commission is reversed.
  await reverseIfReferrerTookCards(db, [card.id], input.userId);
  return { ok: true, cardNumber: input.cardNumber };
}

export async function claimFromForm(
  context: Pick<AppLoadContext, "db" | "clientIp">,
  user: SessionUser,
  form: FormData,
) {
  const submission = parseWithZod(form, { schema: ClaimCardSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await claimCard(context.db, {
    userId: user.id,
    clientIp: context.clientIp,
    cardNumber: submission.value.cardNumber,
    password: submission.value.password,
  });
  if (!outcome.ok)
    return data(
      { result: submission.reply({ formErrors: [outcome.error], hideFields: ["password"] }) },
      { status: outcome.status },
    );
  return redirectWithToast("/dashboard/cards", { type: "success", title: "Card added to your account" });
}
