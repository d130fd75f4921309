import { describe, expect, it } from "vitest";
import { CARDS, UPDATE_REQUEST_PRICE } from "~/catalog";
import { DELIVERY_OPTIONS } from "~/delivery-options";

const DELIVERY_FEE = DELIVERY_OPTIONS["uk-standard"].price;

import { commissionForItems, deliveryOptionsFor, deliveryRefusal, priceItems } from "./pricing.server";

describe("priceItems", () => {
  it("adds delivery once when the cart holds a physical card", () => {
    const t = priceItems(
      [
        { kind: "one-link", quantity: 2 },
        { kind: "multi-link", quantity: 1 },
      ],
      false,
    );
    expect(t.subtotal).toBe(2 * CARDS["one-link"].price + CARDS["multi-link"].price);
    expect(t.deliveryFee).toBe(DELIVERY_FEE);
    expect(t.discount).toBe(0);
    expect(t.total).toBe(10000 + 999);
    expect(t.itemCount).toBe(3);
  });

  it("charges no delivery for a cart of update requests only", () => {
    const t = priceItems([{ kind: "update-request", quantity: 1 }], false);
    expect(t).toMatchObject({ subtotal: UPDATE_REQUEST_PRICE, deliveryFee: 0, total: UPDATE_REQUEST_PRICE });
  });

  it("takes 10% of subtotal plus delivery off when a referrer is chosen", () => {
    const t = priceItems([{ kind: "multi-link", quantity: 1 }], true);
    expect(t.discount).toBe(Math.round((5000 + 999) / 10));
    expect(t.total).toBe(5000 + 999 - 600);
  });

  it("pays 20% commission on card prices only", () => {
    expect(
      commissionForItems([
        { kind: "one-link", unitPrice: 2500, quantity: 2 },
        { kind: "multi-link", unitPrice: 5000, quantity: 1 },
        { kind: "update-request", unitPrice: 100, quantity: 1 },
      ]),
    ).toBe(500 * 2 + 1000);
  });
});

describe("business lists", () => {
  it("cost £30 with no delivery when the cart holds no card, and earn no commission", () => {
    expect(priceItems([{ kind: "business-list", quantity: 1 }], false)).toMatchObject({
      subtotal: 3000,
      deliveryFee: 0,
      total: 3000,
    });
    expect(
      priceItems(
        [
          { kind: "business-list", quantity: 1 },
          { kind: "one-link", quantity: 1 },
        ],
        false,
      ),
    ).toMatchObject({
      deliveryFee: DELIVERY_FEE,
    });
    expect(commissionForItems([{ kind: "business-list", unitPrice: 3000, quantity: 1 }])).toBe(0);
  });
});

describe("delivery options", () => {
  const card = [{ kind: "multi-link" as const, quantity: 1 }];

  it("charges the chosen option once, at its catalogue price", () => {
    expect(priceItems(card, false, "uk-standard")).toMatchObject({
      deliveryOption: "uk-standard",
      deliveryFee: 999,
    });
    expect(priceItems(card, false, "uk-next-day")).toMatchObject({
      deliveryOption: "uk-next-day",
      deliveryFee: 1499,
      total: 5000 + 1499,
    });
    expect(priceItems([...card, { kind: "one-link", quantity: 3 }], false, "international")).toMatchObject({
      deliveryOption: "international",
      deliveryFee: 1999,
      total: 5000 + 7500 + 1999,
    });
  });

  it("takes the referral discount off the subtotal plus whichever delivery was chosen", () => {
    const t = priceItems(card, true, "international");
    expect(t.discount).toBe(Math.round((5000 + 1999) / 10));
    expect(t.total).toBe(5000 + 1999 - 700);
  });

  it("charges no delivery, whatever option is named, when nothing is posted", () => {
    expect(priceItems([{ kind: "business-list", quantity: 1 }], false, "uk-next-day")).toMatchObject({
      deliveryOption: null,
      deliveryFee: 0,
      total: 3000,
    });
  });

  it("serves the UK options to the United Kingdom only and international delivery everywhere else", () => {
    expect(deliveryOptionsFor("GB")).toEqual(["uk-standard", "uk-next-day"]);
    expect(deliveryOptionsFor("FR")).toEqual(["international"]);
    expect(deliveryRefusal("uk-standard", "GB")).toBeNull();
    expect(deliveryRefusal("international", "US")).toBeNull();
    expect(deliveryRefusal("international", "GB")).toBe(
      "International Tracked is for addresses outside the United Kingdom. Please choose a UK delivery option.",
    );
    expect(deliveryRefusal("uk-next-day", "FR")).toBe(
      "UK Express delivers only within the United Kingdom. Please choose International Tracked for France.",
    );
  });
});
