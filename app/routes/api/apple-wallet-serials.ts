// Apple's pass web service: which of a device's card passes changed since the tag it was last given.
import { changedSerials } from "~/server/cards/apple-wallet-service.server";
import type { Route } from "./+types/apple-wallet-serials";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return changedSerials(context.db, context.config, request, params);
}
