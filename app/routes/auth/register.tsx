import { Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, SocialButtons } from "~/components/auth/auth-card";
import { TermsCheckbox } from "~/components/auth/terms-checkbox";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { handleRegisterAction } from "~/server/accounts/registration-actions.server";
import { getSessionUser } from "~/server/accounts/session.server";
import { configuredSocialProviders } from "~/server/accounts/social-login.server";
import { readFormData } from "~/server/platform/forms.server";
import { getFormProps, getInputProps, useForm } from "~/utils/form";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Create an account",
    description: "Create a TapCard account to manage your cards, edit your links and see who taps them.",
    path: "/register",
  });

const SUCCESS = "Registration successful, please check your email to verify your account.";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getSessionUser(context, request)) throw redirect("/dashboard");
  return { socialProviders: configuredSocialProviders(context.config) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleRegisterAction(context, request, await readFormData(request));
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "social";
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const [form, fields] = useForm({
    lastResult: result,
  });
  if (actionData && "registered" in actionData) {
    return (
      <AuthCard title="Check your email">
        <FormMessage tone="success">{SUCCESS}</FormMessage>
        <p className="text-sm text-slate-600">
          Already verified?{" "}
          <Link to="/login" className="font-semibold text-brand-700 underline">
            Log in
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Create an account" intro="Register to manage your cards, links and referrals.">
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      {actionData && "socialError" in actionData ? <FormMessage>{actionData.socialError}</FormMessage> : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate>
        <Field
          label="Full name"
          autoComplete="name"
          {...getInputProps(fields.name, { type: "text" })}
          errors={fields.name.errors}
        />
        <Field
          label="Email"
          autoComplete="email"
          {...getInputProps(fields.email, { type: "email" })}
          errors={fields.email.errors}
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
          {busy ? "Creating account..." : "Create account"}
        </Button>
      </Form>
      <SocialButtons providers={loaderData.socialProviders} />
      <p className="text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link to="/login" className="font-semibold text-brand-700 underline">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
