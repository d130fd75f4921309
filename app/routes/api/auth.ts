// better-auth's own endpoints, limited to what arrives by link or redirect: e-mail verification, password-reset
// links, OAuth callbacks and a company's identity provider returning (the SSO plugin's OIDC callback, and for
// SAML its assertion consumer and the metadata the provider reads). Sign-in, sign-up and sign-out go through our
// form actions, which rate limit them, and companies through our pages, which check roles, log and limit: the
// plugins' own read endpoints (a company's members, its invitations, the session) are not served.
import { data } from "react-router";
import type { Route } from "./+types/auth";

/** A company's SAML provider posts its signed response here (and the plugin answers a GET with a redirect). */
const SAML_ACS = "/api/auth/sso/saml2/sp/acs/";
/** The shop's SAML metadata for a company's provider (?providerId=): public, what its provider registers. */
const SAML_SP_METADATA = "/api/auth/sso/saml2/sp/metadata";

const LINKS_AND_CALLBACKS = [
  "/api/auth/verify-email",
  "/api/auth/reset-password/",
  "/api/auth/callback/",
  "/api/auth/sso/callback/",
  SAML_ACS,
];

const notFound = () => data("Not found", { status: 404 });

export function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  if (path !== SAML_SP_METADATA && !LINKS_AND_CALLBACKS.some((p) => path.startsWith(p))) throw notFound();
  return context.auth.handler(request);
}

export function action({ request, context }: Route.ActionArgs) {
  // Apple returns to its callback with a form post, and a SAML provider to the assertion consumer.
  const path = new URL(request.url).pathname;
  if (path.startsWith("/api/auth/callback/")) return context.auth.handler(request);
  if (request.method === "POST" && path.startsWith(SAML_ACS)) return context.auth.handler(request);
  throw notFound();
}
