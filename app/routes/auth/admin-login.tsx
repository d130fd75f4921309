import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { TwoFactorCodeForm } from "~/components/auth/two-factor-code-form";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { AdminLoginSchema } from "~/schemas/auth";
import { callAuth, checkAdminPassword, getSessionUser } from "~/server/accounts/auth.server";
import { codeStep, handleSignInCodeForm, isTwoFactorChallenge } from "~/server/accounts/two-factor.server";
import { readFormData } from "~/server/platform/forms.server";
import {
  checkSignInAttempt,
  recordFailedSignIn,
  recordSuccessfulSignIn,
  SIGN_IN_REFUSED,
} from "~/server/platform/rate-limit.server";
import { dataWithToast, toastHeaders } from "~/server/platform/toast.server";
import { getFormProps, getInputProps, useForm } from "~/utils/form";
import type { Route } from "./+types/admin-login";

export const meta = () => [{ title: "Admin login" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (user?.role === "admin") throw redirect("/admin-dashboard");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  // The second step when the admin has two-factor authentication on: until it succeeds there is no session.
  if (formData.get("intent") === "two-factor")
    return handleSignInCodeForm(context, request, formData, () => "/admin-dashboard");
  const submission = parseWithZod(formData, { schema: AdminLoginSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { email, password } = submission.value;
  const failed = (message = "Invalid credentials", status = 401) =>
    dataWithToast(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
      { type: "error", title: "Login failed", description: message },
      { status },
    );

  const refused = await checkSignInAttempt(context.db, "admin-sign-in", context.clientIp, email);
  if (refused) return failed(SIGN_IN_REFUSED[refused], 429);
  // Only admin accounts may sign in here; any other account gets the same answer, after the same work, as a
  // wrong password.
  if (!(await checkAdminPassword(context.auth, context.db, email, password))) {
    await recordFailedSignIn(context.db, "admin-sign-in", email);
    return failed();
  }
  await recordSuccessfulSignIn(context.db, "admin-sign-in", context.clientIp);

  const result = await callAuth(() =>
    context.auth.api.signInEmail({ body: { email, password }, headers: request.headers, asResponse: true }),
  );
  if (isTwoFactorChallenge(result)) return codeStep(result.headers);
  if (!result.ok) return failed();
  await toastHeaders({ type: "success", title: "Login successful" }, result.headers);
  return redirect("/admin-dashboard", { headers: result.headers });
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
