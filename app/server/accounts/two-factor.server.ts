// Over 300 lines: enrolment, the sign-in step and switching it off share the code checks and their limits.
// Two-factor sign-in with an authenticator app (TOTP) and single-use backup codes, on better-auth's twoFactor
// plugin: enrolment and switching it off from Settings → Account, and the code step of both login forms.

import { randomBytes } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, gt } from "drizzle-orm";
import QRCode from "qrcode";
import { type AppLoadContext, data, redirect } from "react-router";
import { twoFactors, users, verifications } from "~/db/schema";
import { SignInCodeSchema } from "~/schemas/account";
import type { SubmissionResult } from "~/utils/form";
import { appCookie } from "../platform/cookies.server";
import type { DbOrTx } from "../platform/db.server";
import { safeRedirect } from "../platform/forms.server";
import { hitRateLimit, LIMITS } from "../platform/rate-limit.server";
import { addressKey } from "../platform/rate-limit-address.server";
import { toastHeaders } from "../platform/toast.server";
import { type Auth, callAuth } from "./auth.server";

export type TwoFactorStatus =
  | { state: "off" }
  /** Enrolment started (password given), waiting for the first code from the app. */
  | { state: "pending"; secret: string; qrCode: string }
  | { state: "on"; backupCodesLeft: number };

const RFC4648 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** Base32 without padding, as authenticator apps read the secret in an otpauth URI or typed by hand. */
function base32(bytes: Uint8Array) {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += RFC4648[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += RFC4648[(value << (5 - bits)) & 31];
  return out;
}

/** better-auth keys the TOTP with the UTF-8 bytes of its stored secret; imported ones are kept as base32. */
async function readSecret(auth: Auth, encrypted: string) {
  const ctx = await auth.$context;
  const secret = await symmetricDecrypt({ key: ctx.secretConfig, data: encrypted });
  if (secret.startsWith("base32:")) return secret.slice("base32:".length).toUpperCase();
  return base32(new TextEncoder().encode(secret));
}

export async function getTwoFactorStatus(
  auth: Auth,
  db: DbOrTx,
  user: { id: string; email: string },
  issuer: string,
): Promise<TwoFactorStatus> {
  const [row] = await db
    .select({ enabled: users.twoFactorEnabled, secret: twoFactors.secret, verified: twoFactors.verified })
    .from(users)
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .where(eq(users.id, user.id));
  if (row?.enabled && row.secret) {
    const codes = await auth.api.viewBackupCodes({ body: { userId: user.id } }).catch(() => null);
    return { state: "on", backupCodesLeft: codes?.backupCodes.length ?? 0 };
  }
  if (!row?.secret || row.verified !== false) return { state: "off" };
  const secret = await readSecret(auth, row.secret);
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(user.email)}`;
  const params = new URLSearchParams({ secret, issuer, digits: "6", period: "30" });
  const svg = await QRCode.toString(`otpauth://totp/${label}?${params}`, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
  });
  return {
    state: "pending",
    secret: secret.replace(/(.{4})(?=.)/g, "$1 "),
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

type Failure = { ok: false; status: number; message: string };
const failure = (status: number, message: string): Failure => ({ ok: false, status, message });

export const TWO_FACTOR_MESSAGES = {
  wrongPassword: "Current password is incorrect",
  wrongCode: "That code is not correct. Please check your authenticator app and try again.",
  alreadyOn: "Two-factor authentication is already on",
  notPending: "Start again: enter your password to set up two-factor authentication",
} as const;

/** Enrolment, step one: the password, then a new secret (shown by getTwoFactorStatus until confirmed). */
export async function startEnrolment(auth: Auth, request: Request, password: string) {
  const result = await callAuth(() =>
    auth.api.enableTwoFactor({ body: { password }, headers: request.headers, asResponse: true }),
  );
  if (result.ok) return { ok: true as const };
  if (result.body?.code === "TOTP_ALREADY_ENABLED") return failure(409, TWO_FACTOR_MESSAGES.alreadyOn);
  return failure(400, TWO_FACTOR_MESSAGES.wrongPassword);
}

/**
 * Enrolment, step two: the first code from the app switches two-factor on. Returns the headers for the redirect
 * that follows: the rotated session cookie and a one-time ticket that lets the next page show the backup codes.
 */
export async function confirmEnrolment(
  db: DbOrTx,
  auth: Auth,
  request: Request,
  userId: string,
  code: string,
) {
  const result = await callAuth(() =>
    auth.api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true }),
  );
  if (!result.ok) {
    if (result.body?.code === "TOTP_NOT_ENABLED") return failure(409, TWO_FACTOR_MESSAGES.notPending);
    return failure(400, TWO_FACTOR_MESSAGES.wrongCode);
  }
  const ticket = randomBytes(32).toString("base64url");
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: `backup-codes:${ticket}`,
    value: userId,
    expiresAt: new Date(Date.now() + BACKUP_CODES_TICKET_SECONDS * 1000),
  });
  result.headers.append("Set-Cookie", await backupCodesCookie.serialize(ticket));
  return { ok: true as const, headers: result.headers };
}

/**
 * The backup codes are shown on the page the enrolment redirects to, and never again: the ticket in the cookie
 * is used up on that read. (The enrolment answer cannot show them itself: it rotates the session, and the page's
 * loaders in the same request would still hold the old one.)
 */
const BACKUP_CODES_TICKET_SECONDS = 5 * 60;
const backupCodesCookie = appCookie("backup-codes", BACKUP_CODES_TICKET_SECONDS);

/** The codes to show once after an enrolment, and the header that drops the ticket; none without a live ticket. */
export async function takeBackupCodesToShow(auth: Auth, db: DbOrTx, request: Request, userId: string) {
  const ticket = await backupCodesCookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (typeof ticket !== "string" || ticket.length > 100) return { backupCodes: null, headers: null };
  const headers = new Headers({ "Set-Cookie": await backupCodesCookie.serialize("", { maxAge: 0 }) });
  const [used] = await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.identifier, `backup-codes:${ticket}`),
        eq(verifications.value, userId),
        gt(verifications.expiresAt, new Date()),
      ),
    )
    .returning({ id: verifications.id });
  if (!used) return { backupCodes: null, headers };
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
  return { backupCodes, headers };
}

/** Drops an enrolment that was never confirmed. */
export async function cancelEnrolment(db: DbOrTx, userId: string) {
  await db.delete(twoFactors).where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, false)));
}

/**
 * Whether a code typed by the signed-in account is right: a 6-digit code from the app, or a backup code (which
 * is then used up).
 */
export async function checkAccountCode(auth: Auth, request: Request, code: string) {
  const backup = !/^\d{6}$/.test(code);
  const result = await callAuth(() =>
    backup
      ? auth.api.verifyBackupCode({
          body: { code: normaliseBackupCode(code), disableSession: true },
          headers: request.headers,
          asResponse: true,
        })
      : auth.api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true }),
  );
  return result.ok;
}

/** Switches two-factor off (the password and code were checked by the caller); returns the rotated session. */
export async function disableTwoFactor(auth: Auth, request: Request, password: string) {
  const result = await callAuth(() =>
    auth.api.disableTwoFactor({ body: { password }, headers: request.headers, asResponse: true }),
  );
  if (!result.ok) return failure(400, TWO_FACTOR_MESSAGES.wrongPassword);
  return { ok: true as const, headers: result.headers };
}

/** Backup codes are made as xxxxx-xxxxx; one typed without the hyphen still counts. */
function normaliseBackupCode(code: string) {
  return /^[A-Za-z0-9]{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

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
    LIMITS.twoFactorCode,
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
