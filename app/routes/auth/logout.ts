import { redirect } from "react-router";
import { callAuth } from "~/server/accounts/auth.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await callAuth(() =>
    context.auth.api.signOut({ headers: request.headers, asResponse: true }),
  );
  return redirectWithToast(
    "/login",
    { type: "success", title: "Logged out", description: "You have been successfully logged out" },
    { headers: result.headers },
  );
}
