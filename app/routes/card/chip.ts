// /c/{token}: a physical card's own chip address, when the fast path (server/app.ts) has not cached it yet. It
// opens the card's page as an NFC view, the 'turned off' notice for a card its owner turned off, or 404.

import { cardCacheOptions } from "~/server/cards/card-entries.server";
import { loadChipEntry, notFoundEntry } from "~/server/cards/page-cache.server";
import { cardEntryResponse } from "~/server/cards/page-responses.server";
import type { Route } from "./+types/chip";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const options = cardCacheOptions(context);
  const entry = (await loadChipEntry(options, params.token)) ?? notFoundEntry(options);
  return cardEntryResponse(request, entry, "nfc");
}
