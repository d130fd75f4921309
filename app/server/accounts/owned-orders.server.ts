// Which orders are an account's: those placed signed in to it, and those placed as a guest with the account's
// verified e-mail address. Accounts own the rule because deleting an account needs it as much as the order
// history does.
import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import { orders, users } from "~/db/schema";
import type { DbOrTx } from "../platform/db.server";

/**
 * Which orders belong to this account, or null for an account that does not exist. The one rule for the order
 * history, receipts and deleting the account.
 */
export async function ordersOwnedBy(db: DbOrTx, userId: string): Promise<SQL | null> {
  const [user] = await db
    .select({ email: users.email, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const mine = eq(orders.userId, userId);
  if (!user.verified) return mine;
  // Orders store the address lower-cased; the index on customer_email serves this.
  return or(mine, and(isNull(orders.userId), eq(orders.customerEmail, user.email.toLowerCase())))!;
}
