// The short address of the prospects tool: a signed-in customer lands in the dashboard's Cold Calling.
import { redirect } from "react-router";
import { requireUser } from "~/server/accounts/session.server";
import type { Route } from "./+types/cold-calling";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  return redirect("/dashboard/cold-calling");
}
