// A company's contacts (with the list's filters) as CSV or one .vcf file, for its owners and admins; each export
// is in the company's log.
import { requireCompany } from "~/server/companies/companies.server";
import { recordCompanyEvent } from "~/server/companies/company-events.server";
import { contactsCsv, contactsVcf } from "~/server/contacts/contact-exports.server";
import { contactFilters } from "~/server/contacts/contacts.server";
import type { Route } from "./+types/contacts-export";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  const scope = { organizationId: access.company.id };
  const filters = await contactFilters(context.db, scope, new URL(request.url));
  const csv = new URL(request.url).pathname.endsWith(".csv");
  const body = csv
    ? await contactsCsv(context.db, scope, filters)
    : await contactsVcf(context.db, scope, filters);
  await recordCompanyEvent(context.db, {
    organizationId: access.company.id,
    actor: access.user,
    action: "exported",
    subject: csv ? "the contacts as CSV" : "the contacts as vCards",
  });
  return new Response(body, {
    headers: {
      "Content-Type": csv ? "text/csv; charset=utf-8" : "text/vcard; charset=utf-8",
      "Content-Disposition": `attachment; filename="${access.company.slug}-contacts.${csv ? "csv" : "vcf"}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
