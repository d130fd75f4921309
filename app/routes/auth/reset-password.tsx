import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { handleResetPasswordAction } from "~/server/accounts/password-reset-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import { getFormProps, getInputProps, useForm } from "~/utils/form";
import type { Route } from "./+types/reset-password";

export const meta = () => [{ title: "Choose a new password" }];

export async function action({ request, context }: Route.ActionArgs) {
  return handleResetPasswordAction(context, request, await readFormData(request));
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get("token");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult: actionData?.result,
  });
  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <FormMessage>This reset link is invalid or has expired. Please ask for a new one.</FormMessage>
        <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
          Send a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="token" value={token} />
        <Field
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...getInputProps(fields.password, { type: "password" })}
          errors={fields.password.errors}
        />
        <Field
          label="Confirm new password"
          autoComplete="new-password"
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          errors={fields.confirmPassword.errors}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Saving..." : "Save new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
