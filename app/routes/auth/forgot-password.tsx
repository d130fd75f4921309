import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { ForgotPasswordSchema } from "~/schemas/auth";
import { callAuth } from "~/server/accounts/auth.server";
import { readFormData } from "~/server/platform/forms.server";
import { hitRateLimit, LIMITS } from "~/server/platform/rate-limit.server";
import { getFormProps, getInputProps, useForm } from "~/utils/form";
import type { Route } from "./+types/forgot-password";

export const meta = () => [{ title: "Forgot password" }];

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const limit = await hitRateLimit(context.db, `reset:ip:${context.clientIp}`, LIMITS.passwordReset);
  if (limit.allowed) {
    await callAuth(() =>
      context.auth.api.requestPasswordReset({
        body: { email: submission.value.email, redirectTo: "/reset-password" },
        headers: request.headers,
        asResponse: true,
      }),
    );
    context.pokeOutbox();
  }
  // The same answer whether or not the address has an account.
  return data({ sent: true as const });
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
