// Settings → Account's two-factor part: setting it up (password, QR code, first code), the backup codes shown
// once, and turning it off.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/field";
import type { TwoFactorStatus } from "~/server/accounts/two-factor.server";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "~/utils/form";
import { type ActionAnswer, resultOf, Section, useBusy } from "./settings-section";

export function TwoFactorSection({
  status,
  backupCodes,
  answer,
}: {
  status: TwoFactorStatus;
  backupCodes: string[] | null;
  answer: ActionAnswer;
}) {
  return (
    <Section id="two-factor" title="Two-factor authentication">
      {backupCodes ? <BackupCodes codes={backupCodes} /> : null}
      {status.state === "off" ? <EnableTwoFactorForm lastResult={resultOf(answer, "enable-2fa")} /> : null}
      {status.state === "pending" ? (
        <ConfirmTwoFactorForm status={status} lastResult={resultOf(answer, "confirm-2fa")} />
      ) : null}
      {status.state === "on" ? (
        <DisableTwoFactorForm
          backupCodesLeft={status.backupCodesLeft}
          lastResult={resultOf(answer, "disable-2fa")}
        />
      ) : null}
    </Section>
  );
}

function EnableTwoFactorForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const busy = useBusy("enable-2fa");
  const [form, fields] = useForm({
    id: "enable-2fa",
    lastResult,
  });
  return (
    <>
      <p className="text-slate-700">
        <strong>Off.</strong> With two-factor authentication on, signing in also asks for a code from an
        authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password).
      </p>
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="enable-2fa" />
        <Field
          label="Password"
          hint="Enter your password to start setting up two-factor authentication."
          autoComplete="current-password"
          {...getInputProps(fields.password, { type: "password" })}
          errors={fields.password.errors}
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Starting..." : "Set up two-factor authentication"}
        </Button>
      </Form>
    </>
  );
}

function ConfirmTwoFactorForm({
  status,
  lastResult,
}: {
  status: Extract<TwoFactorStatus, { state: "pending" }>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useBusy("confirm-2fa");
  const [form, fields] = useForm({
    id: "confirm-2fa",
    lastResult,
  });
  return (
    <>
      <ol className="list-decimal space-y-1 pl-5 text-slate-700">
        <li>Scan this QR code with your authenticator app.</li>
        <li>Enter the 6-digit code the app shows to finish.</li>
      </ol>
      <img
        src={status.qrCode}
        alt="QR code to add this account to your authenticator app"
        width={192}
        height={192}
        className="h-48 w-48 rounded-md border border-slate-200 bg-white"
      />
      <dl>
        <dt className="text-sm text-slate-700">Can't scan it? Enter this setup key in the app instead:</dt>
        <dd className="mt-1 break-all font-mono text-base font-semibold text-slate-900">{status.secret}</dd>
      </dl>
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="confirm-2fa" />
        <Field
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          {...getInputProps(fields.code, { type: "text" })}
          errors={fields.code.errors}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Checking..." : "Turn on two-factor authentication"}
          </Button>
        </div>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="cancel-2fa" />
        <Button type="submit" variant="secondary">
          Cancel set-up
        </Button>
      </Form>
    </>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div role="status" className="rounded-md border border-green-200 bg-green-50 p-4 text-slate-900">
      <p className="font-semibold">Two-factor authentication is on. Save your backup codes now.</p>
      <p className="mt-1 text-sm">
        Each code signs you in once if you lose your phone. They are shown only this once: print them or keep
        them in your password manager.
      </p>
      <ul
        aria-label="Backup codes"
        className="mt-3 grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

function DisableTwoFactorForm({
  backupCodesLeft,
  lastResult,
}: {
  backupCodesLeft: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useBusy("disable-2fa");
  const [form, fields] = useForm({
    id: "disable-2fa",
    lastResult,
  });
  return (
    <>
      <p className="text-slate-700">
        <strong>On.</strong> Signing in asks for a code from your authenticator app.{" "}
        {backupCodesLeft === 1 ? "1 backup code is" : `${backupCodesLeft} backup codes are`} left.
      </p>
      <h3 className="font-semibold text-slate-900">Turn off two-factor authentication</h3>
      {form.errors?.length ? <FormMessage>{form.errors[0]}</FormMessage> : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="disable-2fa" />
        <Field
          label="Password"
          autoComplete="current-password"
          {...getInputProps(fields.password, { type: "password" })}
          errors={fields.password.errors}
        />
        <Field
          label="Code from the app or a backup code"
          autoComplete="one-time-code"
          {...getInputProps(fields.code, { type: "text" })}
          errors={fields.code.errors}
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? "Turning off..." : "Turn off two-factor authentication"}
        </Button>
      </Form>
    </>
  );
}
