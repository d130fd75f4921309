// Google / Apple sign-in: which providers are configured, and the form post that redirects to one of them.
import { data, redirect } from "react-router";
import { type SocialProvider, SocialProviderSchema } from "~/schemas/auth";
import type { Config } from "../platform/env.server";
import { type Auth, callAuth } from "./auth.server";

/** The providers whose keys are set; the login and register pages show a button for these only. */
export function configuredSocialProviders(config: Config): SocialProvider[] {
  return (["google", "apple"] as const).filter((provider) => config[provider]);
}

export async function startSocialLogin(auth: Auth, config: Config, request: Request, formData: FormData) {
  const parsed = SocialProviderSchema.safeParse(formData.get("provider"));
  if (!parsed.success) throw data({ error: "Unknown sign-in provider" }, { status: 400 });
  const provider = parsed.data;
  const label = provider === "google" ? "Google" : "Apple";
  // No button is shown for it, so only a hand-made post gets here.
  if (!config[provider])
    return data({ socialError: `Login with ${label} is not available` }, { status: 400 });
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
