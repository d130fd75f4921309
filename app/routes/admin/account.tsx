// The signed-in admin's own account: password, two-factor authentication and other sessions; and a link to the
// shop's settings (the default design for new cards).
import { Link } from "react-router";
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
      <section className="mt-10" aria-labelledby="shop-settings">
        <h2 id="shop-settings" className="mb-2 text-xl font-bold text-slate-900">
          Shop settings
        </h2>
        <p className="text-slate-600">
          <Link to="/admin-dashboard/default-design" className="font-semibold text-brand-700 underline">
            Default design for new cards
          </Link>
          : the theme, colour, buttons and font every new card page starts in.
        </p>
      </section>
    </>
  );
}
