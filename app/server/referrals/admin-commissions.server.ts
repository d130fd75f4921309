// Over 300 lines: the ledger, what is owed, held commissions and payouts are one set of books.
// The admin's Commissions section: commissions held for review (released or reversed here), what is owed to
// each referrer, paying it out (one payout row that settles the referrer's completed commissions), and the
// ledger of every commission, filtered and exported as CSV.
import { parseWithZod } from "@conform-to/zod/v4";
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { data } from "react-router";
import { orders, referralCommissions, referralPayouts, users } from "~/db/schema";
import { PayoutSchema } from "~/schemas/commission-payout";
import {
  COMMISSION_STATUS_LABELS,
  COMMISSION_STATUSES,
  type CommissionStatus,
} from "~/schemas/commission-statuses";
import { toCsv } from "~/utils/csv";
import { isUuid } from "~/utils/ids";
import { formatPence } from "~/utils/money";
import { DELETED_CUSTOMER } from "../accounts/account-deletion.server";
import type { SessionUser } from "../accounts/session.server";
import type { Database, DbOrTx } from "../platform/db.server";
import { dataWithToast } from "../platform/toast.server";

const LEDGER_PAGE_SIZE = 25;
/** A CSV export holds at most this many rows (newest first); the month filter narrows a bigger ledger. */
const LEDGER_EXPORT_MAX_ROWS = 10_000;

class PayoutError extends Error {
  override name = "PayoutError";
  constructor(
    message: string,
    readonly status = 409,
  ) {
    super(message);
  }
}

export interface LedgerFilters {
  status: CommissionStatus | null;
  /** 'YYYY-MM': commissions made (the referred order paid) in that calendar month (UTC). */
  month: string | null;
}

/** Filters from the address bar; anything not understood is dropped rather than refused. */
export function ledgerFilters(url: URL): LedgerFilters {
  const status = url.searchParams.get("status");
  const month = url.searchParams.get("month")?.slice(0, 7) ?? "";
  const validMonth = /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : null;
  return {
    status: (COMMISSION_STATUSES as readonly string[]).includes(status ?? "")
      ? (status as CommissionStatus)
      : null,
    month: validMonth,
  };
}

function ledgerWhere(f: LedgerFilters) {
  const where: SQL[] = [];
  if (f.status) where.push(eq(referralCommissions.status, f.status));
  if (f.month) {
    const [y, m] = f.month.split("-").map(Number) as [number, number];
    where.push(gte(referralCommissions.createdAt, new Date(Date.UTC(y, m - 1, 1))));
    where.push(lt(referralCommissions.createdAt, new Date(Date.UTC(y, m, 1))));
  }
  return where.length ? and(...where) : undefined;
}

function ledgerQuery(db: DbOrTx, f: LedgerFilters) {
  return (
    db
      .select({
        id: referralCommissions.id,
        createdAt: referralCommissions.createdAt,
        orderNumber: orders.orderNumber,
        referrerName: sql<string>`coalesce(${users.name}, ${DELETED_CUSTOMER})`,
        referrerEmail: sql<string>`coalesce(${users.email}, '')`,
        customerName: orders.customerName,
        sale: orders.total,
        amount: referralCommissions.amount,
        status: referralCommissions.status,
        reason: referralCommissions.reason,
        payoutReference: referralPayouts.reference,
        paidOutAt: referralPayouts.createdAt,
      })
      .from(referralCommissions)
      .innerJoin(orders, eq(orders.id, referralCommissions.orderId))
      // A deleted referrer's rows stay in the books without the person.
      .leftJoin(users, eq(users.id, referralCommissions.referrerUserId))
      .leftJoin(referralPayouts, eq(referralPayouts.id, referralCommissions.payoutId))
      .where(ledgerWhere(f))
      .orderBy(desc(referralCommissions.createdAt), desc(referralCommissions.id))
      .$dynamic()
  );
}

/**
 * Completed commissions not yet paid out, summed per referrer (largest first). A deleted account's commissions
 * stay in the ledger but are not listed here: there is nobody to pay.
 */
async function listOwedByReferrer(db: DbOrTx) {
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

/** Commissions held for review, oldest first: the admin releases or reverses each. */
const HELD_SHOWN = 50;

async function listHeld(db: DbOrTx) {
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

export async function loadCommissionsSection(db: DbOrTx, url: URL) {
  const filters = ledgerFilters(url);
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(url.searchParams.get("page")) || 1)));
  const rows = await ledgerQuery(db, filters)
    .limit(LEDGER_PAGE_SIZE + 1)
    .offset((page - 1) * LEDGER_PAGE_SIZE);
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
  return {
    held: await listHeld(db),
    owed: await listOwedByReferrer(db),
    filters,
    page,
    hasNext: rows.length > LEDGER_PAGE_SIZE,
    ledger: rows.slice(0, LEDGER_PAGE_SIZE).map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      paidOutAt: r.paidOutAt?.toISOString() ?? null,
    })),
    payouts: payouts.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
  };
}
export type CommissionsData = Awaited<ReturnType<typeof loadCommissionsSection>>;

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

/** The ledger as CSV, with the section's filters; text cells that look like formulas are neutralised. */
export async function commissionLedgerCsv(db: DbOrTx, filters: LedgerFilters) {
  const rows = await ledgerQuery(db, filters).limit(LEDGER_EXPORT_MAX_ROWS);
  const pounds = (pence: number) => (pence / 100).toFixed(2);
  return toCsv(
    [
      "Date",
      "Order",
      "Referrer",
      "Referrer e-mail",
      "Customer",
      "Sale (GBP)",
      "Commission (GBP)",
      "Status",
      "Payout reference",
      "Paid out at",
      "Reason",
    ],
    rows.map((r) => [
      r.createdAt.toISOString(),
      r.orderNumber,
      r.referrerName,
      r.referrerEmail,
      r.customerName,
      pounds(r.sale),
      pounds(r.amount),
      COMMISSION_STATUS_LABELS[r.status],
      r.payoutReference,
      r.paidOutAt?.toISOString() ?? "",
      r.reason ?? "",
    ]),
  );
}
