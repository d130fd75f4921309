// Settings → Account for customers and admins (docs/product.md#accounts-and-sign-in): what the page shows,
// changing the password and signing out the other sessions. Routes hand over the signed-in user; everything here
// acts on that user only. Two-factor is two-factor-settings.server.ts, deleting the account account-deletion.server.ts.
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { data } from "react-router";
import { sessions } from "~/db/schema";
import { ChangePasswordSchema } from "~/schemas/account";
import { dataWithToast, redirectWithToast } from "../platform/toast.server";
import {
  ACCOUNT_MESSAGES,
  type Context,
  parseSecretForm,
  refuse,
  SECRET_FIELDS,
} from "./account-secrets.server";
import { callAuth } from "./auth.server";
import { recordFailedAccountSecret } from "./limits.server";
import type { SessionUser } from "./session.server";
import { getTwoFactorStatus, takeBackupCodesToShow } from "./two-factor.server";

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

export async function changePassword(
  context: Context,
  request: Request,
  user: SessionUser,
  form: FormData,
  path: string,
) {
  const intent = "change-password";
  const parsed = await parseSecretForm(context.db, user.id, form, intent, ChangePasswordSchema);
  if ("refused" in parsed) return parsed.refused;
  const { submission } = parsed;
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
        submission.reply({ formErrors: [ACCOUNT_MESSAGES.noPassword], hideFields: SECRET_FIELDS }),
        400,
      );
    await recordFailedAccountSecret(context.db, user.id);
    return refuse(
      intent,
      submission.reply({
        fieldErrors: { currentPassword: [ACCOUNT_MESSAGES.wrongPassword] },
        hideFields: SECRET_FIELDS,
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
