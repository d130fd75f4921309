// Over 300 lines: the account's security settings share one guard (password and code checks with their back-off).
// Settings → Account for customers and admins: password, two-factor, other sessions, and deleting the account
// (docs/product.md#accounts-and-sign-in). Routes hand over the signed-in user; everything here acts on that user only.
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";
import { accounts, cardClaimTokens, cardPages, orders, sessions, users, verifications } from "~/db/schema";
import {
  ChangePasswordSchema,
  ConfirmTwoFactorSchema,
  DeleteAccountSchema,
  DisableTwoFactorSchema,
  EnableTwoFactorSchema,
} from "~/schemas/account";
import type { Database, DbOrTx } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import { dataWithToast, redirectWithToast } from "../platform/toast.server";
import { deleteUploadIfUnused } from "../platform/uploads.server";
import { type Auth, callAuth, type SessionUser } from "./auth.server";
import { accountSecretLimited, recordFailedAccountSecret } from "./limits.server";
import { ordersOwnedBy } from "./owned-orders.server";
import {
  checkAccountCode,
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  startEnrolment,
  TWO_FACTOR_MESSAGES,
  takeBackupCodesToShow,
} from "./two-factor.server";

export type Context = Pick<AppLoadContext, "auth" | "db" | "config">;

export const ACCOUNT_MESSAGES = {
  wrongPassword: "Current password is incorrect",
  noPassword: "Your account has no password yet. Use 'Forgot password?' on the login page to set one.",
  tooMany: "Too many wrong attempts. Please wait 15 minutes and try again.",
  codeNeeded: "Please enter the code from your authenticator app or a backup code",
  adminCannotDelete:
    "Admin accounts cannot be deleted here. Ask another admin to remove your admin role first.",
} as const;

/** What replaces a deleted customer's details on the orders that are kept for the accounts. */
export const DELETED_CUSTOMER = "Deleted customer";

export async function loadAccountSettings(context: Context, request: Request, user: SessionUser) {
  const session = await context.auth.api.getSession({ headers: request.headers });
  const [others] = await context.db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, user.id),
        gt(sessions.expiresAt, sql`now()`),
        ne(sessions.token, session?.session.token ?? ""),
      ),
    );
  const shown = await takeBackupCodesToShow(context.auth, context.db, request, user.id);
  return data(
    {
      twoFactor: await getTwoFactorStatus(context.auth, context.db, user, context.config.shop.name),
      backupCodes: shown.backupCodes,
      otherSessions: others?.n ?? 0,
      canDelete: user.role !== "admin",
    },
    { headers: shown.headers ?? undefined },
  );
}

/** A form's errors back to that form (each form on the page reads only its own intent's answer). */
function refuse(intent: string, result: unknown, status: number) {
  return data({ intent, result }, { status });
}

