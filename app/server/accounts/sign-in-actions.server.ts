// The sign-in forms: /login (customers and admins, with social sign-in) and /admin-login (admins only). Both
// count failed attempts (docs/security.md#rate-limits) and hand a two-factor account to its code step, where
// there is no session until the code is right.
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data, redirect } from "react-router";
import { AdminLoginSchema, LoginSchema } from "~/schemas/auth";
import { safeRedirect } from "../platform/forms.server";
import { dataWithToast, toastHeaders } from "../platform/toast.server";
import { checkAdminPassword } from "./admin-accounts.server";
import { callAuth } from "./auth.server";
import { ssoRequiredFor, ssoRequiredMessage } from "./company-sign-in.server";
import { checkSignInAttempt, recordSuccessfulSignIn, SIGN_IN_REFUSED } from "./limits.server";
import { startSocialLogin } from "./social-login.server";
import { codeStep, handleSignInCodeForm, isTwoFactorChallenge } from "./two-factor-sign-in.server";

const LOGIN_MESSAGES = {
  invalid: "Invalid email or password",
  // Links are sent at most 3 times an hour (docs/security.md#rate-limits), so this does not promise a new one.
  notVerified:
    "Please verify your e-mail address first: open the link in the e-mail we sent you. We send a new link at most 3 times an hour.",
} as const;

type SignInContext = Pick<AppLoadContext, "auth" | "db" | "clientIp" | "config" | "pokeOutbox">;

const home = (role: string | undefined) => (role === "admin" ? "/admin-dashboard" : "/dashboard");

/** /login: the password form, social sign-in, and the code step of an account with two-factor on. */
export async function handleLoginAction(context: SignInContext, request: Request, formData: FormData) {
  if (formData.get("intent") === "social")
    return startSocialLogin(context.auth, context.config, request, formData);
  if (formData.get("intent") === "two-factor") return handleSignInCodeForm(context, request, formData, home);

  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { email, password, redirectTo } = submission.value;

  const refused = await checkSignInAttempt(context.db, "sign-in", context.clientIp, email);
  if (refused)
    return data({ result: submission.reply({ formErrors: [SIGN_IN_REFUSED[refused]] }) }, { status: 429 });
  // Said before any password is checked: it tells only the domain's rule, never whether the account exists.
  const ssoRule = await ssoRequiredFor(context.db, email);
  if (ssoRule)
    return data(
      { result: submission.reply({ formErrors: [ssoRequiredMessage(ssoRule)], hideFields: ["password"] }) },
      { status: 403 },
    );

  const result = await callAuth(() =>
    context.auth.api.signInEmail({
      body: { email, password, callbackURL: "/login?verified=1" },
      headers: request.headers,
      asResponse: true,
    }),
  );
  // The right password (two-factor's code step has its own limit): this attempt is not a failure. Anything else
  // keeps the failures taken in advance, an address not yet verified too: each such sign-in asks for an e-mail.
  if (result.ok) await recordSuccessfulSignIn(context.db, "sign-in", context.clientIp, email);
  if (isTwoFactorChallenge(result)) return codeStep(result.headers, redirectTo);
  if (result.ok) {
    const user = result.body?.user as { role?: string } | undefined;
    await toastHeaders({ type: "success", title: "Login successful" }, result.headers);
    return redirect(safeRedirect(redirectTo, home(user?.role), context.config.publicUrl), {
      headers: result.headers,
    });
  }
  context.pokeOutbox(); // an unverified sign-in may queue a fresh verification link
  const message =
    result.body?.code === "EMAIL_NOT_VERIFIED" ? LOGIN_MESSAGES.notVerified : LOGIN_MESSAGES.invalid;
  return data(
    { result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
    { status: 401 },
  );
}

/** /admin-login: admins only; any other account gets the same answer, after the same work, as a wrong password. */
export async function handleAdminLoginAction(context: SignInContext, request: Request, formData: FormData) {
  if (formData.get("intent") === "two-factor")
    return handleSignInCodeForm(context, request, formData, () => "/admin-dashboard");
  const submission = parseWithZod(formData, { schema: AdminLoginSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { email, password } = submission.value;
  const failed = (message = "Invalid credentials", status = 401) =>
    dataWithToast(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
      { type: "error", title: "Login failed", description: message },
      { status },
    );

  const refused = await checkSignInAttempt(context.db, "admin-sign-in", context.clientIp, email);
  if (refused) return failed(SIGN_IN_REFUSED[refused], 429);
  if (!(await checkAdminPassword(context.auth, context.db, email, password))) return failed();
  await recordSuccessfulSignIn(context.db, "admin-sign-in", context.clientIp, email);

  const result = await callAuth(() =>
    context.auth.api.signInEmail({ body: { email, password }, headers: request.headers, asResponse: true }),
  );
  if (isTwoFactorChallenge(result)) return codeStep(result.headers);
  if (!result.ok) return failed();
  await toastHeaders({ type: "success", title: "Login successful" }, result.headers);
  return redirect("/admin-dashboard", { headers: result.headers });
}
