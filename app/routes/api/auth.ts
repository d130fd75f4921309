// better-auth's own endpoints, limited to what arrives by link or redirect: e-mail verification, password-reset
// links, OAuth callbacks and a company's identity provider returning (the SSO plugin's OIDC callback). Sign-in, sign-up and sign-out go through our form actions, which rate limit them, and
// companies through our pages, which check roles, log and limit: the plugins' own read endpoints (a company's
// members, its invitations, the session) are not served.
import { data } from "react-router";
import type { Route } from "./+types/auth";

const LINKS_AND_CALLBACKS = [
  "/api/auth/verify-email",
  "/api/auth/reset-password/",
  "/api/auth/callback/",
  "/api/auth/sso/callback/",
];

const notFound = () => data("Not found", { status: 404 });

export function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  if (!LINKS_AND_CALLBACKS.some((p) => path.startsWith(p))) throw notFound();
  return context.auth.handler(request);
}

export function action({ request, context }: Route.ActionArgs) {
  // Apple returns to its callback with a form post.
  if (new URL(request.url).pathname.startsWith("/api/auth/callback/")) return context.auth.handler(request);
  throw notFound();
}
