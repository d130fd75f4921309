// The unsubscribe link of the weekly digests: works without signing in. Opening it only asks (mail scanners
// open links on their own); the button turns the digests off.
import { data, Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import {
  unsubscribeAccount,
  unsubscribeFromDigests,
} from "~/server/accounts/notification-preferences.server";
import { readFormData, unknownIntent } from "~/server/platform/forms.server";
import type { Route } from "./+types/unsubscribe";

export const meta = () => [
  { title: "Unsubscribe from weekly digests" },
  { name: "robots", content: "noindex" },
];

const INVALID =
  "This unsubscribe link is not valid. You can turn the digests off in Settings after logging in.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const account = await unsubscribeAccount(context.db, context.config.authSecret, token);
  if (!account) return data({ state: "invalid" as const, token: null, email: null }, { status: 400 });
  return { state: "ask" as const, token, email: account.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  switch (form.get("intent")) {
    case "unsubscribe": {
      const done = await unsubscribeFromDigests(context.db, context.config.authSecret, form.get("token"));
      if (!done) return data({ unsubscribed: false as const, error: INVALID }, { status: 400 });
      return { unsubscribed: true as const };
    }
    default:
      return unknownIntent();
  }
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData && "unsubscribed" in actionData) {
    return (
      <AuthCard title="Unsubscribe from weekly digests">
        {actionData.unsubscribed ? (
          <FormMessage tone="success">
            You have been unsubscribed. You will no longer receive weekly digests.
          </FormMessage>
        ) : (
          <FormMessage>{INVALID}</FormMessage>
        )}
        <SettingsLink />
      </AuthCard>
    );
  }
  if (loaderData.state === "invalid") {
    return (
      <AuthCard title="Unsubscribe from weekly digests">
        <FormMessage>{INVALID}</FormMessage>
        <SettingsLink />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Unsubscribe from weekly digests"
      intro={`Stop the weekly Card Taps and Link Clicks digests sent to ${loaderData.email}?`}
    >
      <Form method="post">
        <input type="hidden" name="intent" value="unsubscribe" />
        <input type="hidden" name="token" value={loaderData.token ?? ""} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Unsubscribing..." : "Unsubscribe"}
        </Button>
      </Form>
      <SettingsLink />
    </AuthCard>
  );
}

function SettingsLink() {
  return (
    <p className="text-sm text-slate-600">
      Your other e-mail choices are in{" "}
      <Link to="/dashboard/settings/notifications" className="font-semibold text-brand-700 underline">
        Settings, Notifications
      </Link>
      .
    </p>
  );
}
