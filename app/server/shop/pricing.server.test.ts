import { describe, expect, it } from "vitest";
import { CARDS, DELIVERY_OPTIONS, UPDATE_REQUEST_PRICE } from "~/catalog";

const DELIVERY_FEE = DELIVERY_OPTIONS["uk-standard"].price;
import { commissionForItems, priceItems } from "./pricing.server";

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
