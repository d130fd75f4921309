// /go/{linkId}: counts a link click and redirects to the link (GET), or records an <a ping> (POST).

import { cardCacheOptions } from "~/server/cards/card-entries.server";
import { inactiveCardEntry, resolveLinkTarget } from "~/server/cards/page-cache.server";
import { cardEntryResponse, linkRedirect } from "~/server/cards/page-responses.server";
import { parseSource } from "~/utils/card-links";
import type { Route } from "./+types/go";

type Context = Route.LoaderArgs["context"];

/** Any failure is logged and answered 500 here, with the reason kept out of the visitor's sight. */
async function answer(request: Request, linkId: string, context: Context) {
  try {
    return await redirectToLink(request, linkId, context);
  } catch (error) {
    context.logger.error({ err: error, linkId }, "link redirect failed");
    return new Response("Internal Server Error", { status: 500, headers: { "Content-Type": "text/plain" } });
  }
}

async function redirectToLink(request: Request, linkId: string, context: Context) {
  const target = await resolveLinkTarget(context.db, linkId);
  if (!target)
    return new Response("Link not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  // A paused card's links lead nowhere until it is resumed, and nothing is counted.
  if (target.paused)
    return cardEntryResponse(request, inactiveCardEntry(cardCacheOptions(context), "paused"), "link");
  const source = parseSource(new URL(request.url).searchParams.get("s"));
  const { status, headers } = linkRedirect(
    target,
    linkId,
    source,
    Object.fromEntries(request.headers),
    request.method,
  );
  return new Response(null, { status, headers });
}

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  answer(request, params.linkId, context);
export const action = ({ request, params, context }: Route.ActionArgs) =>
  answer(request, params.linkId, context);
