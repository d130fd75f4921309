// A company's Sign-in tab (owners and admins): verified e-mail domains, the identity provider, and single sign-on
// required per domain (docs/decisions/044-company-sign-in.md).
import { CompanySignIn } from "~/components/dashboard/company-sign-in";
import { requireCompany } from "~/server/companies/companies.server";
import {
  handleSignInSettingsAction,
  loadSignInSettings,
} from "~/server/companies/sign-in-settings-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import type { Route } from "./+types/sign-in";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  return loadSignInSettings(context, access);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  return handleSignInSettingsAction(context, access, request, await readFormData(request));
}

export default function CompanySignInTab({ loaderData, actionData }: Route.ComponentProps) {
  return <CompanySignIn data={loaderData} actionData={actionData} />;
}
