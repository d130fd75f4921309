import { Form, redirect, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { TwoFactorCodeForm } from "~/components/auth/two-factor-code-form";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { getSessionUser } from "~/server/accounts/session.server";
import { handleAdminLoginAction } from "~/server/accounts/sign-in-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import { getFormProps, getInputProps, useForm } from "~/utils/form";
import type { Route } from "./+types/admin-login";

export const meta = () => [{ title: "Admin login" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (user?.role === "admin") throw redirect("/admin-dashboard");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleAdminLoginAction(context, request, await readFormData(request));
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
  });
  if (actionData && "step" in actionData)
    return (
      <AuthCard title="Two-factor authentication">
        <TwoFactorCodeForm lastResult={actionData.codeResult} startOver="/admin-login" />
      </AuthCard>
    );
  return (
    <AuthCard title="Admin login" intro="For shop administrators.">
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate>
        <Field
          label="Email"
          autoComplete="username"
          {...getInputProps(fields.email, { type: "email" })}
          errors={fields.email.errors}
        />
        <Field
          label="Password"
          autoComplete="current-password"
          {...getInputProps(fields.password, { type: "password" })}
          errors={fields.password.errors}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Logging in..." : "Log in"}
        </Button>
      </Form>
    </AuthCard>
  );
}
