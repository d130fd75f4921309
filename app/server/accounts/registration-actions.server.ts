// The registration form: an account with a password (better-auth sends the verification link), or social
// sign-in. Rate limited per network. A taken address gets the same answer as a new one: better-auth tells its
// owner by e-mail instead (auth.server.ts), so the form does not reveal who has an account.
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { RegisterSchema } from "~/schemas/auth";
import { hitRateLimit } from "../platform/rate-limit.server";
import { addressKey } from "../platform/rate-limit-address.server";
import { callAuth } from "./auth.server";
import { ssoRequiredFor, ssoRequiredMessage } from "./company-sign-in.server";
import { ACCOUNT_LIMITS } from "./limits.server";
import { startSocialLogin } from "./social-login.server";

type RegistrationContext = Pick<
  AppLoadContext,
  "auth" | "db" | "clientIp" | "config" | "logger" | "pokeOutbox"
>;

export async function handleRegisterAction(
  context: RegistrationContext,
  request: Request,
  formData: FormData,
) {
  if (formData.get("intent") === "social")
    return startSocialLogin(context.auth, context.config, request, formData);

  const submission = parseWithZod(formData, { schema: RegisterSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { name, email, password } = submission.value;
  // The company makes its people's accounts at their first single sign-on; a password account would never be used.
  const ssoRule = await ssoRequiredFor(context.db, email);
  if (ssoRule)
    return data(
      { result: submission.reply({ formErrors: [ssoRequiredMessage(ssoRule)], hideFields: ["password"] }) },
      { status: 403 },
    );

  const limit = await hitRateLimit(
    context.db,
    `register:ip:${addressKey(context.clientIp)}`,
    ACCOUNT_LIMITS.register,
  );
  if (!limit.allowed) {
    return data(
      {
        result: submission.reply({
          formErrors: ["Too many registrations from your network. Please try again later."],
        }),
      },
      { status: 429 },
    );
  }

  const result = await callAuth(() =>
    context.auth.api.signUpEmail({
      body: { name, email, password, callbackURL: "/login?verified=1" },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (!result.ok) {
    const code = String(result.body?.code ?? "");
    context.logger.warn({ code, status: result.status }, "sign-up refused");
    const message = code.includes("PASSWORD")
      ? String(result.body?.message)
      : "Registration failed. Please try again.";
    return data(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  context.pokeOutbox();
  return data({ registered: true as const });
}
