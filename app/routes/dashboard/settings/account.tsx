// Settings, Account tab: password, two-factor authentication, other sessions and deleting the account.
import { AccountSettings } from "~/components/account/account-settings";
import { handleAccountAction } from "~/server/accounts/account-actions.server";
import { loadAccountSettings } from "~/server/accounts/account-settings.server";
import { requireUser } from "~/server/accounts/session.server";
import { leaveEveryCompany } from "~/server/companies/member-cards.server";
import { readFormData } from "~/server/platform/forms.server";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/account";

export const meta = () =>
  privatePage("Account settings", "Your password, two-factor sign-in and account deletion.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return loadAccountSettings(context, request, user);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  return handleAccountAction(context, request, user, form, "/dashboard/settings/account", leaveEveryCompany);
}

export default function AccountSettingsTab({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountSettings data={loaderData} answer={actionData} />;
}
