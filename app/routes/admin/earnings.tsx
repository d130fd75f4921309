// Admin Earnings section: revenue and order counts per month. Read only: it has no action.
import { EarningsTab } from "~/components/admin/earnings-tab";
import { requireAdmin } from "~/server/accounts/auth.server";
import { loadEarningsTab } from "~/server/shop/admin-orders-actions.server";
import type { Route } from "./+types/earnings";

export const meta = () => [{ title: "Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return loadEarningsTab(context.db);
}

export default function AdminEarnings({ loaderData }: Route.ComponentProps) {
  return <EarningsTab data={loaderData} />;
}
