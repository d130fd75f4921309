// Settings → Integrations, and a company's Integrations tab: the form posts, one intent each. Every intent but
// 'add' names an endpoint, which must be the owner's (the account's own, or the company's): anyone else's id gets
// 404 and changes nothing.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AddWebhookEndpointSchema } from "~/schemas/webhooks";
import { isUuid } from "~/utils/ids";
import type { SessionUser } from "../accounts/session.server";
import type { Config } from "../platform/env.server";
import { unknownIntent } from "../platform/forms.server";
import { redirectWithToast, refuseWithToast } from "../platform/toast.server";
import {
  addWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  queueTestEvent,
  setWebhookEndpointEnabled,
  WEBHOOK_ENDPOINT_LIMIT,
  WebhookError,
  WebhookLimited,
  WebhookNotFound,
  type WebhookOwner,
} from "./webhooks.server";

export const INTEGRATIONS_PATH = "/dashboard/settings/integrations";
const NOT_FOUND = "Webhook endpoint not found";

interface IntegrationsContext {
  db: import("../platform/db.server").Database;
  config: Config;
  pokeWebhooks: () => void;
}

/** The owner's endpoints as the page shows them; ?delete=<id> asks to confirm deleting one of them (else 404). */
export async function loadIntegrations(db: IntegrationsContext["db"], owner: WebhookOwner, request: Request) {
  const endpoints = await listWebhookEndpoints(db, owner);
  const deleteId = new URL(request.url).searchParams.get("delete");
  const confirmDelete = deleteId ? endpoints.find((e) => e.id === deleteId) : undefined;
  if (deleteId && !confirmDelete) throw data({ error: NOT_FOUND }, { status: 404 });
  return {
    endpoints,
    limit: WEBHOOK_ENDPOINT_LIMIT,
    confirmDelete: confirmDelete ? { id: confirmDelete.id, url: confirmDelete.url } : null,
  };
}

/**
 * `scope` is whose endpoints the page shows and where it is: the account's own by default, or a company's (the
 * route checked the poster manages it).
 */
export async function handleIntegrationsAction(
  context: IntegrationsContext,
  user: SessionUser,
  form: FormData,
  scope: { owner: WebhookOwner; path: string } = { owner: user.id, path: INTEGRATIONS_PATH },
) {
  const { owner, path: INTEGRATIONS_PATH } = scope;
  switch (form.get("intent")) {
    case "add-endpoint":
      return addEndpoint(context, user, owner, form);
    case "send-test":
      return onEndpoint(form, async (id) => {
        await queueTestEvent(context.db, owner, id);
        context.pokeWebhooks();
        return redirectWithToast(INTEGRATIONS_PATH, {
          type: "success",
          title: "Test event sent",
          description: "It appears under Recent deliveries once the endpoint has answered.",
        });
      });
    case "set-enabled":
      return onEndpoint(form, async (id) => {
        const enabled = form.get("enabled") === "true";
        await setWebhookEndpointEnabled(context.db, owner, id, enabled);
        return redirectWithToast(INTEGRATIONS_PATH, {
          type: "success",
          title: enabled ? "Endpoint turned on" : "Endpoint turned off",
        });
      });
    case "delete-endpoint":
      return onEndpoint(form, async (id) => {
        await deleteWebhookEndpoint(context.db, owner, id);
        return redirectWithToast(INTEGRATIONS_PATH, { type: "success", title: "Endpoint deleted" });
      });
    default:
      return unknownIntent();
  }
}

async function addEndpoint(
  context: IntegrationsContext,
  user: SessionUser,
  owner: WebhookOwner,
  form: FormData,
) {
  const submission = parseWithZod(form, { schema: AddWebhookEndpointSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const endpoint = await addWebhookEndpoint(context.db, owner, submission.value.url, {
      authSecret: context.config.authSecret,
      allowedHosts: context.config.webhooks.allowedHosts,
      addedBy: user.id,
    });
    // Not a redirect: the secret is shown in this answer only, and never again.
    return data({ result: submission.reply({ resetForm: true }), created: endpoint });
  } catch (error) {
    if (!(error instanceof WebhookError)) throw error;
    return data({ result: submission.reply({ fieldErrors: { url: [error.message] } }) }, { status: 400 });
  }
}

/** Runs `act` on the posted endpoint id; 404 for an id that is not the poster's (or not an id at all). */
async function onEndpoint(form: FormData, act: (id: string) => Promise<Response>) {
  const id = form.get("endpointId");
  if (typeof id !== "string" || !isUuid(id)) return refuseWithToast(NOT_FOUND, 404);
  try {
    return await act(id);
  } catch (error) {
    if (error instanceof WebhookNotFound) return refuseWithToast(NOT_FOUND, 404);
    if (error instanceof WebhookLimited) return refuseWithToast(error.message, 429);
    if (error instanceof WebhookError) return refuseWithToast(error.message, 400);
    throw error;
  }
}
