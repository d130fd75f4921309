// Settings, Profile tab: the customer's name, bio, location, profile photo and e-mail address, each saved on
// the server (strict intents: profile, avatar, email).
import { useLocation } from "react-router";
import { AvatarForm, EmailForm, ProfileDetailsForm } from "~/components/dashboard/profile-settings";
import { loadProfile } from "~/server/accounts/profile.server";
import { handleProfileAction } from "~/server/accounts/profile-actions.server";
import { requireUser } from "~/server/accounts/session.server";
import { readFormData } from "~/server/platform/forms.server";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/profile";

export const meta = () => privatePage("Profile settings", "Your name, photo, bio and e-mail address.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const profile = await loadProfile(context.db, user.id);
  // Where a confirmed e-mail change lands (/email-change).
  const confirmed = new URL(request.url).searchParams.get("email") === "confirmed";
  const notice = confirmed
    ? { tone: "success" as const, text: `Your account's e-mail address is now ${profile.email}.` }
    : null;
  return { profile, notice };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  return handleProfileAction(context, request, user, form);
}

export default function ProfileSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, notice } = loaderData;
  const location = useLocation();
  const resultFor = (intent: string) =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : undefined;
  return (
    // Keyed by the location, so every form starts again from what was saved after each save.
    <div key={location.key} className="space-y-6">
      <AvatarForm image={profile.image} lastResult={resultFor("avatar")} />
      <ProfileDetailsForm
        defaults={{
          firstName: profile.firstName,
          lastName: profile.lastName,
          bio: profile.bio,
          location: profile.location,
        }}
        lastResult={resultFor("profile")}
      />
      <EmailForm
        email={profile.email}
        twoFactor={profile.twoFactor}
        notice={notice}
        lastResult={resultFor("email")}
      />
    </div>
  );
}
