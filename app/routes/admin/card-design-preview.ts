// The admin's Design page's preview (/admin-dashboard/edit/{id}/preview?theme=...): any card's page as a visitor
// would see it in the design given in the address, saved or not. Admins only; framed only by our own pages.
import { requireAdmin } from "~/server/accounts/session.server";
import { cardForAdmin, previewResponse } from "~/server/cards/card-design.server";
import type { Route } from "./+types/card-design-preview";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const card = await cardForAdmin(context.db, params.id);
  return previewResponse(context.db, card, request, {
    publicUrl: context.config.publicUrl,
    siteName: context.config.shop.name,
  });
}
