// Apple's pass web service: a device registers for a card's pass updates (POST) or unregisters (DELETE).
import { handlePassRegistration } from "~/server/cards/apple-wallet-service.server";
import type { Route } from "./+types/apple-wallet-registration";

export async function action({ request, params, context }: Route.ActionArgs) {
  return handlePassRegistration(context.db, context.config, request, params);
}
