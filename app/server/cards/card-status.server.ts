// What My Cards and the admin card view say about a card page and each physical card that opens it, derived from
// the state alone (docs/product.md#a-cards-states): a pure function, so every state can be walked in a unit test
// and no sentence outlives the state it describes. It also says which of the owner's actions apply.

type By = "owner" | "shop";
type PhysicalState = "to_write" | "active" | "off";

export interface CardStateFacts {
  pausedAt: Date | null;
  /** Null for a pause from before who paused was recorded: the owner's. */
  pausedBy: By | null;
  olderCardsOffAt: Date | null;
  olderCardsOffBy: By | null;
  /** The page may have cards written with its own address (?s=nfc): see `hasOlderCards`. */
  hasOlderCards: boolean;
  physicalCards: {
    id: string;
    token: string;
    state: PhysicalState;
    offReason: string | null;
    turnedOffBy: By | null;
    replacesId: string | null;
    replacesOlderCards: boolean;
    orderNumber?: string | null;
  }[];
  /** Replacements in an order still awaiting payment: the lost card (null: the older cards) and the order. */
  replacementsAwaitingPayment: { physicalCardId: string | null; orderNumber: string }[];
}

export interface CardLine {
  /** The physical card's id, or 'older' for the cards written with the page's own address. */
  id: string;
  label: string;
  /** A word or two: 'Active', 'Being made', 'Turned off', 'Turned off by the shop'. */
  state: string;
  sentence: string;
  offByShop: boolean;
  canReportLost: boolean;
  canTurnOn: boolean;
  canOrderReplacement: boolean;
}

export interface CardStatus {
  paused: boolean;
  /** Paused by the shop: only the shop can resume it. */
  heldByShop: boolean;
  sentence: string;
  cards: CardLine[];
  older: CardLine | null;
}

/** How a physical card is named everywhere: the last four characters of its token, in their own case. */
export function physicalCardLabel(token: string) {
  return `Card …${token.slice(-4)}`;
}

/**
 * Who turned a card off. Rows from before it was recorded have the admin's reason when it was the shop
 * ('turned off by the shop', see card-lifecycle-actions.server.ts), else it was the owner or a replacement.
 */
export function turnedOffByOf(card: { turnedOffBy: By | null; offReason: string | null }): By {
  return card.turnedOffBy ?? (card.offReason === SHOP_OFF_REASON ? "shop" : "owner");
}
export const SHOP_OFF_REASON = "turned off by the shop";

const PAUSED_NOTICE =
  "your page, its links and contact card say 'This card is paused', and no views are counted.";

function stateWord(state: PhysicalState, offByShop: boolean) {
  if (state === "to_write") return "Being made";
  if (state === "active") return "Active";
  return offByShop ? "Turned off by the shop" : "Turned off";
}

