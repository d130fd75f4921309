// 'Sign in with your company': the e-mail address leads to the company's identity provider (OIDC or SAML).
import { Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import {
  COMPANY_LOGIN_ERRORS,
  COMPANY_LOGIN_FAILED,
  handleCompanyLoginAction,
} from "~/server/accounts/company-login.server";
import { getSessionUser } from "~/server/accounts/session.server";
import { readFormData } from "~/server/platform/forms.server";
import { getFormProps, getInputProps, useForm } from "~/utils/form";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/company-login";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Sign in with your company",
    description: "Sign in to TapCard through your company's own sign-in.",
    path: "/login/company",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (user) throw redirect(user.role === "admin" ? "/admin-dashboard" : "/dashboard");
  const error = new URL(request.url).searchParams.get("error");
  return { error: error ? (COMPANY_LOGIN_ERRORS[error] ?? COMPANY_LOGIN_FAILED) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleCompanyLoginAction(context, request, await readFormData(request));
}

export default function CompanyLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({ lastResult: actionData?.result });
  return (
    <AuthCard
      title="Sign in with your company"
      intro="Enter your work e-mail address: we send you to your company's sign-in."
    >
      {form.errors?.length ? (
        <FormMessage>{form.errors[0]}</FormMessage>
      ) : loaderData.error ? (
        <FormMessage>{loaderData.error}</FormMessage>
      ) : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate>
        <Field
          label="Work email"
          autoComplete="email"
          {...getInputProps(fields.email, { type: "email" })}
          errors={fields.email.errors}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Sending you to your company..." : "Continue"}
        </Button>
      </Form>
      <p className="text-center text-sm text-slate-600">
        <Link to="/login" className="font-semibold text-brand-700 underline">
          Log in with your password
        </Link>
      </p>
    </AuthCard>
  );
}
