// The link of an invitation to a company. Opening it only shows the invitation (mail scanners open links on their
// own); the invited person accepts or declines it signed in with the invited address.
import { data, Form, Link } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { ROLE_NAMES } from "~/components/dashboard/companies";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { getSessionUser, requireUser } from "~/server/accounts/session.server";
import { handleInvitationAction, invitationPage } from "~/server/companies/invitations.server";
import { readFormData } from "~/server/platform/forms.server";
import type { Route } from "./+types/invitation";

export const meta = () => [{ title: "Invitation to a company" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  const page = await invitationPage(context.db, params.id, user);
  return page.state === "gone" ? data(page, { status: 404 }) : page;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  return handleInvitationAction(context, request, user, params.id, form);
}

const TITLE = "Invitation to a company";

export default function Invitation({ loaderData, actionData, params }: Route.ComponentProps) {
  const here = `/invitations/${params.id}`;
  if (loaderData.state === "gone")
    return (
      <AuthCard title={TITLE}>
        <FormMessage>{loaderData.message}</FormMessage>
        <p className="mt-4 text-sm text-slate-700">Ask the company's admin to send you a new one.</p>
      </AuthCard>
    );
  const { invitation } = loaderData;
  const refusal = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <AuthCard title={TITLE}>
      <p className="text-slate-800">
        {invitation.inviter} invited <strong className="break-all">{invitation.email}</strong> to join{" "}
        <strong>{invitation.company}</strong> as{" "}
        {ROLE_NAMES[invitation.role as keyof typeof ROLE_NAMES] ?? "Member"}.
      </p>
      {refusal ? (
        <div className="mt-4">
          <FormMessage>{refusal}</FormMessage>
        </div>
      ) : null}
      {loaderData.state === "sign-in" ? (
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to={`/login?redirectTo=${encodeURIComponent(here)}`}>Log in to accept</ButtonLink>
          <ButtonLink to="/register" variant="secondary">
            Create an account
          </ButtonLink>
        </div>
      ) : null}
      {loaderData.state === "wrong-account" ? (
        <div className="mt-4 space-y-4">
          <FormMessage>{loaderData.message}</FormMessage>
          <Form method="post" action="/logout">
            <Button type="submit" variant="secondary">
              Logout
            </Button>
          </Form>
        </div>
      ) : null}
      {loaderData.state === "ready" ? (
        <div className="mt-6 flex flex-wrap gap-3">
          <Form method="post">
            <Button type="submit" name="intent" value="accept">
              Accept invitation
            </Button>
          </Form>
          <Form method="post">
            <Button type="submit" name="intent" value="decline" variant="secondary">
              Decline
            </Button>
          </Form>
        </div>
      ) : null}
      <p className="mt-6 text-sm">
        <Link to="/dashboard" className="font-semibold text-brand-700 underline">
          Go to your dashboard
        </Link>
      </p>
    </AuthCard>
  );
}
