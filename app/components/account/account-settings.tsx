// Settings → Account, shared by the customer's Settings tab and the admin's Account page: password, two-factor
// (two-factor-settings.tsx), other sessions and (customers only) deleting the account
// (delete-account-section.tsx). Every form posts to the page's own action.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import type { TwoFactorStatus } from "~/server/accounts/two-factor.server";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "~/utils/form";
import { DeleteAccountSection } from "./delete-account-section";
import { type ActionAnswer, resultOf, Section, useBusy } from "./settings-section";
import { TwoFactorSection } from "./two-factor-settings";

export interface AccountSettingsData {
  twoFactor: TwoFactorStatus;
  /** Right after an enrolment only: the backup codes, shown this once. */
  backupCodes: string[] | null;
  otherSessions: number;
  canDelete: boolean;
}

export function AccountSettings({
  data,
  answer: raw,
}: {
  data: AccountSettingsData;
  answer: object | undefined;
}) {
  const answer = raw as ActionAnswer;
  return (
    <div className="space-y-6">
      <ChangePasswordForm lastResult={resultOf(answer, "change-password")} />
      <TwoFactorSection status={data.twoFactor} backupCodes={data.backupCodes} answer={answer} />
      <SessionsSection otherSessions={data.otherSessions} />
      <DeleteAccountSection canDelete={data.canDelete} lastResult={resultOf(answer, "delete-account")} />
    </div>
  );
}

function ChangePasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const busy = useBusy("change-password");
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
  });
  return (
    <Section id="password" title="Change password">
      <p className="text-sm text-slate-600">
        Your other sessions are signed out when you change it. Use 8 to 128 characters.
      </p>
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="change-password" />
        <Field
          label="Current password"
          autoComplete="current-password"
          {...getInputProps(fields.currentPassword, { type: "password" })}
          errors={fields.currentPassword.errors}
        />
        <Field
          label="New password"
          autoComplete="new-password"
          {...getInputProps(fields.newPassword, { type: "password" })}
          errors={fields.newPassword.errors}
        />
        <Field
          label="Confirm new password"
          autoComplete="new-password"
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          errors={fields.confirmPassword.errors}
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Updating..." : "Update password"}
        </Button>
      </Form>
    </Section>
  );
}

function SessionsSection({ otherSessions }: { otherSessions: number }) {
  const busy = useBusy("sign-out-others");
  return (
    <Section id="sessions" title="Sessions">
      <p className="text-slate-700">
        {otherSessions === 0
          ? "You are not signed in anywhere else."
          : `You are also signed in on ${otherSessions === 1 ? "1 other browser or device" : `${otherSessions} other browsers or devices`}.`}
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="sign-out-others" />
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? "Signing out..." : "Sign out all other sessions"}
        </Button>
      </Form>
    </Section>
  );
}
