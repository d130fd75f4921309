import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { AuthCard, SocialButtons } from "~/components/auth/auth-card";
import { TwoFactorCodeForm } from "~/components/auth/two-factor-code-form";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { LoginSchema } from "~/schemas/auth";
import { callAuth, getSessionUser } from "~/server/accounts/auth.server";
import { configuredSocialProviders, startSocialLogin } from "~/server/accounts/social-login.server";
import { codeStep, handleSignInCodeForm, isTwoFactorChallenge } from "~/server/accounts/two-factor.server";
import { readFormData, safeRedirect } from "~/server/platform/forms.server";
import {
  checkSignInAttempt,
  recordFailedSignIn,
  recordSuccessfulSignIn,
  SIGN_IN_REFUSED,
} from "~/server/platform/rate-limit.server";
import { toastHeaders } from "~/server/platform/toast.server";
import { getFormProps, getInputProps, useForm } from "~/utils/form";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Log in",
    description: "Log in to your TapCard account to manage your cards, links and orders.",
    path: "/login",
  });

const LOGIN_MESSAGES = {
  invalid: "Invalid email or password",
  // Links are sent at most 3 times an hour (docs/security.md#rate-limits), so this does not promise a new one.
  notVerified:
    "Please verify your e-mail address first: open the link in the e-mail we sent you. We send a new link at most 3 times an hour.",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (user) throw redirect(user.role === "admin" ? "/admin-dashboard" : "/dashboard");
  return { socialProviders: configuredSocialProviders(context.config) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const home = (role: string | undefined) => (role === "admin" ? "/admin-dashboard" : "/dashboard");
  if (formData.get("intent") === "social")
    return startSocialLogin(context.auth, context.config, request, formData);
  // The second step when two-factor authentication is on: until it succeeds there is no session at all.
  if (formData.get("intent") === "two-factor") return handleSignInCodeForm(context, request, formData, home);

  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { email, password, redirectTo } = submission.value;

  const refused = await checkSignInAttempt(context.db, "sign-in", context.clientIp, email);
  if (refused)
    return data({ result: submission.reply({ formErrors: [SIGN_IN_REFUSED[refused]] }) }, { status: 429 });

  const result = await callAuth(() =>
    context.auth.api.signInEmail({
      body: { email, password, callbackURL: "/login?verified=1" },
      headers: request.headers,
      asResponse: true,
    }),
  );
  // The right password (two-factor's code step has its own limit): this attempt is not a failure.
  if (result.ok) await recordSuccessfulSignIn(context.db, "sign-in", context.clientIp);
  if (isTwoFactorChallenge(result)) return codeStep(result.headers, redirectTo);
  if (result.ok) {
    const user = result.body?.user as { role?: string } | undefined;
    await toastHeaders({ type: "success", title: "Login successful" }, result.headers);
    return redirect(safeRedirect(redirectTo, home(user?.role), context.config.publicUrl), {
      headers: result.headers,
    });
  }
  context.pokeOutbox(); // an unverified sign-in may queue a fresh verification link
  // An unverified address counts too: each such sign-in asks for a verification e-mail.
  await recordFailedSignIn(context.db, "sign-in", email);
  const message =
    result.body?.code === "EMAIL_NOT_VERIFIED" ? LOGIN_MESSAGES.notVerified : LOGIN_MESSAGES.invalid;
  return data(
    { result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
    { status: 401 },
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "social";
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const [form, fields] = useForm({
    lastResult: result,
  });
  const verifyError = params.get("error");
  if (actionData && "step" in actionData)
    return (
      <AuthCard title="Two-factor authentication">
        <TwoFactorCodeForm
          lastResult={actionData.codeResult}
          redirectTo={actionData.redirectTo}
          startOver="/login"
        />
      </AuthCard>
    );
  return (
    <AuthCard title="Log in" intro="Welcome back. Log in to manage your cards and links.">
      {params.get("verified") && !verifyError ? (
        <FormMessage tone="success">Your e-mail address is verified. You can log in now.</FormMessage>
      ) : null}
      {verifyError === "unable_to_create_session" ? (
        <FormMessage>
          Your account has two-factor authentication on. Please log in with your e-mail and password.
        </FormMessage>
      ) : verifyError ? (
        <FormMessage>
          This verification link is invalid or has expired. Log in to receive a new one.
        </FormMessage>
      ) : null}
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      {actionData && "socialError" in actionData ? <FormMessage>{actionData.socialError}</FormMessage> : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <Field
          label="Email"
          autoComplete="email"
          {...getInputProps(fields.email, { type: "email" })}
          errors={fields.email.errors}
        />
        <Field
          label="Password"
          autoComplete="current-password"
          {...getInputProps(fields.password, { type: "password" })}
          errors={fields.password.errors}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-medium text-brand-700 underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Logging in..." : "Log in"}
        </Button>
      </Form>
      <SocialButtons providers={loaderData.socialProviders} />
      <p className="text-center text-sm text-slate-600">
        New here?{" "}
        <Link to="/register" className="font-semibold text-brand-700 underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
