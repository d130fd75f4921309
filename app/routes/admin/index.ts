// /admin-dashboard opens the Orders section. Links from before the sections were routes (?tab=cards&q=...)
// land on the same section with their other parameters kept.
import { redirect } from "react-router";
import { ADMIN_TABS } from "~/components/admin/admin-nav";
import { requireAdmin } from "~/server/accounts/session.server";
import type { Route } from "./+types/index";

export async function loader({ request, context, url: asAsked }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const url = new URL(asAsked);
  const asked = url.searchParams.get("tab");
  const tab = ADMIN_TABS.find((t) => t.id === asked)?.id ?? "orders";
  url.searchParams.delete("tab");
  const search = url.searchParams.size ? `?${url.searchParams}` : "";
  return redirect(`/admin-dashboard/${tab}${search}`);
}
