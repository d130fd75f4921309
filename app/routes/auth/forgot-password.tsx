import { Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { handleForgotPasswordAction } from "~/server/accounts/password-reset-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import { getFormProps, getInputProps, useForm } from "~/utils/form";
import type { Route } from "./+types/forgot-password";

export const meta = () => [{ title: "Forgot password" }];

export async function action({ request, context }: Route.ActionArgs) {
  return handleForgotPasswordAction(context, request, await readFormData(request));
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
  });
  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter your e-mail and we will send you a link to choose a new one."
    >
      {actionData && "sent" in actionData ? (
        <FormMessage tone="success">
          If an account exists for that e-mail address, we have sent a link to reset the password.
        </FormMessage>
      ) : null}
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate>
        <Field
          label="Email"
          autoComplete="email"
          {...getInputProps(fields.email, { type: "email" })}
          errors={fields.email.errors}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
      <p className="text-center text-sm">
        <Link to="/login" className="font-semibold text-brand-700 underline">
          Back to log in
        </Link>
      </p>
    </AuthCard>
  );
}
