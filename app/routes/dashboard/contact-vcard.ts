// GET /dashboard/contacts/:id/contact.vcf: one of the customer's contacts as a vCard; any other id answers 404.
import { requireUser } from "~/server/accounts/session.server";
import { contactVCard } from "~/server/contacts/contact-exports.server";
import type { Route } from "./+types/contact-vcard";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const { disposition, text } = await contactVCard(context.db, user.id, params.id);
  return new Response(text, {
    headers: {
      "Content-Type": "text/vcard; charset=utf-8",
      "Content-Disposition": disposition,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
