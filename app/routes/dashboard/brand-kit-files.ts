// The brand kit's downloads (/dashboard/cards/{WC1234}/brand-kit/{file}): the e-mail signature, the video-call
// background as PNG or JPEG, and the QR code for print as SVG or PNG (?colour=brand|black). The card's owner only,
// or the owners and admins of the company that gave it.
import { requireUser } from "~/server/accounts/session.server";
import { brandKitCard, brandKitFile } from "~/server/cards/brand-kit.server";
import type { Route } from "./+types/brand-kit-files";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const card = await brandKitCard(context.db, user, params.cardNumber);
  return brandKitFile(card, params.file, new URL(request.url), context.config);
}
