// 'Save contact': the card owner's vCard, built on the server from the page (photo embedded as JPEG).

import { redirect } from "react-router";
import { cardCacheOptions } from "~/server/cards/card-entries.server";
import { getCardPageBySlug } from "~/server/cards/card-reads.server";
import { inactiveCardEntry } from "~/server/cards/page-cache.server";
import { cardEntryResponse } from "~/server/cards/page-responses.server";
import { buildVCard, vCardDisposition } from "~/server/cards/vcard.server";
import { readProfileJpeg } from "~/server/platform/storage.server";
import { cardReach } from "~/utils/card-reach";
import type { Route } from "./+types/vcard";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await getCardPageBySlug(context.db, params.slug);
  if (!page)
    return new Response("Page Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  // A paused card gives out none of its owner's details.
  if (page.pausedAt)
    return cardEntryResponse(request, inactiveCardEntry(cardCacheOptions(context), "paused"), "link");
  // Nor does the card of someone who left the company that gave it: its page is the company's notice.
  if (page.departedNotice) return redirect(`/${page.slug}`);
  const jpeg = page.profileImageUrl ? await readProfileJpeg(context.config, page.profileImageUrl) : null;
  const vcard = buildVCard({
    name: page.name,
    organisation: page.businessName,
    // Every way to reach the owner the page shows: its tel:, mailto: and web links as well as its contact details.
    ...cardReach(page),
    url: `${context.config.publicUrl}/${page.slug}`,
    note: page.bio,
    photo: jpeg ? { type: "JPEG", base64: jpeg.toString("base64") } : null,
  });
  return new Response(vcard, {
    headers: {
      "Content-Type": "text/vcard; charset=utf-8",
      "Content-Disposition": vCardDisposition(page.name),
      "Cache-Control": "no-cache",
    },
  });
}
