// Admin Orders section: the order list, one order's details and the update requests waiting for review.
import { OrdersTab } from "~/components/admin/orders-tab";
import { requireAdmin } from "~/server/accounts/auth.server";
import { readFormData } from "~/server/platform/forms.server";
import { handleOrdersTabAction, loadOrdersTab } from "~/server/shop/admin-orders-actions.server";
import type { Route } from "./+types/orders";

export const meta = () => [{ title: "Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return loadOrdersTab(context.db, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await readFormData(request);
  return handleOrdersTabAction(context.db, form, {
    admin,
    config: context.config,
    pokeOutbox: context.pokeOutbox,
  });
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersTab data={loaderData} />;
}
