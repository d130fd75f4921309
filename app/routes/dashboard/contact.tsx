// One contact of the customer's: every field, its vCard (contact-vcard.ts), 'Add to prospects' and deleting it
// after a confirmation (?delete=1, so it works without JavaScript). Another account's contact is not found.
import { Link } from "react-router";
import { AddToProspectsForm, ContactDetails, DeleteContact } from "~/components/dashboard/contacts";
import { PageHeading } from "~/components/layout/page-heading";
import { requireUser } from "~/server/accounts/session.server";
import { loadContact } from "~/server/contacts/contacts.server";
import { handleContactAction } from "~/server/contacts/contacts-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/contact";

export const meta = () => privatePage("Contact", "A person who shared their details with you.");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return loadContact(context.db, user.id, params.id, new URL(request.url));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  return handleContactAction(context, user, params.id, form);
}

export default function DashboardContact({ loaderData, actionData }: Route.ComponentProps) {
  const error =
    actionData && "error" in actionData && !("prospectId" in actionData) ? actionData.error : undefined;
  return (
    <>
      <p className="mb-4 text-sm">
        <Link to="/dashboard/contacts" className="font-semibold text-brand-700 underline">
          All contacts
        </Link>
      </p>
      <PageHeading title={loaderData.contact.name} />
      <div className="space-y-6">
        <ContactDetails data={loaderData} />
        <AddToProspectsForm data={loaderData} error={error} />
        <DeleteContact data={loaderData} />
      </div>
    </>
  );
}
