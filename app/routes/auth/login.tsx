import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { AuthCard, SocialButtons } from "~/components/auth/auth-card";
import { TwoFactorCodeForm } from "~/components/auth/two-factor-code-form";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { getSessionUser } from "~/server/accounts/session.server";
import { handleLoginAction } from "~/server/accounts/sign-in-actions.server";
import { configuredSocialProviders } from "~/server/accounts/social-login.server";
import { readFormData } from "~/server/platform/forms.server";
import { getFormProps, getInputProps, useForm } from "~/utils/form";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Log in",
    description: "Log in to your TapCard account to manage your cards, links and orders.",
    path: "/login",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (user) throw redirect(user.role === "admin" ? "/admin-dashboard" : "/dashboard");
  return { socialProviders: configuredSocialProviders(context.config) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleLoginAction(context, request, await readFormData(request));
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
      <p className="text-center text-sm">
        <Link to="/login/company" className="font-semibold text-brand-700 underline">
          Sign in with your company
        </Link>
      </p>
      <p className="text-center text-sm text-slate-600">
        New here?{" "}
        <Link to="/register" className="font-semibold text-brand-700 underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
