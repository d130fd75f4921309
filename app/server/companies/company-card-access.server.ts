// A company card reached by the company's owners and admins (beside its holder): what they may download for a
// member, such as the card's Wallet pass. The card's number is checked before it is looked up.
import { and, eq, inArray } from "drizzle-orm";
import { cardPages, members } from "~/db/schema";
import type { SessionUser } from "../accounts/session.server";
import type { DbOrTx } from "../platform/db.server";

/** The id of the company card with this number when the account manages its company, else null. */
export async function managedCompanyCardId(
  db: DbOrTx,
  user: Pick<SessionUser, "id">,
  rawNumber: string | undefined,
) {
  const cardNumber = (rawNumber ?? "").slice(0, 6).toUpperCase();
  if (!/^WC\d{4}$/.test(cardNumber)) return null;
  const [row] = await db
    .select({ id: cardPages.id })
    .from(cardPages)
    .innerJoin(
      members,
      and(
        eq(members.organizationId, cardPages.organizationId),
        eq(members.userId, user.id),
        inArray(members.role, ["owner", "admin"]),
      ),
    )
    .where(eq(cardPages.cardNumber, cardNumber));
  return row?.id ?? null;
}
