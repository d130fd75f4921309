// Referrers referring themselves (docs/product.md#referrals): the same inbox under another spelling, the
// cards of a referred order ending up on the referrer's account, and an order sent to the referrer's own
// address or phone. The first drops the referral, the second reverses the commission, the third holds it
// for the admin's review.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import {
  customerPreferences,
  orderItemCardPages,
  orderItems,
  orders,
  referralCommissions,
  users,
} from "~/db/schema";
import type { Delivery } from "~/schemas/checkout";
import type { DbOrTx } from "../platform/db.server";

/** Mail providers that ignore the dots of the local part (and are one provider under two names). */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };
/** Longer than any address the forms accept: anything longer is compared as it is, unread. */
const EMAIL_MAX_LENGTH = 320;

/**
 * One spelling per inbox: lower case, without a +tag, and for Gmail without the dots of the local part and
 * with googlemail.com as gmail.com.
 */
export function inboxOf(email: string) {
  const address = email.trim().toLowerCase();
  if (address.length > EMAIL_MAX_LENGTH) return address;
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    domain = dotless;
    local = local.replaceAll(".", "");
  }
  return `${local}@${domain}`;
}

export function sameInbox(a: string | null | undefined, b: string | null | undefined) {
  return Boolean(a && b) && inboxOf(a!) === inboxOf(b!);
}

/** True when the referrer's account has this e-mail under any spelling: a referrer cannot refer their own order. */
export async function emailIsReferrers(db: DbOrTx, referrerUserId: string | null, email: string | undefined) {
  if (!referrerUserId || !email) return false;
  const [referrer] = await db.select({ email: users.email }).from(users).where(eq(users.id, referrerUserId));
  return sameInbox(referrer?.email, email);
}

/** The referrer's own orders looked at for their addresses and phones: the newest ones suffice. */
const OWN_ORDERS_COMPARED = 20;

const addressKey = (d: Pick<Delivery, "addressLine1" | "postalCode">) =>
  `${d.addressLine1}|${d.postalCode}`.toLowerCase().replace(/[^a-z0-9|]/g, "");
/** The last ten digits: +44 7700 900000 and 07700 900000 are one phone. */
const phoneKey = (phone: string) => phone.replace(/\D/g, "").slice(-10);

const HOLD_REASONS = {
  address: "The delivery address is the referrer's",
  phone: "The phone number is the referrer's",
} as const;

/**
 * Why a referred order's commission should wait for the admin: its delivery address or phone is one the
 * referrer uses (saved in Settings or on their own orders). Null when nothing matches.
 */
export async function holdReasonFor(
  db: DbOrTx,
  order: { referrerUserId: string; deliveryAddress: Delivery },
) {
  const [prefs] = await db
    .select({ saved: customerPreferences.savedDelivery })
    .from(customerPreferences)
    .where(eq(customerPreferences.userId, order.referrerUserId));
  const own = await db
    .select({ delivery: orders.deliveryAddress })
    .from(orders)
    .where(eq(orders.userId, order.referrerUserId))
    .orderBy(desc(orders.createdAt))
    .limit(OWN_ORDERS_COMPARED);
  // Rows written before a field was required may lack it: those are not compared.
  const known = [prefs?.saved, ...own.map((o) => o.delivery)].filter(
    (d): d is Delivery => typeof d?.addressLine1 === "string" && typeof d.postalCode === "string",
  );
  const mine = order.deliveryAddress;
  if (known.some((d) => addressKey(d) === addressKey(mine))) return HOLD_REASONS.address;
  const phone = phoneKey(mine.phone ?? "");
  if (phone.length >= 6 && known.some((d) => phoneKey(d.phone ?? "") === phone)) return HOLD_REASONS.phone;
  return null;
}

export const SELF_REFERRAL_REVERSED = "The cards went to the referrer's own account";

/**
 * These card pages have just been put on this account: a referred order they came from whose referrer is this
 * account was a self-referral, so its commission is reversed (one paid out already stays so: recover by hand).
 */
export async function reverseIfReferrerTookCards(db: DbOrTx, cardPageIds: string[], userId: string) {
  if (cardPageIds.length === 0) return;
  const referred = await db
    .selectDistinct({ orderId: orders.id })
    .from(orderItemCardPages)
    .innerJoin(orderItems, eq(orderItems.id, orderItemCardPages.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItemCardPages.cardPageId, cardPageIds), eq(orders.referrerUserId, userId)));
  if (referred.length === 0) return;
  await db
    .update(referralCommissions)
    .set({ status: "reversed", reason: SELF_REFERRAL_REVERSED, updatedAt: new Date() })
    .where(
      and(
        inArray(
          referralCommissions.orderId,
          referred.map((r) => r.orderId),
        ),
        eq(referralCommissions.referrerUserId, userId),
        inArray(referralCommissions.status, ["pending", "held", "completed"]),
      ),
    );
}

/**
 * The commission rows an order's status change moves: a refund reverses any not paid out (held ones too);
 * otherwise only rows neither paid out, held nor reversed as a self-referral follow the order.
 */
export function commissionsFollowing(orderId: string, refund: boolean) {
  return and(
    eq(referralCommissions.orderId, orderId),
    refund
      ? inArray(referralCommissions.status, ["pending", "held", "completed"])
      : and(
          isNull(referralCommissions.reason),
          inArray(referralCommissions.status, ["pending", "completed", "reversed"]),
        ),
  );
}
