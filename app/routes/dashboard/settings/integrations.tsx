// Settings, Integrations tab: webhook endpoints that receive the account's events (docs/webhooks.md).
import { IntegrationsSettings } from "~/components/dashboard/integrations-settings";
import { requireUser } from "~/server/accounts/session.server";
import { readFormData } from "~/server/platform/forms.server";
import {
  handleIntegrationsAction,
  INTEGRATIONS_PATH,
  loadIntegrations,
} from "~/server/webhooks/integrations-actions.server";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/integrations";

export const meta = () =>
  privatePage(
    "Integrations settings",
    "Webhooks that send your new contacts to your CRM, Zapier, Make or n8n.",
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return { ...(await loadIntegrations(context.db, user.id, request)), path: INTEGRATIONS_PATH };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  return handleIntegrationsAction(context, user, form);
}

export default function Integrations({ loaderData, actionData }: Route.ComponentProps) {
  return <IntegrationsSettings data={loaderData} actionData={actionData} />;
}
