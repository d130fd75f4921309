import { describe, expect, it } from "vitest";
import { CARDS, commissionFor } from "~/catalog";
import { DELIVERY_OPTIONS } from "~/delivery-options";
import { formatPence } from "./money";

describe("formatPence", () => {
  it("formats pence as pounds", () => {
    expect(formatPence(2500)).toBe("£25.00");
    expect(formatPence(DELIVERY_OPTIONS["uk-standard"].price)).toBe("£9.99");
    expect(formatPence(150)).toBe("£1.50");
    expect(formatPence(0)).toBe("£0.00");
    expect(formatPence(123456)).toBe("£1,234.56");
  });

  it("drops .00 only for whole pounds when asked", () => {
    expect(formatPence(CARDS["multi-link"].price, { whole: true })).toBe("£50");
    expect(formatPence(999, { whole: true })).toBe("£9.99");
  });

  it("refuses fractions of a penny", () => {
    expect(() => formatPence(1.5)).toThrow(TypeError);
  });
});

describe("catalogue", () => {
  it("pays 20% commission per card", () => {
    expect(commissionFor(CARDS["one-link"].price)).toBe(500);
    expect(commissionFor(CARDS["multi-link"].price)).toBe(1000);
  });
});
