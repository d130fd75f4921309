// The customer's own prospects as a CSV download, with the Prospects tab's filters.

import { requireUser } from "~/server/accounts/session.server";
import { prospectFilters, prospectsCsv } from "~/server/cold-calling/prospects.server";
import type { Route } from "./+types/prospects-csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const csv = await prospectsCsv(context.db, user.id, prospectFilters(new URL(request.url)));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="prospects.csv"',
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
