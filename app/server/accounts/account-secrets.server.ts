// What every form of Settings → Account checks and answers alike: the account's password and two-factor code,
// with the back-off on wrong ones, and a refused form's errors sent back to that form.
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";
import { accounts, users } from "~/db/schema";
import type { z } from "~/schemas/zod";
import type { DbOrTx } from "../platform/db.server";
import type { Auth } from "./auth.server";
import { accountSecretLimited, recordFailedAccountSecret } from "./limits.server";
import type { SessionUser } from "./session.server";
import { checkAccountCode, TWO_FACTOR_MESSAGES } from "./two-factor.server";

export type Context = Pick<AppLoadContext, "auth" | "db" | "config">;

export const ACCOUNT_MESSAGES = {
  wrongPassword: "Current password is incorrect",
  noPassword: "Your account has no password yet. Use 'Forgot password?' on the login page to set one.",
  tooMany: "Too many wrong attempts. Please wait 15 minutes and try again.",
  codeNeeded: "Please enter the code from your authenticator app or a backup code",
  adminCannotDelete:
    "Admin accounts cannot be deleted here. Ask another admin to remove your admin role first.",
} as const;

/** Fields never sent back to the browser with a refused form. */
export const SECRET_FIELDS = ["currentPassword", "newPassword", "confirmPassword", "password"];

/** A form's errors back to that form (each form on the page reads only its own intent's answer). */
export function refuse(intent: string, result: unknown, status: number) {
  return data({ intent, result }, { status });
}

/**
 * A Settings form that carries the password: parsed, or refused as its own form's answer (400 for bad fields,
 * 429 while the account's wrong attempts are used up), the secrets never sent back.
 */
export async function parseSecretForm<Schema extends z.ZodType>(
  db: DbOrTx,
  userId: string,
  form: FormData,
  intent: string,
  schema: Schema,
) {
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success")
    return { refused: refuse(intent, submission.reply({ hideFields: SECRET_FIELDS }), 400) } as const;
  if (await accountSecretLimited(db, userId))
    return {
      refused: refuse(
        intent,
        submission.reply({ formErrors: [ACCOUNT_MESSAGES.tooMany], hideFields: SECRET_FIELDS }),
        429,
      ),
    } as const;
  return { submission } as const;
}

/** Whether the password is the account's own; "none" for an account that signs in only with Google or Apple. */
export async function checkAccountPassword(auth: Auth, db: DbOrTx, userId: string, password: string) {
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
