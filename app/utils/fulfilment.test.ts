// The words a customer reads about a card and an order on its way, and the carrier's tracking address.
import { describe, expect, it } from "vitest";
import { MarkPostedSchema, trackingUrl } from "~/schemas/fulfilment";
import { awaitsWriting, fulfilmentState, orderProgress } from "./fulfilment";

const paidAt = "2026-11-20T10:00:00.000Z";

describe("an order's progress", () => {
  it("is shown only for a paid or completed order with cards", () => {
    const base = { paidAt, preparingSince: null, postedAt: null, deliveredAt: null };
    expect(orderProgress({ ...base, status: "paid" }, false)).toBeNull();
    expect(orderProgress({ ...base, status: "refunded" }, true)).toBeNull();
    expect(orderProgress({ ...base, status: "awaiting_payment", paidAt: null }, true)).toBeNull();
    expect(orderProgress({ ...base, status: "paid" }, true)?.map((s) => s.done)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it("counts an order completed before posting was recorded as delivered, every step done", () => {
    const steps = orderProgress(
      { status: "completed", paidAt, preparingSince: null, postedAt: null, deliveredAt: null },
      true,
    );
    expect(steps?.map((s) => [s.label, s.done])).toEqual([
      ["Paid", true],
      ["Being prepared", true],
      ["Posted", true],
      ["Delivered", true],
    ]);
  });

  it("names a card's state from its write and its order's posting", () => {
    const card = { orderStatus: "paid", writtenAt: null, postedAt: null, deliveredAt: null };
    expect(fulfilmentState(card)).toBe("To write");
    expect(fulfilmentState({ ...card, writtenAt: paidAt })).toBe("Written");
    expect(fulfilmentState({ ...card, writtenAt: paidAt, postedAt: paidAt })).toBe("Posted");
    expect(
      fulfilmentState({ ...card, orderStatus: "completed", postedAt: paidAt, deliveredAt: paidAt }),
    ).toBe("Delivered");
    expect(fulfilmentState({ ...card, orderStatus: "refunded" })).toBe("Refunded");
  });
});

describe("a tracking number", () => {
  it("is capped before its pattern runs, stored without spaces, and URL-encoded into the carrier's page", () => {
    const parse = (trackingNumber: string) =>
      MarkPostedSchema.safeParse({ orderId: crypto.randomUUID(), carrier: "royal-mail", trackingNumber });
    expect(parse("ab 1234-5678 9gb").data?.trackingNumber).toBe("AB123456789GB");
    expect(parse(`${"A".repeat(41)}`).error?.issues[0]?.message).toBe(
      "A tracking number has at most 40 characters",
    );
    expect(parse("AB12/../x").success).toBe(false);
    expect(parse("1234").success).toBe(false);
    expect(trackingUrl("royal-mail", "AB123456789GB")).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB",
    );
    expect(trackingUrl("parcelforce", "A B&C")).toBe(
      "https://www.parcelforce.com/track-trace?trackNumber=A%20B%26C",
    );
    expect(trackingUrl("other", "AB123456789GB")).toBeNull();
  });
});

describe("posting an order", () => {
  it("waits for every card to be written, except an unnumbered One Link card of an older order", () => {
    expect(awaitsWriting({ id: "a", kind: "one-link", writtenAt: null })).toBe(true);
    expect(awaitsWriting({ id: "a", kind: "one-link", writtenAt: paidAt })).toBe(false);
    expect(awaitsWriting({ id: null, kind: "multi-link", writtenAt: null })).toBe(true);
    expect(awaitsWriting({ id: null, kind: "one-link", writtenAt: null })).toBe(false);
  });
});
