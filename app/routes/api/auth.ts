// better-auth's own endpoints, limited to what arrives by link or redirect: e-mail verification, password-reset
// links and OAuth callbacks. Sign-in, sign-up and sign-out go through our form actions, which rate limit them.
import { data } from "react-router";
import type { Route } from "./+types/auth";

export function loader({ request, context }: Route.LoaderArgs) {
  return context.auth.handler(request);
}

export function action({ request, context }: Route.ActionArgs) {
  // Apple returns to its callback with a form post.
  if (new URL(request.url).pathname.startsWith("/api/auth/callback/")) return context.auth.handler(request);
  throw data("Not found", { status: 404 });
}
