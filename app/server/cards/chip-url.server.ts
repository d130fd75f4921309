// The address written on a card's chip: the one place it is made, so every chip the shop writes carries the same
// thing. A Multi Link card opens its page with the NFC source marker (?s=nfc), so its taps are counted as taps;
// a One Link card holds its link itself, which opens without passing through us.

export type ChipCard = { kind: "multi-link"; slug: string } | { kind: "one-link"; url: string };

export function chipUrl(publicUrl: string, card: ChipCard) {
  if (card.kind === "one-link") return card.url;
  return `${publicUrl.replace(/\/+$/, "")}/${encodeURIComponent(card.slug)}?s=nfc`;
}
