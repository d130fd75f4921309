// The signed-in admin's own account: password, two-factor authentication and other sessions.
import { AccountSettings } from "~/components/account/account-settings";
import { handleAccountAction } from "~/server/accounts/account-actions.server";
import { loadAccountSettings } from "~/server/accounts/account-settings.server";
import { requireAdmin } from "~/server/accounts/session.server";
import { readFormData } from "~/server/platform/forms.server";
import type { Route } from "./+types/account";

export const meta = () => [{ title: "Admin account" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context, request);
  return loadAccountSettings(context, request, admin);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await readFormData(request);
  return handleAccountAction(context, request, admin, form, "/admin-dashboard/account");
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h2 className="mb-4 text-xl font-bold text-slate-900">Your account</h2>
      <AccountSettings data={loaderData} answer={actionData} />
    </>
  );
}
