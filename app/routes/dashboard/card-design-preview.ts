// The Design page's preview (/dashboard/cards/{WC1234}/preview?theme=...): the owner's card page as a visitor would
// see it in the design given in the address, saved or not. Only the owner's own card; framed only by the dashboard.
import { requireUser } from "~/server/accounts/session.server";
import { ownedCard, previewResponse } from "~/server/cards/card-design.server";
import type { Route } from "./+types/card-design-preview";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const card = await ownedCard(context.db, user, params.cardNumber);
  return previewResponse(context.db, card, request, {
    publicUrl: context.config.publicUrl,
    siteName: context.config.shop.name,
  });
}
