// The commission ledger: every commission with its order, referrer and payout, filtered by status and month,
// paged in the admin's Commissions section and exported as CSV.
import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { orders, referralCommissions, referralPayouts, users } from "~/db/schema";
import {
  COMMISSION_STATUS_LABELS,
  COMMISSION_STATUSES,
  type CommissionStatus,
} from "~/schemas/commission-statuses";
import { toCsv } from "~/utils/csv";
import { DELETED_CUSTOMER } from "../accounts/account-deletion.server";
import type { DbOrTx } from "../platform/db.server";

export const LEDGER_PAGE_SIZE = 25;
/** A CSV export holds at most this many rows (newest first); the month filter narrows a bigger ledger. */
const LEDGER_EXPORT_MAX_ROWS = 10_000;

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

export function ledgerQuery(db: DbOrTx, f: LedgerFilters) {
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
