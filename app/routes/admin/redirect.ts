import { redirect } from "react-router";
import { getSessionUser } from "~/server/accounts/session.server";
import type { Route } from "./+types/redirect";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  return redirect(user?.role === "admin" ? "/admin-dashboard" : "/admin-login");
}
