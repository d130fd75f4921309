// Forgotten passwords: asking for a reset link (the same answer whether or not the address has an account, rate
// limited per network) and choosing a new password with it.
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { type AppLoadContext, data } from "react-router";
import { users, verifications } from "~/db/schema";
import { ForgotPasswordSchema, ResetPasswordSchema } from "~/schemas/auth";
import type { DbOrTx } from "../platform/db.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { addressKey } from "../platform/rate-limit-address.server";
import { redirectWithToast } from "../platform/toast.server";
import { callAuth } from "./auth.server";
import { ssoRequiredFor, ssoRequiredMessage } from "./company-sign-in.server";
import { ACCOUNT_LIMITS } from "./limits.server";

export async function handleForgotPasswordAction(
  context: Pick<AppLoadContext, "auth" | "db" | "clientIp" | "pokeOutbox">,
  request: Request,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // A password is never used for such an address, so none is set: this tells the domain's rule, not the account.
  const ssoRule = await ssoRequiredFor(context.db, submission.value.email);
  if (ssoRule)
    return data({ result: submission.reply({ formErrors: [ssoRequiredMessage(ssoRule)] }) }, { status: 403 });
  const limit = await hitRateLimit(
    context.db,
    `reset:ip:${addressKey(context.clientIp)}`,
    ACCOUNT_LIMITS.passwordReset,
  );
  if (limit.allowed) {
    await callAuth(() =>
      context.auth.api.requestPasswordReset({
        body: { email: submission.value.email, redirectTo: "/reset-password" },
        headers: request.headers,
        asResponse: true,
      }),
    );
    context.pokeOutbox();
  }
  return data({ sent: true as const });
}

export async function handleResetPasswordAction(
  context: Pick<AppLoadContext, "auth" | "db">,
  request: Request,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // A link asked for before the company required single sign-on is refused too.
  const ssoRule = await ssoRuleForResetToken(context.db, submission.value.token);
  if (ssoRule)
    return data({ result: submission.reply({ formErrors: [ssoRequiredMessage(ssoRule)] }) }, { status: 403 });
  const result = await callAuth(() =>
    context.auth.api.resetPassword({
      body: { newPassword: submission.value.password, token: submission.value.token },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (!result.ok) {
    return data(
      {
        result: submission.reply({
          formErrors: ["This reset link is invalid or has expired. Please ask for a new one."],
        }),
      },
      { status: 400 },
    );
  }
  return redirectWithToast("/login", {
    type: "success",
    title: "Password updated",
    description: "You can now log in with your new password.",
  });
}

/** The single sign-on rule of the account a reset link belongs to (better-auth keeps the link as a verification). */
async function ssoRuleForResetToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(eq(verifications.identifier, `reset-password:${token}`));
  return row ? ssoRequiredFor(db, row.email) : null;
}
