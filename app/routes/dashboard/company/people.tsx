// A company's People: its members page by page with their roles, the invitations waiting, and the forms that
// invite one person or a CSV of up to 500. Owners and admins only.
import { CompanyPeople } from "~/components/dashboard/company-people";
import { companyPeople, requireCompany } from "~/server/companies/companies.server";
import { handleCompanyPeopleAction } from "~/server/companies/people-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import type { Route } from "./+types/people";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  const after = new URL(request.url).searchParams.get("after") ?? undefined;
  const people = await companyPeople(context.db, access.company.id, after?.slice(0, 64));
  return {
    ...people,
    you: access.memberId,
    yourRole: access.role,
    slug: access.company.slug,
    after: after ?? null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  const form = await readFormData(request);
  return handleCompanyPeopleAction(context, request, access, form);
}

export default function People({ loaderData, actionData }: Route.ComponentProps) {
  return <CompanyPeople data={loaderData} actionData={actionData} />;
}
