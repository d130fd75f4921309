// The one source of truth for prices and rates (docs/product.md#prices): integer pence, safe to import
// anywhere.

/** The physical cards the shop sells. */
export const CARD_TYPES = ["one-link", "multi-link"] as const;
export type CardType = (typeof CARD_TYPES)[number];

/**
 * Every kind of line a cart or an order holds: a card, a paid update to a card already made, or a business list
 * for cold calling (a product like the cards: docs/product.md, 'Purchase Lists').
 */
export const ITEM_KINDS = [...CARD_TYPES, "update-request", "business-list"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** True for a physical card: the only kind that is delivered, has links and earns a referral commission. */
export function isCardKind(kind: string): kind is CardType {
  return (CARD_TYPES as readonly string[]).includes(kind);
}

export const CARDS = {
  "one-link": {
    type: "one-link",
    name: "One Link",
    price: 2500,
    summary: "One permanent link written to your card.",
    features: ["One permanent link", "Tap to share instantly", "Works with Android and iOS", "No app needed"],
  },
  "multi-link": {
    type: "multi-link",
    name: "Multi Link",
    price: 5000,
    summary: "A profile page with your name, bio and all your links.",
    features: [
      "A profile page with name, bio and links",
      "Add as many links as you need",
      "Change links remotely",
      "Works with Android and iOS",
    ],
  },
} as const satisfies Record<
  CardType,
  { type: CardType; name: string; price: number; summary: string; features: readonly string[] }
>;

/** A paid change to an existing card (add, remove a link or change the image). */
export const UPDATE_REQUEST_PRICE = 100;

/** A list of businesses of one type, copied from the lead pool into the buyer's prospects when paid. */
export const BUSINESS_LIST = { name: "Business List", price: 3000, size: 20 } as const;

/** Percent of (subtotal + delivery) taken off when a referrer is chosen. */
export const REFERRAL_DISCOUNT_PERCENT = 10;

/** Percent of each card price paid to the referrer. */
export const REFERRAL_COMMISSION_PERCENT = 20;

/** Returns rules (docs/product.md#delivery-and-returns); pages, FAQ and terms render these. */

/** An unpaid bank-transfer order is cancelled this many days after it was placed. */
export const BANK_TRANSFER_DAYS = 14;

export const POLICY = {
  cancelWindowHours: 24,
  processingCharge: 150,
  refundDays: "3-5 business days",
  defectReportDays: 14,
} as const;

export function commissionFor(pricePence: number) {
  return Math.round((pricePence * REFERRAL_COMMISSION_PERCENT) / 100);
}
