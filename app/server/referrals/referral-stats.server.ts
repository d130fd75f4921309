// The reseller's figures, worked out from their commission rows: pure functions, so the rules (what counts as
// earned, where a month starts, how a rate rounds) are tested on their own.
import type { CommissionStatus } from "~/schemas/commission-statuses";

/** Commission rows of one status made in one calendar month (or one row: count 1). */
export interface CommissionFact {
  /** The amount of all these rows, in pence. */
  amount: number;
  status: CommissionStatus;
  /** When the referred order was paid (the commission row was made then), or the start of that month. */
  createdAt: Date;
  /** How many rows this fact stands for; 1 when left out. */
  count?: number;
}

/** Earned money: the order completed. A paid-out commission was earned too; pending and reversed were not. */
const isEarned = (status: CommissionStatus) => status === "completed" || status === "paid_out";

/** The first instant of the calendar month (UTC) that `now` is in, `offset` months later (or earlier). */
export function monthStart(now: Date, offset = 0) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}

/** Whole percent of part over total, 0 when there is nothing to divide. */
export function roundedPercent(part: number, total: number) {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

export function referralStats(rows: readonly CommissionFact[], now: Date) {
  const thisMonth = monthStart(now);
  const nextMonth = monthStart(now, 1);
  const lastMonth = monthStart(now, -1);
  let totalEarnings = 0;
  let thisMonthEarnings = 0;
  let lastMonthEarnings = 0;
  let converted = 0;
  let paidOut = 0;
  let owed = 0;
  let pending = 0;
  let referrals = 0;
  for (const row of rows) {
    const count = row.count ?? 1;
    referrals += count;
    if (row.status === "paid_out") paidOut += row.amount;
    if (row.status === "completed") owed += row.amount;
    // A commission held for review is not earned yet: it waits with the pending ones.
    if (row.status === "pending" || row.status === "held") pending += row.amount;
    if (!isEarned(row.status)) continue;
    converted += count;
    totalEarnings += row.amount;
    const at = row.createdAt.getTime();
    if (at >= thisMonth.getTime() && at < nextMonth.getTime()) thisMonthEarnings += row.amount;
    else if (at >= lastMonth.getTime() && at < thisMonth.getTime()) lastMonthEarnings += row.amount;
  }
  return {
    totalReferrals: referrals,
    totalEarnings,
    thisMonth: thisMonthEarnings,
    lastMonth: lastMonthEarnings,
    /** This month less last month, in pence; the percent only when last month had something to compare. */
    change: thisMonthEarnings - lastMonthEarnings,
    changePercent:
      lastMonthEarnings > 0
        ? Math.round(((thisMonthEarnings - lastMonthEarnings) / lastMonthEarnings) * 100)
        : null,
    conversionRate: roundedPercent(converted, referrals),
    paidOut,
    owed,
    pending,
  };
}

/** 'Dana Buyer' -> 'Dana B.': a reseller sees who bought, never their full name. */
export function privateName(fullName: string) {
  const words = fullName.trim().slice(0, 200).split(/\s+/).filter(Boolean);
  const first = (words[0] ?? "").slice(0, 40);
  if (!first) return "Customer";
  const last = words.length > 1 ? words[words.length - 1]! : "";
  const initial = last ? [...last][0]!.toLocaleUpperCase("en-GB") : "";
  return initial ? `${first} ${initial}.` : first;
}
