// The public card page when the in-memory fast path (server/app.ts) has not cached it yet: loads and caches
// it, or answers 'Page Not Found' with status 404. No React on this page: it ships no JavaScript.

import { cardCacheOptions } from "~/server/cards/card-entries.server";
import { loadCardEntry, notFoundEntry } from "~/server/cards/page-cache.server";
import { cardEntryResponse } from "~/server/cards/page-responses.server";
import { parseSource } from "~/utils/card-links";
import type { Route } from "./+types/page";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const source = parseSource(new URL(request.url).searchParams.get("s"));
  const options = cardCacheOptions(context);
  const entry = (await loadCardEntry(options, params.slug, source)) ?? notFoundEntry(options);
  return cardEntryResponse(request, entry, source);
}
