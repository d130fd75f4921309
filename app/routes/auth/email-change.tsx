// The two links of an e-mail change: the new address confirms it, the old address stops (or undoes) it. Both
// work without signing in. Opening a link only asks (mail scanners open links on their own); the buttons act.
import { data, Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { EMAIL_CHANGE_MESSAGES, findEmailChangeLink } from "~/server/accounts/email-change.server";
import { handleEmailChangeAction } from "~/server/accounts/email-change-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import type { Route } from "./+types/email-change";

export const meta = () => [{ title: "Change of e-mail address" }, { name: "robots", content: "noindex" }];

/** The page holds a secret link: never kept by a browser or proxy cache. */
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const link = await findEmailChangeLink(context.db, token);
  if (!link.ok)
    return data(
      { state: "problem" as const, message: EMAIL_CHANGE_MESSAGES[link.problem] },
      { status: link.problem === "unknown" ? 404 : 410 },
    );
  return {
    state: link.kind,
    token: token ?? "",
    newEmail: link.newEmail,
    confirmed: link.confirmed,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleEmailChangeAction(context, await readFormData(request));
}

const TITLE = "Change of e-mail address";

export default function EmailChange({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData && "done" in actionData) {
    return (
      <AuthCard title={TITLE}>
        <FormMessage tone={actionData.done ? "success" : "error"}>{actionData.message}</FormMessage>
        {actionData.done ? (
          <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
            Choose a new password
          </Link>
        ) : null}
      </AuthCard>
    );
  }
  if (loaderData.state === "problem") {
    return (
      <AuthCard title={TITLE}>
        <FormMessage>{loaderData.message}</FormMessage>
        <Link to="/dashboard/settings" className="font-semibold text-brand-700 underline">
          Go to Settings
        </Link>
      </AuthCard>
    );
  }
  const confirm = loaderData.state === "confirm";
  const intro = confirm
    ? `Make ${loaderData.newEmail} your account's e-mail address? You then log in with it.`
    : loaderData.confirmed
      ? `Your account's e-mail address was changed to ${loaderData.newEmail}. If this was not you, undo it: your previous address comes back, every session of your account is signed out, and you choose a new password with a reset link.`
      : `Someone asked to change your account's e-mail address to ${loaderData.newEmail}. If this was not you, stop it: every session of your account is signed out too, and you choose a new password with a reset link.`;
  return (
    <AuthCard title={TITLE} intro={intro}>
      <Form method="post">
        <input type="hidden" name="intent" value={confirm ? "confirm" : "stop"} />
        <input type="hidden" name="token" value={loaderData.token} />
        <Button type="submit" className="w-full" disabled={busy}>
          {confirm
            ? busy
              ? "Confirming..."
              : "Confirm new e-mail"
            : busy
              ? "Stopping..."
              : loaderData.confirmed
                ? "Undo the e-mail change"
                : "Stop the e-mail change"}
        </Button>
      </Form>
    </AuthCard>
  );
}
