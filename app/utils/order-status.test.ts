// Every sentence about where an order is comes from its state and its fulfilment: walked here state by state.
import { describe, expect, it } from "vitest";
import { fulfilmentState } from "./fulfilment";
import { type OrderFacts, orderStatus } from "./order-status";

const paidAt = "2026-12-01T10:00:00.000Z";
const writtenAt = "2026-12-02T09:00:00.000Z";
// 23:30 UTC on 2 December is still 2 December in London (winter time): the shop's own day, wherever it is read.
const postedAt = "2026-12-02T23:30:00.000Z";
const deliveredAt = "2026-12-04T12:00:00.000Z";

const cardOrder: OrderFacts = {
  status: "paid",
  paymentMethod: "bank_transfer",
  cards: 1,
  deliveryName: "UK Track & Signed (1-3 working days)",
  paidAt,
  preparingSince: null,
  postedAt: null,
  deliveredAt: null,
  carrier: null,
};

const read = (o: Partial<OrderFacts>) => orderStatus({ ...cardOrder, ...o });

describe("an order's status", () => {
  it("walks a card order from awaiting payment to delivered, each sentence saying where it is", () => {
    const walk = [
      read({ status: "awaiting_payment", paidAt: null }),
      read({}),
      read({ preparingSince: writtenAt }),
      read({ preparingSince: writtenAt, postedAt, carrier: "Royal Mail" }),
      read({ status: "completed", preparingSince: writtenAt, postedAt, deliveredAt, carrier: "Royal Mail" }),
    ];
    expect(walk).toEqual([
      {
        stage: "Awaiting payment",
        headline: "is awaiting payment.",
        cards: "We write your links to your card and post it by UK Track & Signed (1-3 working days).",
      },
      {
        stage: "Paid",
        headline: "is confirmed.",
        cards: "We write your links to your card and post it by UK Track & Signed (1-3 working days).",
      },
      {
        stage: "Being prepared",
        headline: "is confirmed and being prepared.",
        cards:
          "We are writing your links to your card, then we post it by UK Track & Signed (1-3 working days).",
      },
      {
        stage: "Posted",
        headline: "was posted on 2 Dec 2026.",
        cards: "Your card was posted on 2 Dec 2026 with Royal Mail.",
      },
      {
        stage: "Delivered",
        headline: "was delivered on 4 Dec 2026.",
        cards: "Your card was delivered on 4 Dec 2026.",
      },
    ]);
  });

  it("says a company's cards carry each member's company page, not the buyer's links", () => {
    expect(read({ forMembers: true, cards: 2 }).cards).toBe(
      "We write each member's company page to their cards and post them by UK Track & Signed (1-3 working days).",
    );
    expect(read({ forMembers: true, preparingSince: writtenAt }).cards).toBe(
      "We are writing the member's company page to their card, then we post it by UK Track & Signed (1-3 working days).",
    );
    expect(
      read({ forMembers: true, cards: 2, preparingSince: writtenAt, parcels: { count: 2, posted: 1 } }).cards,
    ).toBe(
      "We are writing each member's company page to their cards, then we post them, each to its member's address. So far 1 of 2 parcels are posted.",
    );
  });

  it("words several cards, an order without a delivery option and a carrier it does not name", () => {
    expect(read({ cards: 3, deliveryName: null }).cards).toBe(
      "We write your links to your cards and post them to you.",
    );
    expect(read({ cards: 2, preparingSince: writtenAt, postedAt, carrier: null }).cards).toBe(
      "Your cards were posted on 2 Dec 2026.",
    );
  });

  it("counts an order completed before posting was recorded as delivered, with no date it does not know", () => {
    expect(read({ status: "completed" })).toEqual({
      stage: "Delivered",
      headline: "was delivered.",
      cards: "Your card was delivered.",
    });
  });

  it("says cancelled and refunded whatever was done before, and promises nothing more", () => {
    expect(read({ status: "cancelled", paidAt: null })).toEqual({
      stage: "Cancelled",
      headline: "was cancelled.",
      cards: null,
    });
    expect(read({ status: "refunded", preparingSince: writtenAt, postedAt })).toEqual({
      stage: "Refunded",
      headline: "was refunded.",
      cards: null,
    });
  });

  it("words an order with nothing to post: paid, then complete", () => {
    const noCards = { cards: 0, deliveryName: null };
    expect(read({ ...noCards })).toEqual({ stage: "Paid", headline: "is confirmed.", cards: null });
    expect(read({ ...noCards, status: "completed" })).toEqual({
      stage: "Completed",
      headline: "is complete.",
      cards: null,
    });
  });
});

describe("a card's state in My Cards", () => {
  it("follows its order's status: delivered once the order is complete, even with no posting recorded", () => {
    const card = { orderStatus: "completed", writtenAt: null, postedAt: null, deliveredAt: null };
    expect(fulfilmentState(card)).toBe("Delivered");
    expect(fulfilmentState({ ...card, orderStatus: "paid", writtenAt })).toBe("Written");
    expect(fulfilmentState({ ...card, orderStatus: "paid", writtenAt, postedAt })).toBe("Posted");
  });
});
