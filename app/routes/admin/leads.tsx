// Admin Leads section: the lead pool that paid business lists are filled from.
import { type LeadsActionData, LeadsSection } from "~/components/admin/leads-section";
import { requireAdmin } from "~/server/accounts/session.server";
import { handleLeadsAction, loadLeadsSection } from "~/server/cold-calling/lead-pool-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import type { Route } from "./+types/leads";

export const meta = () => [{ title: "Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return loadLeadsSection(context.db, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  return handleLeadsAction(context.db, form);
}

export default function AdminLeads({ loaderData, actionData }: Route.ComponentProps) {
  return <LeadsSection data={loaderData} actionData={actionData as LeadsActionData} />;
}
