// The dashboard's Cards section as data: the customer's cards with a preview of each public page, the selected
// card's profile (?card=WC1234), the QR dialog's card (?qr=WC1234) and the scan activity of the last 30 days.
// Only the signed-in customer's own cards are ever read; any other card number answers 404.
import { data } from "react-router";
import { utcDay } from "~/utils/dates";
import type { SessionUser } from "../accounts/auth.server";
import type { DbOrTx } from "../platform/db.server";
import { scanActivity } from "./card-stats.server";
import { listOwnedCards, type OwnedCard } from "./ownership.server";

/** A card number from the address, normalised; anything else is not a card number. */
function cardNumberParam(value: string | null) {
  if (value === null) return null;
  const v = value.trim().toUpperCase();
  return v.length <= 6 && /^WC\d{4}$/.test(v) ? v : "";
}

const notFound = () => data("Card not found", { status: 404 });

/** Everything the Cards section shows for the address asked. Throws a 404 for a card that is not the customer's. */
export async function loadMyCardsPage(
  db: DbOrTx,
  user: SessionUser,
  publicUrl: string,
  url: URL,
  today = utcDay(),
) {
  const cards = await listOwnedCards(db, user.id);
  const selected = cardNumberParam(url.searchParams.get("card"));
  const qr = cardNumberParam(url.searchParams.get("qr"));
  const selectedCard = selected === null ? null : cards.find((c) => c.cardNumber === selected);
  if (selectedCard === undefined) throw notFound();
  if (qr !== null && !cards.some((c) => c.cardNumber === qr)) throw notFound();

  const profile = selectedCard ? cards.find((c) => c.id === selectedCard.id) : undefined;
  const base = publicUrl.replace(/\/+$/, "");
  return {
    cards,
    publicUrl: base,
    selected: selectedCard ? selectedCard.cardNumber : null,
    qr: qr || null,
    profile: profile ?? null,
    activity: cards.length
      ? {
          points: await scanActivity(
            db,
            { ownerUserId: user.id, cardPageId: selectedCard ? selectedCard.id : undefined },
            today,
          ),
          of: selectedCard
            ? `card ${selectedCard.cardNumber}`
            : cards.length === 1
              ? "your card"
              : "your cards",
        }
      : null,
  };
}

export type MyCard = OwnedCard;
