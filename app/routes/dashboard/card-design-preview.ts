// The Design page's preview (/dashboard/cards/{WC1234}/preview?theme=...): the owner's card page as a visitor would
// see it in the design given in the address, saved or not. Only the owner's own card; framed only by the dashboard.
import { designDraft } from "~/schemas/card-design";
import { requireUser } from "~/server/accounts/session.server";
import { ownedCard, previewCardPage } from "~/server/cards/card-design.server";
import type { Route } from "./+types/card-design-preview";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const card = await ownedCard(context.db, user, params.cardNumber);
  const design = designDraft(new URL(request.url).searchParams);
  const { html, csp } = await previewCardPage(context.db, card.slug, design, {
    publicUrl: context.config.publicUrl,
    siteName: context.config.shop.name,
  });
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": csp,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
