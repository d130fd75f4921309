// The code step of both login forms (customer and admin): a code from the authenticator app or a backup code,
// checked by better-auth's twoFactor plugin within the sign-in limits (enrolment: two-factor.server.ts).
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data, redirect } from "react-router";
import { SignInCodeSchema } from "~/schemas/account";
import type { SubmissionResult } from "~/utils/form";
import { safeRedirect } from "../platform/forms.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { addressKey } from "../platform/rate-limit-address.server";
import { toastHeaders } from "../platform/toast.server";
import { callAuth } from "./auth.server";
import { ACCOUNT_LIMITS } from "./limits.server";
import { normaliseBackupCode } from "./two-factor.server";

/** Whether a sign-in answer is better-auth's "now the code" challenge rather than a session. */
export function isTwoFactorChallenge(result: { ok: boolean; body: Record<string, unknown> | null }) {
  return result.ok && result.body?.twoFactorRedirect === true;
}

export const SIGN_IN_CODE_MESSAGES = {
  wrongCode: "Invalid code. Please try again.",
  tooManyFromAddress: "Too many attempts. Please wait 15 minutes and try again.",
  expired: "Your sign-in has expired. Please log in again.",
  tooManyForSignIn: "Too many wrong codes. Please log in again.",
  locked: "Too many wrong codes for this account. Please wait 15 minutes and try again.",
} as const;

export type SignInCodeOutcome =
  | { ok: true; headers: Headers; role: "admin" | "customer" }
  /** restart: the challenge is gone (expired, used up or locked), so the visitor starts again with the password. */
  | { ok: false; status: number; message: string; restart: boolean; headers: Headers };

/**
 * The second step of a sign-in: the code (or a backup code) for the challenge cookie the first step set. Every
 * attempt counts against the client address; better-auth also ends a challenge after 5 wrong codes and locks
 * the account's codes for 15 minutes after 10 in a row.
 */
async function verifySignInCode(
  context: Pick<AppLoadContext, "auth" | "db" | "clientIp">,
  request: Request,
  code: string,
): Promise<SignInCodeOutcome> {
  const limit = await hitRateLimit(
    context.db,
    `two-factor:ip:${addressKey(context.clientIp)}`,
    ACCOUNT_LIMITS.twoFactorCode,
  );
  if (!limit.allowed)
    return {
      ok: false,
      status: 429,
      message: SIGN_IN_CODE_MESSAGES.tooManyFromAddress,
      restart: false,
      headers: new Headers(),
    };
  const backup = !/^\d{6}$/.test(code);
  const result = await callAuth(() =>
    backup
      ? context.auth.api.verifyBackupCode({
          body: { code: normaliseBackupCode(code) },
          headers: request.headers,
          asResponse: true,
        })
      : context.auth.api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true }),
  );
  if (result.ok) {
    const user = result.body?.user as { role?: string } | undefined;
    return { ok: true, headers: result.headers, role: user?.role === "admin" ? "admin" : "customer" };
  }
  // Its headers may expire the challenge cookie; the refusal passes them on.
  const refused = (status: number, message: string, restart: boolean) =>
    ({ ok: false, status, message, restart, headers: result.headers }) as const;
  switch (result.body?.code) {
    case "INVALID_CODE":
    case "INVALID_BACKUP_CODE":
      return refused(401, SIGN_IN_CODE_MESSAGES.wrongCode, false);
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return refused(429, SIGN_IN_CODE_MESSAGES.tooManyForSignIn, true);
    case "ACCOUNT_TEMPORARILY_LOCKED":
      return refused(429, SIGN_IN_CODE_MESSAGES.locked, true);
    default:
      return refused(401, SIGN_IN_CODE_MESSAGES.expired, true);
  }
}

/** What a login page shows after its first step found two-factor on: the code form. */
export function codeStep(headers: Headers, redirectTo?: string, codeResult?: SubmissionResult<string[]>) {
  return data({ step: "two-factor" as const, redirectTo: redirectTo ?? "", codeResult }, { headers });
}

/**
 * A login page's code step: on success a redirect to `home(role)` (or the page asked for) with the new session;
 * a wrong code shows the code form again; a challenge that is gone sends the visitor back to the password.
 */
export async function handleSignInCodeForm(
  context: Pick<AppLoadContext, "auth" | "db" | "clientIp" | "config">,
  request: Request,
  formData: FormData,
  home: (role: "admin" | "customer") => string,
) {
  const submission = parseWithZod(formData, { schema: SignInCodeSchema });
  const redirectTo = submission.status === "success" ? submission.value.redirectTo : undefined;
  if (submission.status !== "success")
    return data(
      { step: "two-factor" as const, redirectTo: "", codeResult: submission.reply({ hideFields: ["code"] }) },
      { status: 400 },
    );
  const outcome = await verifySignInCode(context, request, submission.value.code);
  if (outcome.ok) {
    await toastHeaders({ type: "success", title: "Login successful" }, outcome.headers);
    const to = safeRedirect(redirectTo, home(outcome.role), context.config.publicUrl);
    return redirect(to, { headers: outcome.headers });
  }
  if (outcome.restart)
    return data(
      { result: { status: "error" as const, error: { "": [outcome.message] } } },
      { status: outcome.status, headers: outcome.headers },
    );
  return data(
    {
      step: "two-factor" as const,
      redirectTo: redirectTo ?? "",
      codeResult: submission.reply({ formErrors: [outcome.message], hideFields: ["code"] }),
    },
    { status: outcome.status, headers: outcome.headers },
  );
}
