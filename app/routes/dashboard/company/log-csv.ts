// A company's log as a CSV file, for its owners and admins.
import { requireCompany } from "~/server/companies/companies.server";
import { companyEventsCsv } from "~/server/companies/company-events.server";
import type { Route } from "./+types/log-csv";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  return new Response(await companyEventsCsv(context.db, access.company.id), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${access.company.slug}-log.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
