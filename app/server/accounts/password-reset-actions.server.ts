// Forgotten passwords: asking for a reset link (the same answer whether or not the address has an account, rate
// limited per network) and choosing a new password with it.
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { ForgotPasswordSchema, ResetPasswordSchema } from "~/schemas/auth";
import { hitRateLimit } from "../platform/rate-limit.server";
import { addressKey } from "../platform/rate-limit-address.server";
import { redirectWithToast } from "../platform/toast.server";
import { callAuth } from "./auth.server";
import { ACCOUNT_LIMITS } from "./limits.server";

export async function handleForgotPasswordAction(
  context: Pick<AppLoadContext, "auth" | "db" | "clientIp" | "pokeOutbox">,
  request: Request,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
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
  context: Pick<AppLoadContext, "auth">,
  request: Request,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
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
