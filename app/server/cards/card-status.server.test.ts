// Every sentence My Cards and the admin card view say about a card is derived from its state: this walks the states
// (live, paused by the owner or the shop, one card lost, a replacement ordered, paid and written, a card or the
// older cards turned off by the shop) and reads what each says.
import { describe, expect, it } from "vitest";
import { type CardStateFacts, describeCardState } from "./card-status.server";

type Card = CardStateFacts["physicalCards"][number];
const card = (token: string, over: Partial<Card> = {}): Card => ({
  id: token,
  token,
  state: "active",
  offReason: null,
  turnedOffBy: null,
  replacesId: null,
  replacesOlderCards: false,
  orderNumber: null,
  ...over,
});
const facts = (over: Partial<CardStateFacts> = {}): CardStateFacts => ({
  pausedAt: null,
  pausedBy: null,
  olderCardsOffAt: null,
  olderCardsOffBy: null,
  hasOlderCards: false,
  physicalCards: [],
  replacementsAwaitingPayment: [],
  ...over,
});
const when = new Date("2026-11-28T10:00:00Z");
const lostA = card("AAAAAAA44sC", { state: "off", offReason: "lost", turnedOffBy: "owner" });
const keptB = card("BBBBBBBXy12");
const owner = (f: CardStateFacts) => describeCardState(f, "owner");
const admin = (f: CardStateFacts) => describeCardState(f, "admin");
const line = (status: ReturnType<typeof owner>, id: string) => status.cards.find((c) => c.id === id)!;

describe("a card's status, as its owner reads it", () => {
  it("live: every card and the address open the page", () => {
    const s = owner(facts({ physicalCards: [keptB] }));
    expect(s.sentence).toBe("Live: your page opens from every card and its address.");
    expect(line(s, keptB.id)).toMatchObject({
      label: "Card …Xy12",
      state: "Active",
      sentence: "Active: it opens your page. It has its own address, so it can be turned off alone.",
      canReportLost: true,
      canTurnOn: false,
      canOrderReplacement: true,
    });
  });

  it("paused by the owner, who can resume it", () => {
    const s = owner(facts({ pausedAt: when, pausedBy: "owner", physicalCards: [keptB] }));
    expect(s.sentence).toBe(
      "Paused: your page, its links and contact card say 'This card is paused', and no views are counted.",
    );
    expect(s).toMatchObject({ paused: true, heldByShop: false });
  });

  it("paused before who paused was recorded: the owner's", () => {
    expect(owner(facts({ pausedAt: when, pausedBy: null }))).toMatchObject({
      paused: true,
      heldByShop: false,
    });
  });

  it("paused by the shop, which only the shop can resume", () => {
    const s = owner(facts({ pausedAt: when, pausedBy: "shop", physicalCards: [keptB] }));
    expect(s.sentence).toBe(
      "Paused by the shop: your page, its links and contact card say 'This card is paused', and no views are counted. Only the shop can resume it.",
    );
    expect(s).toMatchObject({ paused: true, heldByShop: true });
  });

  it("one card lost: the status no longer says every card opens the page", () => {
    const s = owner(facts({ physicalCards: [lostA, keptB] }));
    expect(s.sentence).toBe(
      "Live: your page opens at its address and from Card …Xy12; Card …44sC is turned off.",
    );
    expect(line(s, lostA.id)).toMatchObject({
      label: "Card …44sC",
      state: "Turned off",
      sentence: "Turned off (lost): it no longer opens your page.",
      canReportLost: false,
      canTurnOn: true,
      canOrderReplacement: true,
    });
  });

  it("every card off: the page opens only at its address", () => {
    const s = owner(facts({ physicalCards: [lostA] }));
    expect(s.sentence).toBe(
      "Live at its address, but none of your cards opens it: Card …44sC is turned off.",
    );
  });

  it("lost, with a replacement ordered and awaiting payment", () => {
    const s = owner(
      facts({
        physicalCards: [lostA, keptB],
        replacementsAwaitingPayment: [{ physicalCardId: lostA.id, orderNumber: "WC123456" }],
      }),
    );
    expect(line(s, lostA.id)).toMatchObject({
      sentence: "Turned off (lost). A replacement is ordered: it is made once order WC123456 is paid.",
      canOrderReplacement: false,
    });
  });

  it("lost, with a replacement paid for: it is on its way, and none is offered again", () => {
    const replacement = card("RRRRRRRR123", { state: "to_write", replacesId: lostA.id });
    const s = owner(facts({ physicalCards: [lostA, keptB, replacement] }));
    expect(line(s, lostA.id)).toMatchObject({
      sentence: "Turned off (lost). A replacement is on its way: Card …R123 is being made.",
      canTurnOn: true,
      canOrderReplacement: false,
    });
    expect(line(s, replacement.id)).toMatchObject({
      state: "Being made",
      sentence: "Being made: the replacement for Card …44sC.",
      canOrderReplacement: false,
    });
    expect(s.sentence).toBe(
      "Live: your page opens at its address and from Card …Xy12; Card …44sC is turned off.",
    );
  });

  it("a replacement paid for a card still on: that card opens the page until the new one is written", () => {
    const replacement = card("RRRRRRRR123", { state: "to_write", replacesId: keptB.id });
    const s = owner(facts({ physicalCards: [keptB, replacement] }));
    expect(line(s, keptB.id)).toMatchObject({
      sentence: "Active: it opens your page until its replacement, Card …R123, is written.",
      canReportLost: true,
      canOrderReplacement: false,
    });
  });

  it("replacement written: the lost card says it was replaced, and the new one opens the page", () => {
    const replaced = { ...lostA, offReason: "replaced" };
    const replacement = card("RRRRRRRR123", { replacesId: lostA.id });
    const s = owner(facts({ physicalCards: [replaced, keptB, replacement] }));
    expect(line(s, lostA.id)).toMatchObject({
      sentence: "Turned off: replaced by Card …R123.",
      canOrderReplacement: false,
    });
    expect(line(s, replacement.id)).toMatchObject({
      state: "Active",
      sentence: "Active: it opens your page. The replacement for Card …44sC.",
      canOrderReplacement: true,
    });
    expect(s.sentence).toBe(
      "Live: your page opens at its address and from Card …Xy12 and Card …R123; Card …44sC is turned off.",
    );
  });

  it("a card turned off by the shop, which only the shop can turn back on", () => {
    const takenDown = card("AAAAAAA44sC", {
      state: "off",
      offReason: "turned off by the shop",
      turnedOffBy: "shop",
    });
    const s = owner(facts({ physicalCards: [takenDown, keptB] }));
    expect(line(s, takenDown.id)).toMatchObject({
      state: "Turned off by the shop",
      sentence: "Turned off by the shop: only the shop can turn it back on.",
      offByShop: true,
      canTurnOn: false,
    });
    // Rows from before who turned a card off was recorded: the shop's own reason says it was the shop.
    const before = owner(facts({ physicalCards: [{ ...takenDown, turnedOffBy: null }] }));
    expect(line(before, takenDown.id)).toMatchObject({ offByShop: true, canTurnOn: false });
  });

  it("older cards: shown only for a page that has some, with their own state", () => {
    expect(owner(facts({ physicalCards: [keptB] })).older).toBeNull();
    const on = owner(facts({ hasOlderCards: true }));
    expect(on.sentence).toBe("Live: your page opens from every card and its address.");
    expect(on.older).toMatchObject({
      id: "older",
      label: "Older cards",
      state: "Active",
      sentence: "Active: cards written with your page's own address open it.",
      canReportLost: true,
    });

    const off = owner(facts({ hasOlderCards: true, olderCardsOffAt: when, olderCardsOffBy: "owner" }));
    expect(off.sentence).toBe(
      "Live at its address, but none of your cards opens it: the older cards are turned off.",
    );
    expect(off.older).toMatchObject({
      state: "Turned off",
      sentence: "Turned off: cards written with your page's own address no longer open it.",
      canTurnOn: true,
    });

    const withCard = owner(
      facts({ hasOlderCards: true, olderCardsOffAt: when, olderCardsOffBy: "shop", physicalCards: [keptB] }),
    );
    expect(withCard.sentence).toBe(
      "Live: your page opens at its address and from Card …Xy12; the older cards are turned off.",
    );
    expect(withCard.older).toMatchObject({
      state: "Turned off by the shop",
      sentence: "Turned off by the shop: only the shop can turn them back on.",
      canTurnOn: false,
    });
  });

  it("older cards replaced: the replacement says so while it is made", () => {
    const replacement = card("RRRRRRRR123", { state: "to_write", replacesOlderCards: true });
    const s = owner(facts({ hasOlderCards: true, physicalCards: [replacement] }));
    expect(s.older).toMatchObject({
      sentence:
        "Active: cards written with your page's own address open it until their replacement, Card …R123, is written.",
      canOrderReplacement: false,
    });
    expect(line(s, replacement.id).sentence).toBe("Being made: the replacement for your older cards.");
  });

  it("keeps a token's case: …44sC, never …44sc", () => {
    const s = owner(facts({ physicalCards: [lostA] }));
    expect(JSON.stringify(s)).toContain("…44sC");
    expect(JSON.stringify(s)).not.toContain("…44sc");
  });
});

