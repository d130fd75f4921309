// 'Sign in with your company' (/login/company): the e-mail address's domain names the company's identity provider,
// and the browser is sent there; the provider returns to the SSO plugin's callback, which makes the session.
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data, redirect } from "react-router";
import { CompanyLoginSchema } from "~/schemas/auth";
import { hitRateLimit } from "../platform/rate-limit.server";
import { addressKey } from "../platform/rate-limit-address.server";
import { callAuth } from "./auth.server";
import { emailDomain } from "./company-sign-in.server";
import { ACCOUNT_LIMITS, SIGN_IN_REFUSED } from "./limits.server";

type LoginContext = Pick<AppLoadContext, "auth" | "db" | "clientIp">;

const OUTSIDE_DOMAINS =
  "Your company's sign-in named an address outside the company's verified domains, so you were not signed in.";

/** What the SSO plugin's error codes mean to the person who was sent back here. */
export const COMPANY_LOGIN_ERRORS: Record<string, string> = {
  sso_email_not_verified:
    "Your company's sign-in did not confirm your e-mail address, so you were not signed in.",
  // Our session rule refused it, or the plugin would not link another account to the provider.
  unable_to_create_session: OUTSIDE_DOMAINS,
  account_not_linked: OUTSIDE_DOMAINS,
};
export const COMPANY_LOGIN_FAILED = "Signing in with your company did not work. Please try again.";

export async function handleCompanyLoginAction(context: LoginContext, request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: CompanyLoginSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { email } = submission.value;
  // Each start stores a state for the callback: a generous ceiling per client address, as for password sign-ins.
  const key = `company-sign-in:ip:${addressKey(context.clientIp)}`;
  if (!(await hitRateLimit(context.db, key, ACCOUNT_LIMITS.signIn)).allowed)
    return data({ result: submission.reply({ formErrors: [SIGN_IN_REFUSED.address] }) }, { status: 429 });
  const result = await callAuth(() =>
    context.auth.api.signInSSO({
      // Back here either way: a signed-in visitor goes on to the dashboard, a refused one reads why (a SAML
      // refusal returns to the callback address with its error).
      body: { email, callbackURL: "/login/company", errorCallbackURL: "/login/company" },
      headers: request.headers,
      asResponse: true,
    }),
  );
  const url = typeof result.body?.url === "string" ? result.body.url : null;
  if (!result.ok || !url) {
    const message = `No company has set up single sign-on for @${emailDomain(email)} here. Log in with your password instead.`;
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: 404 });
  }
  return redirect(url, { headers: result.headers });
}
