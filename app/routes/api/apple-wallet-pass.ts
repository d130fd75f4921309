// Apple's pass web service: a card's latest pass, for a device told of a change.
import { latestPass } from "~/server/cards/apple-wallet-service.server";
import type { Route } from "./+types/apple-wallet-pass";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return latestPass(context.db, context.config, request, params);
}
