// Settings → Account's last part: a customer deletes their own account with the password and a confirmation;
// admins are told they cannot.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FieldError, FormMessage } from "~/components/ui/field";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "~/utils/form";
import { Section, useBusy } from "./settings-section";

export function DeleteAccountSection({
  canDelete,
  lastResult,
}: {
  canDelete: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useBusy("delete-account");
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult,
  });
  if (!canDelete)
    return (
      <Section id="delete" title="Delete account">
        <p className="text-slate-700">Admin accounts cannot be deleted here.</p>
      </Section>
    );
  return (
    <Section id="delete" title="Delete account">
      <p className="text-slate-700">
        This deletes your account, your settings and your sign-in details for good. Your cards' public pages
        stay online but are no longer linked to an account. Orders are kept for our accounts without your name
        and contact details. Referral commissions not yet paid are lost.
      </p>
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="delete-account" />
        <Field
          label="Password"
          autoComplete="current-password"
          {...getInputProps(fields.password, { type: "password" })}
          errors={fields.password.errors}
        />
        <div>
          <div className="flex items-start gap-3">
            <input {...getInputProps(fields.confirm, { type: "checkbox" })} className="mt-1 h-5 w-5" />
            <label htmlFor={fields.confirm.id} className="text-sm text-slate-800">
              I understand that my account is deleted for good
            </label>
          </div>
          <FieldError id={fields.confirm.errorId} errors={fields.confirm.errors} />
        </div>
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? "Deleting..." : "Delete my account"}
        </Button>
      </Form>
    </Section>
  );
}
