// A company's Integrations (owners and admins): webhook endpoints that receive every contact shared with any of
// its people's company cards, with the member in each event (docs/webhooks.md). The same page and signed scheme as
// an account's own; the company's endpoints are its, not the admin's who added them.
import { IntegrationsSettings } from "~/components/dashboard/integrations-settings";
import { requireCompany } from "~/server/companies/companies.server";
import { readFormData } from "~/server/platform/forms.server";
import { handleIntegrationsAction, loadIntegrations } from "~/server/webhooks/integrations-actions.server";
import type { Route } from "./+types/integrations";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  return {
    ...(await loadIntegrations(context.db, { organizationId: access.company.id }, request)),
    path: `/dashboard/company/${access.company.slug}/integrations`,
    company: access.company.name,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  const form = await readFormData(request);
  return handleIntegrationsAction(context, access.user, form, {
    owner: { organizationId: access.company.id },
    path: `/dashboard/company/${access.company.slug}/integrations`,
  });
}

export default function CompanyIntegrations({ loaderData, actionData }: Route.ComponentProps) {
  return <IntegrationsSettings data={loaderData} actionData={actionData} />;
}
