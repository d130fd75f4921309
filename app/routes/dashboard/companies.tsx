// Companies: the ones this account belongs to, and a form to create one (its creator becomes its owner).
import { CompaniesPage } from "~/components/dashboard/companies";
import { requireUser } from "~/server/accounts/session.server";
import { companiesOf } from "~/server/companies/companies.server";
import { handleCompaniesAction } from "~/server/companies/company-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/companies";

export const meta = () => privatePage("Companies", "The companies you belong to, and a new one.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return { companies: await companiesOf(context.db, user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  return handleCompaniesAction(context, request, user, form);
}

export default function Companies({ loaderData, actionData }: Route.ComponentProps) {
  return <CompaniesPage companies={loaderData.companies} actionData={actionData} />;
}
