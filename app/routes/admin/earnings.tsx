// Admin Earnings section: revenue and order counts per month. Read only: it has no action.
import { EarningsSection } from "~/components/admin/earnings-section";
import { requireAdmin } from "~/server/accounts/session.server";
import { loadEarningsSection } from "~/server/shop/admin-orders-actions.server";
import type { Route } from "./+types/earnings";

export const meta = () => [{ title: "Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return loadEarningsSection(context.db);
}

export default function AdminEarnings({ loaderData }: Route.ComponentProps) {
  return <EarningsSection data={loaderData} />;
}
