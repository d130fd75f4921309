// Google / Apple sign-in from a form post: redirect to the provider when configured, else say it is coming.
import { data, redirect } from "react-router";
import { SocialProviderSchema } from "~/schemas/auth";
import { type Auth, callAuth } from "./auth.server";
import type { Config } from "./env.server";
import { dataWithToast } from "./toast.server";

export async function startSocialLogin(auth: Auth, config: Config, request: Request, formData: FormData) {
  const parsed = SocialProviderSchema.safeParse(formData.get("provider"));
  if (!parsed.success) throw data({ error: "Unknown sign-in provider" }, { status: 400 });
  const provider = parsed.data;
  const label = provider === "google" ? "Google" : "Apple";
  if (!config[provider]) {
    return dataWithToast(
      { social: `Login with ${label} is coming soon` },
      { type: "info", title: `Login with ${label} is coming soon` },
    );
  }
  const result = await callAuth(() =>
    auth.api.signInSocial({
      body: { provider, callbackURL: "/dashboard", errorCallbackURL: "/login" },
      headers: request.headers,
      asResponse: true,
    }),
  );
  const url = typeof result.body?.url === "string" ? result.body.url : null;
  if (!result.ok || !url)
    throw data({ error: `Login with ${label} failed. Please try again.` }, { status: 502 });
  return redirect(url, { headers: result.headers });
}
