// The customer's own contacts as one .vcf file (a vCard each), with the section's filters.
import { requireUser } from "~/server/accounts/session.server";
import { contactsVcf } from "~/server/contacts/contact-exports.server";
import { contactFilters } from "~/server/contacts/contacts.server";
import type { Route } from "./+types/contacts-vcf";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const filters = await contactFilters(context.db, user.id, new URL(request.url));
  return new Response(await contactsVcf(context.db, user.id, filters), {
    headers: {
      "Content-Type": "text/vcard; charset=utf-8",
      "Content-Disposition": 'attachment; filename="contacts.vcf"',
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
