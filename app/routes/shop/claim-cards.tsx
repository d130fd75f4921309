// The one-time link of a guest order's confirmation e-mail: puts the order's card pages on the signed-in account,
// or on a new account for the order's e-mail. Opening the link changes nothing; only the buttons do.

import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { TermsCheckbox } from "~/components/auth/terms-checkbox";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { ClaimAccountSchema } from "~/schemas/claim-link";
import { callAuth } from "~/server/accounts/auth.server";
import { ACCOUNT_LIMITS } from "~/server/accounts/limits.server";
import { getSessionUser, requireUser } from "~/server/accounts/session.server";
import { readFormData, unknownIntent } from "~/server/platform/forms.server";
import { hitRateLimit } from "~/server/platform/rate-limit.server";
import { addressKey } from "~/server/platform/rate-limit-address.server";
import { redirectWithToast, refuseWithToast, toastHeaders } from "~/server/platform/toast.server";
import {
  CLAIM_LINK_MESSAGES,
  createAccountForClaim,
  findClaimLink,
  type RedeemOutcome,
  redeemClaimLink,
} from "~/server/shop/card-claims.server";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "~/utils/form";
import type { Route } from "./+types/claim-cards";

export const meta = () => [{ title: "Add your cards to an account" }, { name: "robots", content: "noindex" }];

const CUSTOMERS_ONLY = "Cards can only be added to a customer account. Please log in as a customer.";
const NONE_LEFT = "The cards of this order already belong to an account, so none was added.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await findClaimLink(context.db, token);
  if (!found.ok)
    return data(
      { state: "problem" as const, message: CLAIM_LINK_MESSAGES[found.problem] },
      { status: found.problem === "unknown" ? 404 : 410 },
    );
  const user = await getSessionUser(context, request);
  const { link } = found;
  return {
    state: "open" as const,
    token,
    email: link.email,
    name: link.customerName,
    orderNumber: link.orderNumber,
    cards: link.cards.map((c) => ({
      cardNumber: c.cardNumber,
      name: c.name,
      taken: c.ownerUserId !== null && c.ownerUserId !== user?.id,
    })),
    user: user ? { email: user.email, isCustomer: user.role === "customer" } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const token = form.get("token");
  switch (form.get("intent")) {
    case "claim": {
      const user = await requireUser(context, request);
      // Cards belong to customer accounts, never to an admin's (as on the admin's Owner field).
      if (user.role !== "customer") return refuseWithToast(CUSTOMERS_ONLY, 403);
      return afterRedeem(await redeemClaimLink(context.db, token, user.id));
    }
    case "register":
      return registerAndClaim(request, context, form, token);
    default:
      return unknownIntent();
  }
}

async function afterRedeem(outcome: RedeemOutcome, headers = new Headers()) {
  if (!outcome.ok) return refuseWithToast(CLAIM_LINK_MESSAGES[outcome.problem], 410);
  if (outcome.added.length === 0) return refuseWithToast(NONE_LEFT, 409);
  return redirectWithToast(
    "/dashboard/cards",
    {
      type: "success",
      title: outcome.added.length === 1 ? "Card added to your account" : "Cards added to your account",
      description: outcome.added.join(", "),
    },
    { headers },
  );
}

