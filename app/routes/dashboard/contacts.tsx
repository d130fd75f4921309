// Dashboard Contacts section: the details people shared from the customer's card pages, newest first, with a
// search, a card filter, paging and the exports (contacts-csv.ts, contacts-vcf.ts), and apart from them the
// shares held for review. One contact: contact.tsx.
import {
  ContactFiltersForm,
  ContactsEmpty,
  ContactsList,
  ContactsPager,
} from "~/components/dashboard/contacts";
import { HeldForReview } from "~/components/dashboard/held-contacts";
import { PageHeading } from "~/components/layout/page-heading";
import { requireUser } from "~/server/accounts/session.server";
import { loadContacts } from "~/server/contacts/contacts.server";
import { handleContactsAction } from "~/server/contacts/contacts-actions.server";
import { heldForReview } from "~/server/contacts/review.server";
import { readFormData } from "~/server/platform/forms.server";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/contacts";

export const meta = () => privatePage("Contacts", "The details people shared with you from your card pages.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const contacts = await loadContacts(context.db, user.id, new URL(request.url));
  return { ...contacts, held: await heldForReview(context.db, user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  return handleContactsAction(context, user, form);
}

export default function DashboardContacts({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading
        title="Contacts"
        intro="People who shared their details with you from your card pages, with their consent."
      />
      <div className="space-y-6">
        <HeldForReview held={loaderData.held} />
        {loaderData.hasAny ? (
          <section aria-labelledby="contacts-heading" className="space-y-4">
            <h2 id="contacts-heading" className="text-lg font-bold">
              Your contacts <span className="font-normal text-slate-600">({loaderData.totalLabel})</span>
            </h2>
            <ContactFiltersForm data={loaderData} />
            <ContactsList data={loaderData} />
            <ContactsPager data={loaderData} />
          </section>
        ) : (
          <ContactsEmpty />
        )}
      </div>
    </>
  );
}
