// Commissions held for review (a suspected self-referral): the admin's list of them, and releasing or
// reversing each.
import { and, asc, eq } from "drizzle-orm";
import { orders, referralCommissions, users } from "~/db/schema";
import { COMMISSION_STATUS_LABELS, type CommissionStatus } from "~/schemas/commission-statuses";
import { isUuid } from "~/utils/ids";
import type { Database, DbOrTx } from "../platform/db.server";
import { dataWithToast } from "../platform/toast.server";

/** Commissions held for review, oldest first: the admin releases or reverses each. */
const HELD_SHOWN = 50;

export async function listHeld(db: DbOrTx) {
  const rows = await db
    .select({
      id: referralCommissions.id,
      createdAt: referralCommissions.createdAt,
      orderNumber: orders.orderNumber,
      referrerName: users.name,
      referrerEmail: users.email,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      amount: referralCommissions.amount,
      reason: referralCommissions.reason,
    })
    .from(referralCommissions)
    .innerJoin(orders, eq(orders.id, referralCommissions.orderId))
    .innerJoin(users, eq(users.id, referralCommissions.referrerUserId))
    .where(eq(referralCommissions.status, "held"))
    .orderBy(asc(referralCommissions.createdAt), asc(referralCommissions.id))
    .limit(HELD_SHOWN);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

const NOT_HELD = "This commission is no longer held for review";

/**
 * The admin's decision on a held commission, with its row locked: released, it becomes what its order makes
 * it (pending, completed with a completed order, reversed with a refunded one) and follows the order from
 * then on; reversed, it stays reversed. A commission no longer held (a second click) is refused.
 */
export async function review(db: Database, form: FormData, decision: "release" | "reverse") {
  const id = String(form.get("commissionId") ?? "").slice(0, 100);
  if (!isUuid(id))
    return dataWithToast(
      { reviewed: null },
      { type: "error", title: "Not changed", description: NOT_HELD },
      { status: 400 },
    );
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ orderStatus: orders.status, orderNumber: orders.orderNumber })
      .from(referralCommissions)
      .innerJoin(orders, eq(orders.id, referralCommissions.orderId))
      .where(and(eq(referralCommissions.id, id), eq(referralCommissions.status, "held")))
      .for("update", { of: referralCommissions });
    if (!row) return null;
    const status: CommissionStatus =
      decision === "reverse" || row.orderStatus === "refunded"
        ? "reversed"
        : row.orderStatus === "completed"
          ? "completed"
          : "pending";
    await tx
      .update(referralCommissions)
      .set({
        status,
        ...(decision === "release" ? { reason: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(referralCommissions.id, id));
    return { orderNumber: row.orderNumber, status };
  });
  if (!done)
    return dataWithToast(
      { reviewed: null },
      { type: "error", title: "Not changed", description: NOT_HELD },
      { status: 409 },
    );
  return dataWithToast(
    { reviewed: id },
    {
      type: "success",
      title: decision === "release" ? "Commission released" : "Commission reversed",
      description: `Order ${done.orderNumber}: ${COMMISSION_STATUS_LABELS[done.status].toLowerCase()}`,
    },
  );
}
