// Customer e-mails for the card form's Owner field suggestions: admin only, a prefix search of 3+ characters.

import { requireAdmin } from "~/server/accounts/session.server";
import { searchCustomers } from "~/server/cards/card-owners.server";
import type { Route } from "./+types/customers";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return Response.json({ customers: await searchCustomers(context.db, q) });
}
