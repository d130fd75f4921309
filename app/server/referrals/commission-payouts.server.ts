// What is owed to each referrer and paying it out: one payout row that settles the referrer's completed
// commissions, and the latest payouts.
import { parseWithZod } from "@conform-to/zod/v4";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { data } from "react-router";
import { referralCommissions, referralPayouts, users } from "~/db/schema";
import { PayoutSchema } from "~/schemas/commission-payout";
import { formatPence } from "~/utils/money";
import { DELETED_CUSTOMER } from "../accounts/account-deletion.server";
import type { SessionUser } from "../accounts/session.server";
import type { Database, DbOrTx } from "../platform/db.server";
import { dataWithToast } from "../platform/toast.server";

class PayoutError extends Error {
  override name = "PayoutError";
  constructor(
    message: string,
    readonly status = 409,
  ) {
    super(message);
  }
}

/**
 * Completed commissions not yet paid out, summed per referrer (largest first). A deleted account's commissions
 * stay in the ledger but are not listed here: there is nobody to pay.
 */
export async function listOwedByReferrer(db: DbOrTx) {
  const owed = sql<number>`sum(${referralCommissions.amount})::int`;
  return db
    .select({
      referrerUserId: users.id,
      name: users.name,
      email: users.email,
      commissions: sql<number>`count(*)::int`,
      amount: owed,
    })
    .from(referralCommissions)
    .innerJoin(users, eq(users.id, referralCommissions.referrerUserId))
    .where(eq(referralCommissions.status, "completed"))
    .groupBy(users.id, users.name, users.email)
    .orderBy(desc(owed), asc(users.name));
}

/** The latest payouts, newest first; a deleted referrer's stay, named as deleted. */
export async function listRecentPayouts(db: DbOrTx) {
  const payouts = await db
    .select({
      id: referralPayouts.id,
      name: sql<string>`coalesce(${users.name}, ${DELETED_CUSTOMER})`,
      amount: referralPayouts.amount,
      reference: referralPayouts.reference,
      createdAt: referralPayouts.createdAt,
    })
    .from(referralPayouts)
    .leftJoin(users, eq(users.id, referralPayouts.referrerUserId))
    .orderBy(desc(referralPayouts.createdAt))
    .limit(10);
  return payouts.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() }));
}

/**
 * Pays out a referrer's completed commissions: one payout row with the reference, and those rows become
 * paid_out pointing at it, in one transaction. The rows are locked, so a second click (or a second admin)
 * waits, then finds nothing completed left and is refused: nothing is paid twice. The amount the admin saw
 * must still be the amount owed, or nothing is paid.
 */
async function markCommissionsPaidOut(
  db: Database,
  input: { referrerUserId: string; amount: number; reference: string; adminUserId: string | null },
) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: referralCommissions.id, amount: referralCommissions.amount })
      .from(referralCommissions)
      .where(
        and(
          eq(referralCommissions.referrerUserId, input.referrerUserId),
          eq(referralCommissions.status, "completed"),
        ),
      )
      .for("update");
    if (due.length === 0) throw new PayoutError("Nothing is owed to this referrer");
    const amount = due.reduce((sum, c) => sum + c.amount, 0);
    if (amount !== input.amount)
      throw new PayoutError(
        `The amount owed is now ${formatPence(amount)}, not ${formatPence(input.amount)}. Check it and try again.`,
      );
    const [payout] = await tx
      .insert(referralPayouts)
      .values({
        referrerUserId: input.referrerUserId,
        amount,
        reference: input.reference,
        createdBy: input.adminUserId,
      })
      .returning();
    const settled = await tx
      .update(referralCommissions)
      .set({ status: "paid_out", payoutId: payout!.id, updatedAt: new Date() })
      .where(
        and(
          inArray(
            referralCommissions.id,
            due.map((c) => c.id),
          ),
          eq(referralCommissions.status, "completed"),
        ),
      )
      .returning({ id: referralCommissions.id });
    // The rows are locked, so this holds; if it ever did not, the whole payout is undone.
    if (settled.length !== due.length) throw new Error("Commissions changed while being paid out");
    return payout!;
  });
}

export async function payOut(db: Database, admin: SessionUser, form: FormData) {
  const submission = parseWithZod(form, { schema: PayoutSchema });
  const referrerUserId = String(form.get("referrerUserId") ?? "").slice(0, 100);
  if (submission.status !== "success")
    return data({ referrerUserId, result: submission.reply() }, { status: 400 });
  const input = submission.value;
  try {
    const [referrer] = await db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, input.referrerUserId));
    if (!referrer) throw new PayoutError("Referrer not found", 404);
    const payout = await markCommissionsPaidOut(db, { ...input, adminUserId: admin.id });
    return dataWithToast(
      { referrerUserId, result: submission.reply({ resetForm: true }) },
      {
        type: "success",
        title: "Commissions paid out",
        description: `${formatPence(payout.amount)} to ${referrer.name} (reference ${payout.reference})`,
      },
    );
  } catch (error) {
    if (!(error instanceof PayoutError)) throw error;
    return dataWithToast(
      { referrerUserId, result: submission.reply({ formErrors: [error.message] }) },
      { type: "error", title: "Not paid out", description: error.message },
      { status: error.status },
    );
  }
}
