// The catalogue's delivery options, in integer pence, beside ./catalog.ts: a module of their own so that only
// the pages that show them load them, not every page's shared script.

/** The country an address is in when none was chosen; the UK delivery options serve only this one. */
export const UK_COUNTRY = "GB";

/**
 * How a physical card is posted (docs/product.md#delivery): one option per order, charged once when the cart
 * holds at least one card. `area` says which addresses it serves: the United Kingdom, or anywhere else.
 */
export const DELIVERY_OPTIONS = {
  "uk-standard": {
    id: "uk-standard",
    name: "UK Track & Signed",
    promise: "1-3 working days",
    price: 999,
    area: "uk",
  },
  "uk-next-day": {
    id: "uk-next-day",
    name: "UK Express",
    promise: "next working day",
    price: 1499,
    area: "uk",
  },
  international: {
    id: "international",
    name: "International Tracked",
    promise: "7-14 business days",
    price: 1999,
    area: "international",
  },
} as const satisfies Record<
  string,
  { id: string; name: string; promise: string; price: number; area: "uk" | "international" }
>;
export type DeliveryOptionId = keyof typeof DELIVERY_OPTIONS;
export const DELIVERY_OPTION_IDS = Object.keys(DELIVERY_OPTIONS) as [DeliveryOptionId, ...DeliveryOptionId[]];

/** The option a cart is priced with until the customer chooses one, and the one every UK address starts with. */
export const DEFAULT_DELIVERY_OPTION: DeliveryOptionId = "uk-standard";

/** 'UK Express (next working day)': how an option is named on every page, e-mail, receipt and payment line. */
export function deliveryLabel(id: DeliveryOptionId) {
  const o = DELIVERY_OPTIONS[id];
  return `${o.name} (${o.promise})`;
}
