// Settings, Integrations tab: webhook endpoints that receive the account's events (docs/webhooks.md).
import { data } from "react-router";
import { IntegrationsSettings } from "~/components/dashboard/integrations-settings";
import { requireUser } from "~/server/accounts/session.server";
import { readFormData } from "~/server/platform/forms.server";
import { handleIntegrationsAction, INTEGRATIONS_PATH } from "~/server/webhooks/integrations-actions.server";
import { listWebhookEndpoints, WEBHOOK_ENDPOINT_LIMIT } from "~/server/webhooks/webhooks.server";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/integrations";

export const meta = () =>
  privatePage(
    "Integrations settings",
    "Webhooks that send your new contacts to your CRM, Zapier, Make or n8n.",
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const endpoints = await listWebhookEndpoints(context.db, user.id);
  // ?delete=<id> asks to confirm deleting one of the account's own endpoints.
  const deleteId = new URL(request.url).searchParams.get("delete");
  const confirmDelete = deleteId ? endpoints.find((e) => e.id === deleteId) : undefined;
  if (deleteId && !confirmDelete) throw data({ error: "Webhook endpoint not found" }, { status: 404 });
  return {
    endpoints,
    limit: WEBHOOK_ENDPOINT_LIMIT,
    confirmDelete: confirmDelete ? { id: confirmDelete.id, url: confirmDelete.url } : null,
    path: INTEGRATIONS_PATH,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  return handleIntegrationsAction(context, user, form);
}

export default function Integrations({ loaderData, actionData }: Route.ComponentProps) {
  return <IntegrationsSettings data={loaderData} actionData={actionData} />;
}
