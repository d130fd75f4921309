// The picture shown when a card's address is shared in a messaging app (og:image). The address names the card's
// version, so that picture may be kept for good; any other version, or a paused card, is not kept.
import { getCardPageBySlug } from "~/server/cards/card-reads.server";
import { cardOgImage, neutralOgImage } from "~/server/cards/og-image.server";
import { ImageError } from "~/server/platform/images.server";
import { IMMUTABLE_CACHE } from "~/server/platform/storage.server";
import type { Route } from "./+types/og-image";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await getCardPageBySlug(context.db, params.slug);
  if (!page)
    return new Response("Page Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const current = new URL(request.url).searchParams.get("v") === String(page.version);
  try {
    // A paused card's preview shows nothing of its owner, nor does the card of someone who left its company.
    const inactive = Boolean(page.pausedAt || page.departedNotice);
    const png = inactive ? await neutralOgImage() : await cardOgImage(context.config, page);
    return new Response(new Uint8Array(png), {
      headers: {
        "Content-Type": "image/png",
        "Cache-Control": current && !inactive ? IMMUTABLE_CACHE : "no-cache",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    return new Response(error.message, {
      status: 503,
      headers: { "Content-Type": "text/plain", "Retry-After": "60" },
    });
  }
}
