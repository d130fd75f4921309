// Totals from the catalogue (docs/product.md#prices): the only place an amount is worked out. Never trusts a
// price from the browser: items carry a kind and a quantity, and the catalogue says what each costs.
import {
  BUSINESS_LIST,
  CARDS,
  commissionFor,
  DELIVERY_FEE,
  type ItemKind,
  isCardKind,
  REFERRAL_DISCOUNT_PERCENT,
  UPDATE_REQUEST_PRICE,
} from "~/catalog";

export const MAX_QUANTITY = 99;

export function unitPrice(kind: ItemKind) {
  if (kind === "update-request") return UPDATE_REQUEST_PRICE;
  if (kind === "business-list") return BUSINESS_LIST.price;
  return CARDS[kind].price;
}

export function itemName(kind: ItemKind) {
  if (kind === "update-request") return "Update request";
  if (kind === "business-list") return BUSINESS_LIST.name;
  return `${CARDS[kind].name} Card`;
}

/** Lines of these kinds are one each: a second update or list is a line of its own. */
export function isSingleUnit(kind: ItemKind) {
  return !isCardKind(kind);
}

export interface Totals {
  subtotal: number;
  deliveryFee: number;
  discount: number;
  total: number;
  itemCount: number;
}

/** Subtotal, delivery (once, when any physical card is in the cart; a list or an update alone has none), referral discount and total, in pence. */
export function priceItems(items: { kind: ItemKind; quantity: number }[], hasReferrer: boolean): Totals {
  const subtotal = items.reduce((sum, i) => sum + unitPrice(i.kind) * i.quantity, 0);
  const deliveryFee = items.some((i) => isCardKind(i.kind)) ? DELIVERY_FEE : 0;
  const discount = hasReferrer ? Math.round(((subtotal + deliveryFee) * REFERRAL_DISCOUNT_PERCENT) / 100) : 0;
  return {
    subtotal,
    deliveryFee,
    discount,
    total: subtotal + deliveryFee - discount,
    itemCount: items.reduce((n, i) => n + i.quantity, 0),
  };
}

/** The referrer's commission on an order: a share of each card's price; updates and lists earn nothing. */
export function commissionForItems(items: { kind: ItemKind; unitPrice: number; quantity: number }[]) {
  return items
    .filter((i) => isCardKind(i.kind))
    .reduce((sum, i) => sum + commissionFor(i.unitPrice) * i.quantity, 0);
}