/** 'A', 'A and B', 'A, B and C'. */
function listOf(words: string[]) {
  return words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

export function describeCardState(facts: CardStateFacts, audience: "owner" | "admin"): CardStatus {
  const paused = facts.pausedAt !== null;
  const heldByShop = paused && facts.pausedBy === "shop";
  const cards = facts.physicalCards;
  const labelOf = (id: string | null) => {
    const card = cards.find((c) => c.id === id);
    return card ? physicalCardLabel(card.token) : "a card";
  };
  // The newest card made to replace this one (or the older cards), and an unpaid order for one.
  const replacementOf = (id: string | null) =>
    cards.findLast((c) => (id === null ? c.replacesOlderCards : c.replacesId === id));
  const orderedFor = (id: string | null) =>
    facts.replacementsAwaitingPayment.find((r) => r.physicalCardId === id);

  const lines = cards.map((card): CardLine => {
    const label = physicalCardLabel(card.token);
    const by = turnedOffByOf(card);
    const offByShop = card.state === "off" && by === "shop";
    const replacement = replacementOf(card.id);
    const ordered = orderedFor(card.id);
    const replacing = card.replacesOlderCards
      ? "your older cards"
      : card.replacesId
        ? labelOf(card.replacesId)
        : null;
    const line = { card, by, replacement, ordered, replacing };
    return {
      id: card.id,
      label,
      state: stateWord(card.state, offByShop),
      sentence: audience === "owner" ? ownerCardSentence(line) : adminCardSentence(line),
      offByShop,
      canReportLost: card.state !== "off",
      canTurnOn: card.state === "off" && (audience === "admin" || !offByShop),
      canOrderReplacement: card.state !== "to_write" && !replacement && !ordered,
    };
  });

  const olderOff = facts.olderCardsOffAt !== null;
  const olderBy = facts.olderCardsOffBy ?? "owner";
  const older: CardLine | null = facts.hasOlderCards
    ? {
        id: "older",
        label: "Older cards",
        state: stateWord(olderOff ? "off" : "active", olderOff && olderBy === "shop"),
        sentence:
          audience === "owner"
            ? ownerOlderSentence(olderOff, olderBy, replacementOf(null), orderedFor(null))
            : olderOff
              ? `Turned off by the ${olderBy}`
              : "Active",
        offByShop: olderOff && olderBy === "shop",
        canReportLost: !olderOff,
        canTurnOn: olderOff && (audience === "admin" || olderBy !== "shop"),
        canOrderReplacement: !replacementOf(null) && !orderedFor(null),
      }
    : null;

  let sentence: string;
  if (audience === "admin") sentence = paused ? `Paused by the ${heldByShop ? "shop" : "owner"}` : "Live";
  else if (heldByShop) sentence = `Paused by the shop: ${PAUSED_NOTICE} Only the shop can resume it.`;
  else if (paused) sentence = `Paused: ${PAUSED_NOTICE}`;
  else sentence = liveSentence(cards, older);
  return { paused, heldByShop, sentence, cards: lines, older };
}

/** Live: which cards open the page and which are turned off (a card still being made is neither yet). */
function liveSentence(cards: CardStateFacts["physicalCards"], older: CardLine | null) {
  const on = cards.filter((c) => c.state === "active").map((c) => physicalCardLabel(c.token));
  const off = cards.filter((c) => c.state === "off").map((c) => physicalCardLabel(c.token));
  if (older) (older.state === "Active" ? on : off).push("the older cards");
  if (!off.length) return "Live: your page opens from every card and its address.";
  const verb = off.length === 1 && off[0] !== "the older cards" ? "is" : "are";
  const offPart = `${listOf(off)} ${verb} turned off.`;
  return on.length
    ? `Live: your page opens at its address and from ${listOf(on)}; ${offPart}`
    : `Live at its address, but none of your cards opens it: ${offPart}`;
}

interface LineFacts {
  card: CardStateFacts["physicalCards"][number];
  by: By;
  replacement: CardStateFacts["physicalCards"][number] | undefined;
  ordered: { orderNumber: string } | undefined;
  /** What this card replaces, in words, if it is a replacement. */
  replacing: string | null;
}

function ownerCardSentence({ card, by, replacement, ordered, replacing }: LineFacts) {
  const next = replacement ? physicalCardLabel(replacement.token) : null;
  if (card.state === "to_write")
    return replacing
      ? `Being made: the replacement for ${replacing}.`
      : "Being made: the shop is writing this card.";
  if (card.state === "active") {
    if (next && replacement?.state === "to_write")
      return `Active: it opens your page until its replacement, ${next}, is written.`;
    return `Active: it opens your page. ${
      replacing
        ? `The replacement for ${replacing}.`
        : "It has its own address, so it can be turned off alone."
    }`;
  }
  if (by === "shop") return "Turned off by the shop: only the shop can turn it back on.";
  if (card.offReason === "replaced" && next) return `Turned off: replaced by ${next}.`;
  const off = `Turned off${card.offReason ? ` (${card.offReason})` : ""}`;
  if (next && replacement?.state === "to_write")
    return `${off}. A replacement is on its way: ${next} is being made.`;
  if (next) return `${off}: replaced by ${next}.`;
  if (ordered)
    return `${off}. A replacement is ordered: it is made once order ${ordered.orderNumber} is paid.`;
  return `${off}: it no longer opens your page.`;
}

function adminCardSentence({ card, by, replacement, replacing }: LineFacts) {
  const parts: string[] = [];
  if (card.state === "to_write") parts.push("To write");
  else if (card.state === "active") parts.push("Active");
  else if (card.offReason === "replaced")
    parts.push(
      replacement
        ? `Turned off (replaced by ${physicalCardLabel(replacement.token)})`
        : "Turned off (replaced)",
    );
  else if (by === "shop") parts.push("Turned off by the shop");
  else parts.push(`Turned off by the owner${card.offReason ? ` (${card.offReason})` : ""}`);
  if (replacing)
    parts.push(`replacement for ${replacing === "your older cards" ? "the older cards" : replacing}`);
  if (card.orderNumber) parts.push(`order ${card.orderNumber}`);
  return parts.join(" · ");
}

function ownerOlderSentence(
  off: boolean,
  by: By,
  replacement: CardStateFacts["physicalCards"][number] | undefined,
  ordered: { orderNumber: string } | undefined,
) {
  const own = "cards written with your page's own address";
  if (off)
    return by === "shop"
      ? "Turned off by the shop: only the shop can turn them back on."
      : `Turned off: ${own} no longer open it.`;
  if (replacement?.state === "to_write")
    return `Active: ${own} open it until their replacement, ${physicalCardLabel(replacement.token)}, is written.`;
  if (ordered)
    return `Active: ${own} open it. A replacement is ordered: it is made once order ${ordered.orderNumber} is paid.`;
  return `Active: ${own} open it.`;
}
