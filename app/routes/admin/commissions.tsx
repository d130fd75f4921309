// Admin Commissions section: what each referrer is owed, 'Mark paid out', and the ledger with filters and a
// CSV export.
import { CommissionsSection } from "~/components/admin/commissions-section";
import { requireAdmin } from "~/server/accounts/session.server";
import { readFormData } from "~/server/platform/forms.server";
import { loadCommissionsSection } from "~/server/referrals/admin-commissions.server";
import { handleCommissionsAction } from "~/server/referrals/admin-commissions-actions.server";
import type { Route } from "./+types/commissions";

export const meta = () => [{ title: "Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return loadCommissionsSection(context.db, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await readFormData(request);
  return handleCommissionsAction(context.db, admin, form);
}

export default function AdminCommissions({ loaderData, actionData }: Route.ComponentProps) {
  const payout = actionData && "result" in actionData ? actionData : undefined;
  return <CommissionsSection data={loaderData} actionData={payout} />;
}