export async function changePassword(
  context: Context,
  request: Request,
  user: SessionUser,
  form: FormData,
  path: string,
) {
  const intent = "change-password";
  const submission = parseWithZod(form, { schema: ChangePasswordSchema });
  if (submission.status !== "success")
    return refuse(intent, submission.reply({ hideFields: passwords }), 400);
  if (await accountSecretLimited(context.db, user.id))
    return refuse(
      intent,
      submission.reply({ formErrors: [ACCOUNT_MESSAGES.tooMany], hideFields: passwords }),
      429,
    );
  const result = await callAuth(() =>
    context.auth.api.changePassword({
      body: {
        currentPassword: submission.value.currentPassword,
        newPassword: submission.value.newPassword,
        revokeOtherSessions: true,
      },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (!result.ok) {
    if (result.body?.code === "CREDENTIAL_ACCOUNT_NOT_FOUND")
      return refuse(
        intent,
        submission.reply({ formErrors: [ACCOUNT_MESSAGES.noPassword], hideFields: passwords }),
        400,
      );
    await recordFailedAccountSecret(context.db, user.id);
    return refuse(
      intent,
      submission.reply({
        fieldErrors: { currentPassword: [ACCOUNT_MESSAGES.wrongPassword] },
        hideFields: passwords,
      }),
      400,
    );
  }
  return redirectWithToast(
    path,
    { type: "success", title: "Password updated", description: "Your other sessions have been signed out." },
    { headers: result.headers },
  );
}
const passwords = ["currentPassword", "newPassword", "confirmPassword", "password"];

export async function enableTwoFactor(
  context: Context,
  request: Request,
  user: SessionUser,
  form: FormData,
  path: string,
) {
  const intent = "enable-2fa";
  const submission = parseWithZod(form, { schema: EnableTwoFactorSchema });
  if (submission.status !== "success")
    return refuse(intent, submission.reply({ hideFields: passwords }), 400);
  if (await accountSecretLimited(context.db, user.id))
    return refuse(
      intent,
      submission.reply({ formErrors: [ACCOUNT_MESSAGES.tooMany], hideFields: passwords }),
      429,
    );
  const outcome = await startEnrolment(context.auth, request, submission.value.password);
  if (!outcome.ok) {
    if (outcome.message === TWO_FACTOR_MESSAGES.wrongPassword)
      await recordFailedAccountSecret(context.db, user.id);
    const errors =
      outcome.message === TWO_FACTOR_MESSAGES.wrongPassword
        ? { fieldErrors: { password: [outcome.message] } }
        : { formErrors: [outcome.message] };
    return refuse(intent, submission.reply({ ...errors, hideFields: passwords }), outcome.status);
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
    return refuse(intent, submission.reply({ hideFields: passwords }), 400);
  const { password, code } = submission.value;
  const wrong = async (fieldErrors: Record<string, string[]>) => {
    await recordFailedAccountSecret(context.db, user.id);
    return refuse(intent, submission.reply({ fieldErrors, hideFields: [...passwords, "code"] }), 400);
  };
  if (await accountSecretLimited(context.db, user.id))
    return refuse(
      intent,
      submission.reply({ formErrors: [ACCOUNT_MESSAGES.tooMany], hideFields: passwords }),
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

export async function signOutOtherSessions(context: Context, request: Request, path: string) {
  const result = await callAuth(() =>
    context.auth.api.revokeOtherSessions({ headers: request.headers, asResponse: true }),
  );
  if (!result.ok)
    return dataWithToast(
      { intent: "sign-out-others" },
      { type: "error", title: "Please log in again" },
      { status: 401 },
    );
  return redirectWithToast(path, {
    type: "success",
    title: "Signed out everywhere else",
    description: "Your other sessions have been signed out.",
  });
}

/** Whether the password is the account's own; "none" for an account that signs in only with Google or Apple. */
async function checkAccountPassword(auth: Auth, db: DbOrTx, userId: string, password: string) {
  const [row] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if (!row?.hash) return "none" as const;
  const ctx = await auth.$context;
  return (await ctx.password.verify({ hash: row.hash, password })) ? ("right" as const) : ("wrong" as const);
}

export type SecretsRefusal = {
  status: number;
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
};

/**
 * The password, and with two-factor on a code from the app or a backup code, for a form that changes who
 * controls the account. Wrong ones count toward the account's back-off. Null when they are right.
 */
export async function checkAccountSecrets(
  context: Context,
  request: Request,
  user: SessionUser,
  secrets: { password: string; code?: string | undefined },
): Promise<SecretsRefusal | null> {
  if (await accountSecretLimited(context.db, user.id))
    return { status: 429, formErrors: [ACCOUNT_MESSAGES.tooMany] };
  const password = await checkAccountPassword(context.auth, context.db, user.id, secrets.password);
  if (password === "none") return { status: 400, formErrors: [ACCOUNT_MESSAGES.noPassword] };
  if (password === "wrong") {
    await recordFailedAccountSecret(context.db, user.id);
    return { status: 400, fieldErrors: { password: [ACCOUNT_MESSAGES.wrongPassword] } };
  }
  const [row] = await context.db
    .select({ twoFactor: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row?.twoFactor) return null;
  if (!secrets.code) return { status: 400, fieldErrors: { code: [ACCOUNT_MESSAGES.codeNeeded] } };
  if (!(await checkAccountCode(context.auth, request, secrets.code))) {
    await recordFailedAccountSecret(context.db, user.id);
    return { status: 400, fieldErrors: { code: [TWO_FACTOR_MESSAGES.wrongCode] } };
  }
  return null;
}

export async function deleteAccountFromForm(
  context: Context,
  request: Request,
  user: SessionUser,
  form: FormData,
) {
  const intent = "delete-account";
  const submission = parseWithZod(form, { schema: DeleteAccountSchema });
  if (submission.status !== "success")
    return refuse(intent, submission.reply({ hideFields: passwords }), 400);
  if (user.role === "admin")
    return refuse(
      intent,
      submission.reply({ formErrors: [ACCOUNT_MESSAGES.adminCannotDelete], hideFields: passwords }),
      403,
    );
  if (await accountSecretLimited(context.db, user.id))
    return refuse(
      intent,
      submission.reply({ formErrors: [ACCOUNT_MESSAGES.tooMany], hideFields: passwords }),
      429,
    );
  if (
    (await checkAccountPassword(context.auth, context.db, user.id, submission.value.password)) !== "right"
  ) {
    await recordFailedAccountSecret(context.db, user.id);
    return refuse(
      intent,
      submission.reply({
        fieldErrors: { password: [ACCOUNT_MESSAGES.wrongPassword] },
        hideFields: passwords,
      }),
      400,
    );
  }
  const outcome = await deleteAccount(context.db, context.config, user.id);
  if (!outcome.ok)
    return refuse(
      intent,
      submission.reply({ formErrors: [outcome.message], hideFields: passwords }),
      outcome.status,
    );
  // The session row went with the account; this clears the browser's cookies.
  const signOut = await callAuth(() =>
    context.auth.api.signOut({ headers: request.headers, asResponse: true }),
  );
  return redirectWithToast(
    "/",
    {
      type: "success",
      title: "Your account has been deleted",
      description: "Your cards' public pages stay online.",
    },
    { headers: signOut.headers },
  );
}

/**
 * Deletes a customer account: the user row and with it (by cascade) sessions, sign-in methods, two-factor,
 * preferences, digests, the referral code and the contacts shared with it. Commissions and payouts stay in the books without the referrer.
 * Card pages stay online without an owner. The account's orders (the order history's rule) are kept for the
 * accounts with the customer's details replaced. Refused for admins, and while an order of theirs is unpaid or
 * paid but not yet delivered (its address is still needed). The avatar's file goes unless something else shows it.
 */
async function deleteAccount(
  db: Database,
  config: Config,
  userId: string,
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  const outcome = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ role: users.role, image: users.image })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) return { ok: false as const, status: 404, message: "This account no longer exists" };
    if (user.role === "admin")
      return { ok: false as const, status: 403, message: ACCOUNT_MESSAGES.adminCannotDelete };
    const mine = await ordersOwnedBy(tx, userId);
    if (!mine) return { ok: false as const, status: 404, message: "This account no longer exists" };
    const open = await tx
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(and(mine, inArray(orders.status, ["awaiting_payment", "paid"])))
      .orderBy(orders.createdAt);
    if (open.length)
      return {
        ok: false as const,
        status: 409,
        message: `Your order ${open.map((o) => o.orderNumber).join(", ")} is still in progress. You can delete your account once it has been delivered or cancelled; contact us if you need help.`,
      };
    const kept = await tx
      .update(orders)
      .set({
        userId: null,
        customerName: DELETED_CUSTOMER,
        customerEmail: DELETED_CUSTOMER,
        customerPhone: DELETED_CUSTOMER,
        // The country stays: it decides the tax treatment of the sale.
        deliveryAddress: sql`jsonb_build_object('fullName', ${DELETED_CUSTOMER}::text, 'email', ${DELETED_CUSTOMER}::text, 'phone', ${DELETED_CUSTOMER}::text, 'addressLine1', ${DELETED_CUSTOMER}::text, 'city', '', 'postalCode', '', 'country', coalesce(${orders.deliveryAddress}->>'country', ''))`,
      })
      .where(mine)
      .returning({ id: orders.id });
    if (kept.length)
      await tx.delete(cardClaimTokens).where(
        inArray(
          cardClaimTokens.orderId,
          kept.map((o) => o.id),
        ),
      );
    await tx.update(cardPages).set({ ownerUserId: null }).where(eq(cardPages.ownerUserId, userId));
    // Trusted-device records and unfinished two-factor sign-ins hold the user id.
    await tx.delete(verifications).where(eq(verifications.value, userId));
    await tx.delete(users).where(eq(users.id, userId));
    return { ok: true as const, image: user.image };
  });
  if (!outcome.ok) return outcome;
  if (outcome.image) await deleteUploadIfUnused(db, config, outcome.image);
  return { ok: true };
}