async function registerAndClaim(
  request: Request,
  context: Route.ActionArgs["context"],
  form: FormData,
  token: FormDataEntryValue | null,
) {
  if (await getSessionUser(context, request)) return refuseWithToast("You are already logged in.", 400);
  const submission = parseWithZod(form, { schema: ClaimAccountSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const found = await findClaimLink(context.db, token);
  if (!found.ok) return refuseWithToast(CLAIM_LINK_MESSAGES[found.problem], 410);
  const limit = await hitRateLimit(
    context.db,
    `register:ip:${addressKey(context.clientIp)}`,
    ACCOUNT_LIMITS.register,
  );
  if (!limit.allowed)
    return data(
      {
        result: submission.reply({
          formErrors: ["Too many registrations from your network. Please try again later."],
        }),
      },
      { status: 429 },
    );
  const { name, password } = submission.value;
  const account = await createAccountForClaim(context.db, context.auth, {
    email: found.link.email,
    name,
    password,
  });
  if (!account.ok)
    return data(
      {
        result: submission.reply({
          formErrors: ["An account with this e-mail address already exists. Please log in to add the cards."],
          hideFields: ["password"],
        }),
      },
      { status: 409 },
    );
  const outcome = await redeemClaimLink(context.db, token, account.userId);
  const session = await callAuth(() =>
    context.auth.api.signInEmail({
      body: { email: found.link.email, password },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (!outcome.ok || outcome.added.length === 0) {
    // The account exists and is signed in; only the cards were gone.
    await toastHeaders(
      {
        type: "error",
        title: "Error",
        description: outcome.ok ? NONE_LEFT : CLAIM_LINK_MESSAGES[outcome.problem],
      },
      session.headers,
    );
    return redirect("/dashboard", { headers: session.headers });
  }
  return afterRedeem(outcome, session.headers);
}

export default function ClaimCards({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  if (loaderData.state === "problem") {
    return (
      <AuthCard title="Add your cards to an account">
        <FormMessage>{loaderData.message}</FormMessage>
        <p className="text-sm text-slate-600">
          Cards you own are in{" "}
          <Link to="/dashboard/cards" className="font-semibold text-brand-700 underline">
            your dashboard
          </Link>
          .
        </p>
      </AuthCard>
    );
  }
  const { token, cards, user, orderNumber, email } = loaderData;
  const free = cards.filter((c) => !c.taken);
  const here = `/claim-cards?token=${encodeURIComponent(token)}`;
  return (
    <AuthCard
      title="Add your cards to an account"
      intro={`Order ${orderNumber} made ${cards.length === 1 ? "this card page" : "these card pages"}. Add ${cards.length === 1 ? "it" : "them"} to an account to see taps and clicks and manage the links.`}
    >
      <ul className="space-y-1 text-slate-800">
        {cards.map((card) => (
          <li key={card.cardNumber}>
            <span className="font-semibold">{card.cardNumber}</span> {card.name}
            {card.taken ? <span className="text-slate-600"> (already on another account)</span> : null}
          </li>
        ))}
      </ul>
      {error ? <FormMessage>{error}</FormMessage> : null}
      {free.length === 0 ? (
        <FormMessage>{NONE_LEFT}</FormMessage>
      ) : user && !user.isCustomer ? (
        <FormMessage>{CUSTOMERS_ONLY}</FormMessage>
      ) : user ? (
        <Form method="post" action={here} className="space-y-3">
          <input type="hidden" name="intent" value="claim" />
          <input type="hidden" name="token" value={token} />
          <p className="text-sm text-slate-600">
            You are logged in as {user.email}.{user.email !== email ? ` This link was sent to ${email}.` : ""}{" "}
            The cards will be added to this account. The link works once.
          </p>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Adding..." : "Add to my account"}
          </Button>
        </Form>
      ) : (
        <NewAccountForm
          token={token}
          here={here}
          email={email}
          name={loaderData.name}
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        />
      )}
    </AuthCard>
  );
}

function NewAccountForm({
  token,
  here,
  email,
  name,
  lastResult,
}: {
  token: string;
  here: string;
  email: string;
  name: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { name },
  });
  return (
    <>
      <div className="space-y-2">
        <p className="text-sm text-slate-600">Already have an account?</p>
        <ButtonLink
          to={`/login?redirectTo=${encodeURIComponent(here)}`}
          variant="secondary"
          className="w-full"
        >
          Log in to add the cards
        </ButtonLink>
      </div>
      <div className="flex items-center gap-3 text-sm text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        or create an account
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" action={here} className="space-y-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="register" />
        <input type="hidden" name="token" value={token} />
        <p className="text-sm text-slate-600">
          The account is for <span className="font-semibold">{email}</span>, the address this link was sent
          to.
        </p>
        <Field
          label="Full name"
          autoComplete="name"
          {...getInputProps(fields.name, { type: "text" })}
          errors={fields.name.errors}
        />
        <Field
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...getInputProps(fields.password, { type: "password" })}
          errors={fields.password.errors}
        />
        <TermsCheckbox field={fields.terms} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Creating account..." : "Create account and add the cards"}
        </Button>
      </Form>
    </>
  );
}
