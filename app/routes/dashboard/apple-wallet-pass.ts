// A card as an Apple Wallet pass (/dashboard/cards/{WC1234}/wallet.pkpass): the owner's own card, or a company
// card for its company's owners and admins; only when Apple Wallet is configured.
import { data } from "react-router";
import { requireUser } from "~/server/accounts/session.server";
import { passCard } from "~/server/cards/apple-wallet.server";
import { passResponse } from "~/server/cards/apple-wallet-service.server";
import { reachableCardId } from "~/server/cards/card-access.server";
import type { Route } from "./+types/apple-wallet-pass";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const cardId = await reachableCardId(context.db, user, params.cardNumber);
  const { config } = context;
  if (!config.appleWallet) throw data("Apple Wallet is not available", { status: 404 });
  return passResponse(
    { ...config, appleWallet: config.appleWallet },
    cardId,
    await passCard(context.db, cardId),
  );
}