describe("a card's status, as the admin reads it", () => {
  it("says who paused the page and who turned each card off", () => {
    expect(admin(facts()).sentence).toBe("Live");
    expect(admin(facts({ pausedAt: when, pausedBy: "owner" })).sentence).toBe("Paused by the owner");
    expect(admin(facts({ pausedAt: when, pausedBy: "shop" })).sentence).toBe("Paused by the shop");

    const takenDown = card("CCCCCCCTk9Z", {
      state: "off",
      offReason: "turned off by the shop",
      turnedOffBy: "shop",
    });
    const replacement = card("RRRRRRRR123", {
      state: "to_write",
      replacesId: lostA.id,
      orderNumber: "WC654321",
    });
    const s = admin(facts({ hasOlderCards: true, physicalCards: [lostA, takenDown, replacement] }));
    expect(line(s, lostA.id).sentence).toBe("Turned off by the owner (lost)");
    expect(line(s, takenDown.id).sentence).toBe("Turned off by the shop");
    expect(line(s, replacement.id).sentence).toBe("To write · replacement for Card …44sC · order WC654321");
    expect(line(s, takenDown.id).canTurnOn).toBe(true); // the admin undoes anyone's
    expect(s.older?.sentence).toBe("Active");
    const replaced = admin(
      facts({
        physicalCards: [
          { ...lostA, offReason: "replaced" },
          { ...replacement, state: "active" },
        ],
      }),
    );
    expect(line(replaced, lostA.id).sentence).toBe("Turned off (replaced by Card …R123)");
    expect(
      admin(facts({ hasOlderCards: true, olderCardsOffAt: when, olderCardsOffBy: "shop" })).older?.sentence,
    ).toBe("Turned off by the shop");
  });
});
