// Totals from the catalogue (docs/product.md#prices): the only place an amount is worked out. Never trusts a
// price from the browser: items carry a kind and a quantity, and the catalogue says what each costs.
import {
  CARDS,
  commissionFor,
  DELIVERY_FEE,
  type ItemKind,
  REFERRAL_DISCOUNT_PERCENT,
  UPDATE_REQUEST_PRICE,
} from "~/catalog";

export const MAX_QUANTITY = 99;

export function unitPrice(kind: ItemKind) {
  if (kind === "update-request") return UPDATE_REQUEST_PRICE;
  return CARDS[kind].price;
}

export function itemName(kind: ItemKind) {
  return kind === "update-request" ? "Update request" : `${CARDS[kind].name} Card`;
}

export interface Totals {
  subtotal: number;
  deliveryFee: number;
  discount: number;
  total: number;
  itemCount: number;
}

/** Subtotal, delivery (once, when any physical card is in the cart), referral discount and total, in pence. */
export function priceItems(items: { kind: ItemKind; quantity: number }[], hasReferrer: boolean): Totals {
  const subtotal = items.reduce((sum, i) => sum + unitPrice(i.kind) * i.quantity, 0);
  const deliveryFee = items.some((i) => i.kind !== "update-request") ? DELIVERY_FEE : 0;
  const discount = hasReferrer ? Math.round(((subtotal + deliveryFee) * REFERRAL_DISCOUNT_PERCENT) / 100) : 0;
  return {
    subtotal,
    deliveryFee,
    discount,
    total: subtotal + deliveryFee - discount,
    itemCount: items.reduce((n, i) => n + i.quantity, 0),
  };
}

/** The referrer's commission on an order: a share of each card's price; update requests earn nothing. */
export function commissionForItems(items: { kind: ItemKind; unitPrice: number; quantity: number }[]) {
  return items
    .filter((i) => i.kind !== "update-request")
    .reduce((sum, i) => sum + commissionFor(i.unitPrice) * i.quantity, 0);
}
