// Two-factor sign-in with an authenticator app (TOTP) and single-use backup codes, on better-auth's twoFactor
// plugin: enrolment and switching it off from Settings → Account (the code step of both login forms:
// two-factor-sign-in.server.ts).

import { randomBytes } from "node:crypto";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, gt } from "drizzle-orm";
import QRCode from "qrcode";
import { twoFactors, users, verifications } from "~/db/schema";
import { appCookie } from "../platform/cookies.server";
import type { DbOrTx } from "../platform/db.server";
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
export function normaliseBackupCode(code: string) {
  return /^[A-Za-z0-9]{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}
