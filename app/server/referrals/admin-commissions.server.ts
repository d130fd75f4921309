// The admin's Commissions section (its forms are admin-commissions-actions.server.ts): commissions held for
// review, what is owed to each referrer, the latest payouts, and one page of the ledger.
import type { DbOrTx } from "../platform/db.server";
import { LEDGER_PAGE_SIZE, ledgerFilters, ledgerQuery } from "./commission-ledger.server";
import { listOwedByReferrer, listRecentPayouts } from "./commission-payouts.server";
import { listHeld } from "./held-commissions.server";

export async function loadCommissionsSection(db: DbOrTx, url: URL) {
  const filters = ledgerFilters(url);
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(url.searchParams.get("page")) || 1)));
  const rows = await ledgerQuery(db, filters)
    .limit(LEDGER_PAGE_SIZE + 1)
    .offset((page - 1) * LEDGER_PAGE_SIZE);
  const payouts = await listRecentPayouts(db);
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
    payouts,
  };
}
export type CommissionsData = Awaited<ReturnType<typeof loadCommissionsSection>>;
