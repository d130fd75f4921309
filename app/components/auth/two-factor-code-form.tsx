// The second step of signing in with two-factor authentication on, shared by the customer and admin logins.

import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "~/utils/form";

export function TwoFactorCodeForm({
  lastResult,
  redirectTo,
  startOver,
}: {
  lastResult?: SubmissionResult<string[]>;
  redirectTo?: string;
  /** The login page itself: going back starts the sign-in again. */
  startOver: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "two-factor";
  const [form, fields] = useForm({
    id: "two-factor",
    lastResult,
  });
  return (
    <>
      <p className="text-slate-700">
        Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your backup codes
        instead.
      </p>
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="two-factor" />
        <input type="hidden" name="redirectTo" value={redirectTo ?? ""} />
        <Field
          label="Authentication code"
          autoComplete="one-time-code"
          autoFocus
          {...getInputProps(fields.code, { type: "text" })}
          errors={fields.code.errors}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Checking..." : "Verify"}
        </Button>
      </Form>
      <p className="text-center text-sm">
        <Link to={startOver} reloadDocument className="font-medium text-brand-700 underline">
          Start again
        </Link>
      </p>
    </>
  );
}
