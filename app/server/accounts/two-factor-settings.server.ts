// Settings → Account's two-factor forms: setting it up (password, then the first code from the app) and turning
// it off (password and a code). Wrong secrets count toward the account's back-off.
import { parseWithZod } from "@conform-to/zod/v4";
import { ConfirmTwoFactorSchema, DisableTwoFactorSchema, EnableTwoFactorSchema } from "~/schemas/account";
import { redirectWithToast } from "../platform/toast.server";
import {
  ACCOUNT_MESSAGES,
  type Context,
  checkAccountPassword,
  parseSecretForm,
  refuse,
  SECRET_FIELDS,
} from "./account-secrets.server";
import { accountSecretLimited, recordFailedAccountSecret } from "./limits.server";
import type { SessionUser } from "./session.server";
import {
  checkAccountCode,
  confirmEnrolment,
  disableTwoFactor,
  startEnrolment,
  TWO_FACTOR_MESSAGES,
} from "./two-factor.server";

export async function enableTwoFactor(
  context: Context,
  request: Request,
  user: SessionUser,
  form: FormData,
  path: string,
) {
  const intent = "enable-2fa";
  const parsed = await parseSecretForm(context.db, user.id, form, intent, EnableTwoFactorSchema);
  if ("refused" in parsed) return parsed.refused;
  const { submission } = parsed;
  const outcome = await startEnrolment(context.auth, request, submission.value.password);
  if (!outcome.ok) {
    if (outcome.message === TWO_FACTOR_MESSAGES.wrongPassword)
      await recordFailedAccountSecret(context.db, user.id);
    const errors =
      outcome.message === TWO_FACTOR_MESSAGES.wrongPassword
        ? { fieldErrors: { password: [outcome.message] } }
        : { formErrors: [outcome.message] };
    return refuse(intent, submission.reply({ ...errors, hideFields: SECRET_FIELDS }), outcome.status);
  }
  // The page now shows the QR code and the secret (getTwoFactorStatus) until the first code confirms them.
  return redirectWithToast(`${path}#two-factor`, {
    type: "info",
    title: "Scan the QR code",
    description: "Then enter the 6-digit code from your authenticator app.",
  });
}

export async function confirmTwoFactor(
  context: Context,
  request: Request,
  user: SessionUser,
  form: FormData,
  path: string,
) {
  const intent = "confirm-2fa";
  const submission = parseWithZod(form, { schema: ConfirmTwoFactorSchema });
  if (submission.status !== "success") return refuse(intent, submission.reply(), 400);
  if (await accountSecretLimited(context.db, user.id))
    return refuse(intent, submission.reply({ formErrors: [ACCOUNT_MESSAGES.tooMany] }), 429);
  const outcome = await confirmEnrolment(context.db, context.auth, request, user.id, submission.value.code);
  if (!outcome.ok) {
    if (outcome.message === TWO_FACTOR_MESSAGES.wrongCode)
      await recordFailedAccountSecret(context.db, user.id);
    return refuse(intent, submission.reply({ fieldErrors: { code: [outcome.message] } }), outcome.status);
  }
  return redirectWithToast(
    `${path}#two-factor`,
    { type: "success", title: "Two-factor authentication is on", description: "Save your backup codes now." },
    { headers: outcome.headers },
  );
}

export async function turnOffTwoFactor(
  context: Context,
  request: Request,
  user: SessionUser,
  form: FormData,
  path: string,
) {
  const intent = "disable-2fa";
  const submission = parseWithZod(form, { schema: DisableTwoFactorSchema });
  if (submission.status !== "success")
    return refuse(intent, submission.reply({ hideFields: SECRET_FIELDS }), 400);
  const { password, code } = submission.value;
  const wrong = async (fieldErrors: Record<string, string[]>) => {
    await recordFailedAccountSecret(context.db, user.id);
    return refuse(intent, submission.reply({ fieldErrors, hideFields: [...SECRET_FIELDS, "code"] }), 400);
  };
  if (await accountSecretLimited(context.db, user.id))
    return refuse(
      intent,
      submission.reply({ formErrors: [ACCOUNT_MESSAGES.tooMany], hideFields: SECRET_FIELDS }),
      429,
    );
  // The password first, so a wrong one never uses up a backup code.
  if ((await checkAccountPassword(context.auth, context.db, user.id, password)) !== "right")
    return wrong({ password: [ACCOUNT_MESSAGES.wrongPassword] });
  if (!(await checkAccountCode(context.auth, request, code)))
    return wrong({ code: [TWO_FACTOR_MESSAGES.wrongCode] });
  const outcome = await disableTwoFactor(context.auth, request, password);
  if (!outcome.ok) return refuse(intent, submission.reply({ formErrors: [outcome.message] }), outcome.status);
  return redirectWithToast(
    path,
    { type: "success", title: "Two-factor authentication is off" },
    { headers: outcome.headers },
  );
}
