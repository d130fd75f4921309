// Save to Google Wallet (/dashboard/cards/{WC1234}/wallet/google): sends the card's holder (or, for a company card,
// the company's owners and admins) to Google with a signed pass of the card, and from then on sends the card's
// changes to that pass. 404 when Google Wallet is not configured, as for another customer's card.
import { data } from "react-router";
import { requireUser } from "~/server/accounts/session.server";
import { reachableCardId } from "~/server/cards/card-access.server";
import { saveLink } from "~/server/cards/google-wallet.server";
import { registerGoogleWalletPass, walletCard } from "~/server/cards/google-wallet-sync.server";
import type { Route } from "./+types/card-wallet-google";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const wallet = context.config.googleWallet;
  if (!wallet) throw data("Google Wallet is not available", { status: 404 });
  const id = await reachableCardId(context.db, user, params.cardNumber);
  const card = await walletCard(context.db, id);
  if (!card) throw data("Card not found", { status: 404 });
  // Before the link goes out: a pass saved from it must never miss a change.
  await registerGoogleWalletPass(context.db, card);
  const link = await saveLink(wallet, card, {
    publicUrl: context.config.publicUrl,
    shopName: context.config.shop.name,
  });
  return new Response(null, {
    status: 303,
    headers: { Location: link, "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" },
  });
}
