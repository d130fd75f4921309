// The customer's own contacts as a CSV download (Prospects' import columns first), with the section's filters.
import { requireUser } from "~/server/accounts/session.server";
import { contactsCsv } from "~/server/contacts/contact-exports.server";
import { contactFilters } from "~/server/contacts/contacts.server";
import type { Route } from "./+types/contacts-csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const filters = await contactFilters(context.db, user.id, new URL(request.url));
  return new Response(await contactsCsv(context.db, user.id, filters), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="contacts.csv"',
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
