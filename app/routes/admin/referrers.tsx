// Admin Referrers section: which customers are featured in the cart's 'Referred by' selector.
import { ReferrersSection } from "~/components/admin/referrers-section";
import { requireAdmin } from "~/server/accounts/session.server";
import { readFormData } from "~/server/platform/forms.server";
import {
  handleReferrersSectionAction,
  loadReferrersSection,
} from "~/server/referrals/admin-referrers-actions.server";
import type { Route } from "./+types/referrers";

export const meta = () => [{ title: "Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return loadReferrersSection(context.db, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  return handleReferrersSectionAction(context.db, form);
}

export default function AdminReferrers({ loaderData }: Route.ComponentProps) {
  return <ReferrersSection data={loaderData} />;
}
