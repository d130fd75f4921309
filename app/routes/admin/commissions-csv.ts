// The commission ledger as a CSV download, with the Commissions section's filters. Admins only.
import { requireAdmin } from "~/server/accounts/session.server";
import { commissionLedgerCsv, ledgerFilters } from "~/server/referrals/commission-ledger.server";
import type { Route } from "./+types/commissions-csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const filters = ledgerFilters(new URL(request.url));
  const csv = await commissionLedgerCsv(context.db, filters);
  const name = ["commissions", filters.status, filters.month].filter(Boolean).join("-");
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
