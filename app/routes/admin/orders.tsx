// Admin Orders section: the order list, one order's details and the update requests waiting for review.
import { OrdersSection } from "~/components/admin/orders-section";
import { requireAdmin } from "~/server/accounts/session.server";
import { readFormData } from "~/server/platform/forms.server";
import { handleOrdersSectionAction, loadOrdersSection } from "~/server/shop/admin-orders-actions.server";
import type { Route } from "./+types/orders";

export const meta = () => [{ title: "Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return loadOrdersSection(context.db, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await readFormData(request);
  return handleOrdersSectionAction(context.db, form, {
    admin,
    config: context.config,
    pokeOutbox: context.pokeOutbox,
  });
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersSection data={loaderData} />;
}
