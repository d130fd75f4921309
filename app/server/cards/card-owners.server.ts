// The admin's Owner field on card pages: a customer's e-mail resolved to the account that owns the card, inside
// the same transaction as the page's write, and the owner's e-mail shown back on the edit form.
import { and, asc, eq, like, sql } from "drizzle-orm";
import { users } from "~/db/schema";
import { EMAIL_MAX_LENGTH } from "~/schemas/fields";
import type { DbOrTx } from "../platform/db.server";
import { prefixPattern } from "../platform/sql.server";
import { CardPageError, type CardPageInput, createCardPage, updateCardPage } from "./cards.server";
import { announceCardPagesChanged } from "./changes.server";

const NO_CUSTOMER_ACCOUNT = "No customer account has this e-mail";

/** The id of the customer (never an admin) with this e-mail, compared without case, or null. */
async function findCustomerIdByEmail(db: DbOrTx, email: string) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, eq(users.role, "customer")));
  return user?.id ?? null;
}

/** Suggestions for the Owner field: at most 10 customers whose e-mail starts with q (3 characters or more). */
export async function searchCustomers(db: DbOrTx, raw: string) {
  const q = raw.trim().toLowerCase();
  if (q.length < 3 || q.length > EMAIL_MAX_LENGTH) return [];
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(like(sql`lower(${users.email})`, prefixPattern(q)), eq(users.role, "customer")))
    .orderBy(asc(users.email))
    .limit(10);
}

/** Blank means no owner; an e-mail no customer has is refused beside the field. */
export async function ownerIdForEmail(db: DbOrTx, email: string | undefined) {
  if (!email) return null;
  const id = await findCustomerIdByEmail(db, email);
  if (!id) throw new CardPageError(NO_CUSTOMER_ACCOUNT, "ownerEmail");
  return id;
}

/** The owner's e-mail for the edit form, or "" when the card has none. */
export async function ownerEmailOf(db: DbOrTx, ownerUserId: string | null) {
  if (!ownerUserId) return "";
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, ownerUserId));
  return user?.email ?? "";
}

type AdminCardInput = CardPageInput & { ownerEmail?: string };

/** The admin's create: the owner is looked up and the page written in one transaction. */
export async function createCardPageWithOwner(db: DbOrTx, input: AdminCardInput & { password: string }) {
  const created = await db.transaction(async (tx) =>
    createCardPage(
      tx,
      { ...input, ownerUserId: await ownerIdForEmail(tx, input.ownerEmail) },
      { announce: false },
    ),
  );
  announceCardPagesChanged([created.slug]);
  return created;
}

/** The admin's edit: a blank owner clears it. */
export async function updateCardPageWithOwner(
  db: DbOrTx,
  id: string,
  input: AdminCardInput & { password?: string },
) {
  const updated = await db.transaction(async (tx) =>
    updateCardPage(
      tx,
      id,
      { ...input, ownerUserId: await ownerIdForEmail(tx, input.ownerEmail) },
      { announce: false },
    ),
  );
  announceCardPagesChanged([updated.previousSlug, updated.slug]);
  return updated;
}
