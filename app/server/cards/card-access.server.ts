// Who may take a card elsewhere (its brand kit, its Wallet passes): its holder, or for a company card the owners
// and admins of the company that gave it. Another customer's card is not told apart from none (404).
import { and, eq, inArray, or } from "drizzle-orm";
import { data } from "react-router";
import { cardPages, members } from "~/db/schema";
import type { SessionUser } from "../accounts/session.server";
import type { DbOrTx } from "../platform/db.server";

const CARD_NUMBER = /^WC\d{4}$/;

/** What a card shows in a wallet: who, where, its look, and the version and time its passes follow. */
export const walletCardColumns = {
  id: cardPages.id,
  slug: cardPages.slug,
  name: cardPages.name,
  jobTitle: cardPages.jobTitle,
  businessName: cardPages.businessName,
  design: cardPages.design,
  profileImageUrl: cardPages.profileImageUrl,
  logoImageUrl: cardPages.logoImageUrl,
  version: cardPages.version,
  updatedAt: cardPages.updatedAt,
};
export type WalletCardRow = { [K in keyof typeof walletCardColumns]: (typeof cardPages.$inferSelect)[K] };

/** The card number from the address, checked before anything is looked up; else a 404. */
export function cardNumberFrom(raw: string | undefined) {
  const cardNumber = (raw ?? "").slice(0, 6).toUpperCase();
  if (!CARD_NUMBER.test(cardNumber)) throw data("Card not found", { status: 404 });
  return cardNumber;
}

/** The condition on card_pages: held by the account, or a card of a company it manages. */
export function heldOrManagedBy(db: DbOrTx, userId: string) {
  const managed = db
    .select({ id: members.organizationId })
    .from(members)
    .where(and(eq(members.userId, userId), inArray(members.role, ["owner", "admin"])));
  return or(eq(cardPages.ownerUserId, userId), inArray(cardPages.organizationId, managed));
}

/** The id of the card with this number that the account holds or manages, else a 404. */
export async function reachableCardId(
  db: DbOrTx,
  user: Pick<SessionUser, "id">,
  rawNumber: string | undefined,
) {
  const [card] = await db
    .select({ id: cardPages.id })
    .from(cardPages)
    .where(and(eq(cardPages.cardNumber, cardNumberFrom(rawNumber)), heldOrManagedBy(db, user.id)));
  if (!card) throw data("Card not found", { status: 404 });
  return card.id;
}
