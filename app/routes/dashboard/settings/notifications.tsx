// Settings, Notifications tab: which e-mails the customer receives. 'Email Notifications' is the master switch
// for non-essential e-mail (the weekly digests, new contacts, marketing); order, payment and account e-mails always go out.

import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { NotificationPreferencesSchema } from "~/schemas/notifications";
import {
  getNotificationPreferences,
  saveNotificationPreferences,
} from "~/server/accounts/notification-preferences.server";
import { requireUser } from "~/server/accounts/session.server";
import { readFormData, unknownIntent } from "~/server/platform/forms.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { getFormProps, getInputProps, useForm } from "~/utils/form";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/notifications";

export const meta = () =>
  privatePage("Notifications settings", "Which e-mails TapCard sends you, such as the weekly digest.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return { preferences: await getNotificationPreferences(context.db, user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  switch (form.get("intent")) {
    case "save": {
      const submission = parseWithZod(form, { schema: NotificationPreferencesSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      await saveNotificationPreferences(context.db, user.id, submission.value);
      return redirectWithToast("/dashboard/settings/notifications", {
        type: "success",
        title: "Notification preferences saved",
      });
    }
    default:
      return unknownIntent();
  }
}

const TOGGLES = [
  {
    name: "emailNotifications",
    label: "Email Notifications",
    description:
      "Non-essential e-mail from us, such as the weekly digests below. Order, payment and account e-mails are always sent.",
  },
  {
    name: "cardTapsDigest",
    label: "Card Taps",
    description:
      "A weekly e-mail with how often each of your cards was tapped, scanned or opened from a link.",
  },
  {
    name: "linkClicksDigest",
    label: "Link Clicks",
    description: "A weekly e-mail with the most clicked links on each of your cards.",
  },
  {
    name: "newContactEmails",
    label: "New Contacts",
    description:
      "An e-mail when someone shares their details with you from one of your cards (at most 20 an hour; the rest are counted in the next one).",
  },
  {
    name: "marketingUpdates",
    label: "Marketing Updates",
    description:
      "I agree to receive news and offers by e-mail. Off until you tick it; you can withdraw at any time.",
  },
] as const;

export default function NotificationsSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { preferences } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useForm({
    // A fresh form after each save, so the boxes show what the server now holds.
    id: `notifications-${JSON.stringify(preferences)}`,
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: Object.fromEntries(
      Object.entries(preferences).map(([name, on]) => [name, on ? "on" : undefined]),
    ),
  });
  return (
    <section aria-labelledby="notifications-heading" className="max-w-2xl">
      <h2 id="notifications-heading" className="text-lg font-bold text-slate-900">
        Notifications
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Choose the e-mails you receive. Weekly digests cover Monday to Sunday and are sent once the week is
        over, when something happened on your cards. Each one has a link to stop them.
      </p>
      {!preferences.emailNotifications ? (
        <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Email Notifications is off, so no weekly digest, new contact or marketing e-mail is sent.
        </p>
      ) : null}
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="save" />
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {TOGGLES.map((toggle) => {
            const field = fields[toggle.name];
            const descriptionId = `${field.id}-description`;
            return (
              <li key={toggle.name} className="flex items-start gap-3 p-4">
                <input
                  className="mt-1 h-5 w-5 shrink-0 accent-brand-600"
                  {...getInputProps(field, { type: "checkbox" })}
                  aria-describedby={descriptionId}
                />
                <div>
                  <label htmlFor={field.id} className="font-medium text-slate-900">
                    {toggle.label}
                  </label>
                  <p id={descriptionId} className="text-sm text-slate-600">
                    {toggle.description}
                  </p>
                  <FieldError errors={field.errors} />
                </div>
              </li>
            );
          })}
        </ul>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save preferences"}
        </Button>
      </Form>
    </section>
  );
}
