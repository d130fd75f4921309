// A company's Contacts: every contact shared from any of its cards (a member's, or one left by someone who left),
// with the same search, a card (member) filter, paging and exports as personal contacts. Owners and admins.
import {
  ContactFiltersForm,
  ContactsEmpty,
  ContactsList,
  ContactsPager,
} from "~/components/dashboard/contacts";
import { requireCompany } from "~/server/companies/companies.server";
import { loadContacts } from "~/server/contacts/contacts.server";
import type { Route } from "./+types/contacts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  const contacts = await loadContacts(
    context.db,
    { organizationId: access.company.id },
    new URL(request.url),
  );
  return { ...contacts, base: `/dashboard/company/${access.company.slug}/contacts` };
}

export default function CompanyContacts({ loaderData }: Route.ComponentProps) {
  const { base } = loaderData;
  if (!loaderData.hasAny) return <ContactsEmpty />;
  return (
    <section aria-labelledby="company-contacts-heading" className="space-y-4">
      <h2 id="company-contacts-heading" className="text-lg font-bold">
        The company's contacts <span className="font-normal text-slate-600">({loaderData.totalLabel})</span>
      </h2>
      <ContactFiltersForm data={loaderData} base={base} />
      <ContactsList data={loaderData} opens={false} />
      <ContactsPager data={loaderData} base={base} />
    </section>
  );
}
