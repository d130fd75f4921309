// The address written on a card's chip: the one place it is made, so every chip the shop writes carries the same
// thing. A Multi Link card written since chip addresses exist opens its page through its own address (/c/{token},
// counted as an NFC tap, and turned off alone if the card is lost: decision 026); one made before opens the page
// with the NFC source marker (?s=nfc). A One Link card holds its link itself, which opens without passing us.
import { chipPath } from "./physical-cards.server";

export type ChipCard =
  | { kind: "physical"; token: string }
  | { kind: "multi-link"; slug: string }
  | { kind: "one-link"; url: string };

export function chipUrl(publicUrl: string, card: ChipCard) {
  if (card.kind === "one-link") return card.url;
  const base = publicUrl.replace(/\/+$/, "");
  if (card.kind === "physical") return `${base}${chipPath(card)}`;
  return `${base}/${encodeURIComponent(card.slug)}?s=nfc`;
}
