// A company's analytics per member (the range of ?range=) as a CSV file, for its owners and admins; each export
// is in the company's log.
import { data } from "react-router";
import { ACTIVITY_RANGE_REFUSED, parseActivityRange } from "~/schemas/activity-range";
import { companyAnalyticsCsv } from "~/server/cards/company-analytics.server";
import { requireCompany } from "~/server/companies/companies.server";
import { recordCompanyEvent } from "~/server/companies/company-events.server";
import { utcDay } from "~/utils/dates";
import type { Route } from "./+types/analytics-csv";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  const range = parseActivityRange(new URL(request.url).searchParams.get("range"));
  if (!range) throw data({ error: ACTIVITY_RANGE_REFUSED }, { status: 400 });
  const today = utcDay();
  const csv = await companyAnalyticsCsv(context.db, access.company.id, today, range);
  await recordCompanyEvent(context.db, {
    organizationId: access.company.id,
    actor: access.user,
    action: "exported",
    subject: `the analytics of ${range} days as CSV`,
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${access.company.slug}-analytics-${range}-days-to-${today}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
