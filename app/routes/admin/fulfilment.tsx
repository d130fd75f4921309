// Admin 'To write and post' section: the cards of paid orders to write and post, and the posted orders to mark
// delivered (docs/product.md#fulfilment).
import { FulfilmentSection } from "~/components/admin/fulfilment-section";
import { requireAdmin } from "~/server/accounts/session.server";
import { readFormData } from "~/server/platform/forms.server";
import { handleFulfilmentAction } from "~/server/shop/fulfilment-actions.server";
import { loadFulfilment } from "~/server/shop/fulfilment-queue.server";
import type { Route } from "./+types/fulfilment";

export const meta = () => [{ title: "To write and post · Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return loadFulfilment(context.db, context.config.publicUrl);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await readFormData(request);
  return handleFulfilmentAction(context.db, form, {
    admin,
    config: context.config,
    pokeOutbox: context.pokeOutbox,
  });
}

export default function AdminFulfilment({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FulfilmentSection
      data={loaderData}
      postErrors={actionData && "errors" in actionData ? actionData : undefined}
    />
  );
}
