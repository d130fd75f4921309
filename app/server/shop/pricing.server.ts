// Totals from the catalogue (docs/product.md#prices): the only place an amount is worked out. Never trusts a
// price from the browser: items carry a kind and a quantity, and the catalogue says what each costs.
import {
  BUSINESS_LIST,
  CARDS,
  commissionFor,
  type ItemKind,
  isCardKind,
  REFERRAL_DISCOUNT_PERCENT,
  UPDATE_REQUEST_PRICE,
} from "~/catalog";
import {
  DEFAULT_DELIVERY_OPTION,
  DELIVERY_OPTIONS,
  type DeliveryOptionId,
  deliveryLabel,
  UK_COUNTRY,
} from "~/delivery-options";
import type { CardDetails } from "~/schemas/item-details";
import { countryName } from "~/utils/countries";

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
  /** Parcels posted to members' own addresses (a company's cards), each with its own fee inside deliveryFee. */
  memberParcels: number;
  /** The option the delivery fee is for; null when nothing is posted (no physical card in the cart). */
  deliveryOption: DeliveryOptionId | null;
  /** The option's name and promise as pages show it, worded here so the catalogue stays out of pages' scripts. */
  deliveryName: string | null;
  deliveryFee: number;
  discount: number;
  total: number;
  itemCount: number;
}

export type PricedLine = { kind: ItemKind; quantity: number; details?: unknown };

/** A company's cards posted to each member (docs/product.md#companies): the line's members, each with an address. */
function toEachMember(item: PricedLine) {
  const team = isCardKind(item.kind) ? (item.details as CardDetails | undefined)?.forMembers : undefined;
  return team?.postTo === "members" ? team.members : null;
}

/** How a parcel to this address is posted: the cheapest option that serves its country. */
export function parcelOptionFor(address: { country: string }): DeliveryOptionId {
  return deliveryOptionsFor(address.country)[0] ?? DEFAULT_DELIVERY_OPTION;
}

/** The parcels of the lines posted to each member, each at the option its member's country was priced with. */
export function memberParcelsOf(items: PricedLine[]) {
  return items.flatMap((item) =>
    (toEachMember(item) ?? []).map((member) => {
      const option = member.parcel ?? DEFAULT_DELIVERY_OPTION;
      return { item, member, option, fee: DELIVERY_OPTIONS[option].price };
    }),
  );
}

/** How the cart, the receipt and the summary name an order's parcels to members. */
export function memberParcelsLabel(n: number) {
  return n === 1 ? "1 parcel, to its member's address" : `${n} parcels, one to each member's address`;
}

/** True when the items include something to post to the checkout's address: a physical card not sent to members. */
export function needsDelivery(items: PricedLine[]) {
  return items.some((i) => isCardKind(i.kind) && !toEachMember(i));
}

/**
 * Subtotal, delivery (once, at the chosen option's price, when any physical card goes to the checkout's address;
 * plus each parcel posted to a member; a list or an update alone has none), referral discount (of subtotal +
 * delivery) and total, in pence.
 */
export function priceItems(
  items: PricedLine[],
  hasReferrer: boolean,
  deliveryOption: DeliveryOptionId | null = DEFAULT_DELIVERY_OPTION,
): Totals {
  const subtotal = items.reduce((sum, i) => sum + unitPrice(i.kind) * i.quantity, 0);
  const option = needsDelivery(items) ? (deliveryOption ?? DEFAULT_DELIVERY_OPTION) : null;
  const parcels = memberParcelsOf(items);
  const deliveryFee =
    (option ? DELIVERY_OPTIONS[option].price : 0) + parcels.reduce((sum, p) => sum + p.fee, 0);
  const discount = hasReferrer ? Math.round(((subtotal + deliveryFee) * REFERRAL_DISCOUNT_PERCENT) / 100) : 0;
  const toMembers = parcels.length ? memberParcelsLabel(parcels.length) : null;
  return {
    subtotal,
    memberParcels: parcels.length,
    deliveryOption: option,
    deliveryName: [option ? deliveryLabel(option) : null, toMembers].filter(Boolean).join("; ") || null,
    deliveryFee,
    discount,
    total: subtotal + deliveryFee - discount,
    itemCount: items.reduce((n, i) => n + i.quantity, 0),
  };
}

/** True when the option posts to this country (an ISO 3166-1 code): the UK options to the UK only, international to the rest. */
export function deliveryServes(option: DeliveryOptionId, country: string) {
  return DELIVERY_OPTIONS[option].area === (country === UK_COUNTRY ? "uk" : "international");
}

/** The options that post to this country, cheapest first. */
export function deliveryOptionsFor(country: string): DeliveryOptionId[] {
  return (Object.keys(DELIVERY_OPTIONS) as DeliveryOptionId[])
    .filter((id) => deliveryServes(id, country))
    .sort((a, b) => DELIVERY_OPTIONS[a].price - DELIVERY_OPTIONS[b].price);
}

/** Why the option cannot post to this country, for the field error; null when it can. */
export function deliveryRefusal(option: DeliveryOptionId, country: string): string | null {
  if (deliveryServes(option, country)) return null;
  const name = DELIVERY_OPTIONS[option].name;
  return DELIVERY_OPTIONS[option].area === "uk"
    ? `${name} delivers only within the ${countryName(UK_COUNTRY)}. Please choose ${DELIVERY_OPTIONS.international.name} for ${countryName(country)}.`
    : `${name} is for addresses outside the ${countryName(UK_COUNTRY)}. Please choose a UK delivery option.`;
}

/** The referrer's commission on an order: a share of each card's price; updates and lists earn nothing. */
export function commissionForItems(items: { kind: ItemKind; unitPrice: number; quantity: number }[]) {
  return items
    .filter((i) => isCardKind(i.kind))
    .reduce((sum, i) => sum + commissionFor(i.unitPrice) * i.quantity, 0);
}
