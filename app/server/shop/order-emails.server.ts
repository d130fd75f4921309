// Order e-mails: the bank-transfer instructions when an order is placed, the confirmation once it is paid,
// the notice when an unpaid bank-transfer order expires, and the notices that it was posted and delivered.

import type { ItemKind } from "~/catalog";
import { BANK_TRANSFER_DAYS, POLICY } from "~/catalog";
import { type DeliveryOptionId, deliveryLabel } from "~/delivery-options";
import type { Delivery, PaymentMethod } from "~/schemas/checkout";
import { type CarrierId, carrierLabel, trackingUrl } from "~/schemas/fulfilment";
import type { CardDetails } from "~/schemas/item-details";
import { countryName } from "~/utils/countries";
import { formatPence } from "~/utils/money";
import type { OutgoingEmail } from "../platform/email/mailer.server";
import { composeEmail, type LinkLine } from "../platform/email/templates.server";
import { CLAIM_LINK_DAYS } from "./card-claims.server";
import { memberParcelsOf } from "./pricing.server";

export interface OrderForEmail {
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  paymentMethod: PaymentMethod;
  deliveryAddress: Delivery;
  subtotal: number;
  /** Null when nothing is posted, or for an order placed before there were options. */
  deliveryOption: DeliveryOptionId | null;
  deliveryFee: number;
  discount: number;
  total: number;
  items: {
    kind: ItemKind;
    name: string;
    quantity: number;
    unitPrice: number;
    summary: string;
    details?: unknown;
  }[];
  /** The public addresses of the card pages the payment made, one per Multi Link card. */
  cardPageUrls?: string[];
  /** A guest's one-time link that puts those pages on an account (only when no account owns them). */
  claimUrl?: string;
}

export interface BankDetails {
  accountName: string;
  sortCode: string;
  accountNumber: string;
}

/** Parcels posted to members' own addresses (a company's cards): then no card goes to the order's address. */
const parcelsOf = (o: OrderForEmail) => memberParcelsOf(o.items).length;

function orderLines(o: OrderForEmail) {
  const a = o.deliveryAddress;
  const parcels = parcelsOf(o);
  return [
    "Items:",
    ...o.items.map(
      (i) =>
        `${i.quantity} x ${i.name} (${formatPence(i.unitPrice)} each)${i.summary ? `: ${i.summary}` : ""}`,
    ),
    `Subtotal: ${formatPence(o.subtotal)}`,
    `Delivery${o.deliveryOption ? `, ${deliveryLabel(o.deliveryOption)}` : ""}${parcels ? `, ${parcels} ${parcels === 1 ? "parcel" : "parcels"} to members` : ""}: ${formatPence(o.deliveryFee)}`,
    ...(o.discount ? [`Referral discount: -${formatPence(o.discount)}`] : []),
    `Total: ${formatPence(o.total)}`,
    parcels
      ? "Delivery address: each card to the address its member gave"
      : `Delivery address: ${[
          a.fullName,
          a.addressLine1,
          a.addressLine2,
          a.city,
          a.postalCode,
          countryName(a.country),
        ]
          .filter(Boolean)
          .join(", ")}`,
  ];
}

function bankInstructions(o: { orderNumber: string; total: number }, bank: BankDetails) {
  return [
    `Please pay ${formatPence(o.total)} by bank transfer to:`,
    `Account name: ${bank.accountName}`,
    `Sort code: ${bank.sortCode}`,
    `Account number: ${bank.accountNumber}`,
    `Reference: ${o.orderNumber}`,
  ];
}

/** Sent when a bank-transfer order is placed: what was ordered and how to pay. */
export function orderPlacedEmail(o: OrderForEmail, opts: { shop: string; bank: BankDetails }): OutgoingEmail {
  return composeEmail({
    shop: opts.shop,
    to: o.customerEmail,
    subject: `Order ${o.orderNumber} received: payment instructions`,
    greeting: `Hello ${o.customerName},`,
    lines: [
      `Thank you for your order ${o.orderNumber}. We start work on it as soon as your payment arrives.`,
      ...bankInstructions(o, opts.bank),
      ...orderLines(o),
    ],
    after: ["Please use the order number as the payment reference so we can match your payment."],
  });
}

function cardPageLines(urls: string[]): LinkLine[] {
  return urls.map((url, i) => ({
    text:
      i > 0 ? undefined : urls.length === 1 ? "Your card page is live now:" : "Your card pages are live now:",
    url,
  }));
}

function claimLines(url: string | undefined, cards: number): LinkLine[] {
  if (!url) return [];
  const one = cards <= 1;
  return [
    {
      text: `To see your ${one ? "card's" : "cards'"} taps and clicks and manage ${one ? "its" : "their"} links, add ${one ? "it" : "them"} to an account (log in, or create one with this e-mail address). This link works once, within ${CLAIM_LINK_DAYS} days.`,
      button: one ? "Add the card to my account" : "Add the cards to my account",
      url,
    },
  ];
}

/** One line per kind of thing ordered, so an order of only updates or business lists is promised no card. */
function nextSteps(o: OrderForEmail) {
  const has = (kind: string) => o.items.some((i) => i.kind === kind);
  const steps: string[] = [];
  if (parcelsOf(o))
    steps.push("we write each member's card and post it to the address they gave, in a parcel of its own.");
  else if (has("one-link") || has("multi-link")) {
    // A team order's cards carry each member's company page, not the buyer's links.
    const forMembers = o.items.some((i) => (i.details as CardDetails | undefined)?.forMembers);
    const whose = forMembers ? "each member's company page to their cards" : "your links to your card";
    const send = forMembers ? "send them" : "send it";
    steps.push(
      o.deliveryOption
        ? `we write ${whose} and ${send} by ${deliveryLabel(o.deliveryOption)}.`
        : `we write ${whose} and ${send} to you.`,
    );
  }
  if (has("update-request")) steps.push("your update requests are applied to your card page.");
  if (has("business-list")) steps.push("the businesses of your list are in your prospects, in Cold Calling.");
  return steps.length ? [`What happens next: ${steps.join(" Then ")}`] : [];
}

/** Sent once the payment is confirmed (Stripe webhook or the admin recording a bank transfer). */
export function orderConfirmedEmail(o: OrderForEmail, opts: { shop: string }): OutgoingEmail {
  return composeEmail({
    shop: opts.shop,
    to: o.customerEmail,
    subject: `Order ${o.orderNumber} confirmed`,
    greeting: `Hello ${o.customerName},`,
    lines: [
      `We have received your payment for order ${o.orderNumber}. Thank you!`,
      ...orderLines(o),
      // The money is in: the bank details were for paying, and are not repeated.
      o.paymentMethod === "bank_transfer" ? "Paid by bank transfer." : "Paid by card.",
      ...cardPageLines(o.cardPageUrls ?? []),
      ...claimLines(o.claimUrl, o.cardPageUrls?.length ?? 0),
      ...nextSteps(o),
    ],
  });
}

/** Sent when the admin refunds a paid order: how much went back, and how. */
export function orderRefundedEmail(
  o: { orderNumber: string; customerName: string; customerEmail: string },
  refund: { amount: number; via: "card" | "bank_transfer" },
  opts: { shop: string },
): OutgoingEmail {
  return composeEmail({
    shop: opts.shop,
    to: o.customerEmail,
    subject: `Order ${o.orderNumber} refunded`,
    greeting: `Hello ${o.customerName},`,
    lines: [
      refund.via === "card"
        ? `We have refunded ${formatPence(refund.amount)} for order ${o.orderNumber} to the card you paid with. It usually reaches your account within ${POLICY.refundDays}.`
        : `We have sent ${formatPence(refund.amount)} for order ${o.orderNumber} back to you by bank transfer.`,
    ],
  });
}

/**
 * Sent when a bank-transfer order is cancelled because no payment arrived in time. No name in it: the address
 * was typed at checkout and has not proven whose it is.
 */
export function orderExpiredEmail(
  o: { orderNumber: string; customerEmail: string; total: number },
  opts: { shop: string; support: string },
): OutgoingEmail {
  const email = composeEmail({
    shop: opts.shop,
    to: o.customerEmail,
    subject: `Order ${o.orderNumber} cancelled: no payment received`,
    greeting: "Hello,",
    lines: [
      `We have cancelled your order ${o.orderNumber} (${formatPence(o.total)}) because no payment arrived within ${BANK_TRANSFER_DAYS} days of placing it.`,
      "Nothing was charged, and there is nothing more to do. If you still want it, please place a new order.",
      `If you have sent the money, please reply (or write to ${opts.support}) with the payment's date and the reference ${o.orderNumber}: we will match it and carry on with the order.`,
    ],
  });
  return { ...email, replyTo: opts.support };
}

/** A parcel's e-mail: what was posted, its tracking number and the carrier's tracking page. */
function trackedEmail(
  parcel: { carrier: CarrierId; trackingNumber: string },
  m: { shop: string; to: string; subject: string; greeting: string; first: string },
) {
  const url = trackingUrl(parcel.carrier, parcel.trackingNumber);
  return composeEmail({
    shop: m.shop,
    to: m.to,
    subject: m.subject,
    greeting: m.greeting,
    lines: [m.first, `Tracking number: ${parcel.trackingNumber}`],
    action: url ? { label: "Track your parcel", url } : undefined,
  });
}

/** Sent when the admin posts the order: the carrier, the tracking number and the carrier's tracking page. */
export function dispatchEmail(
  o: {
    orderNumber: string;
    customerName: string;
    customerEmail: string;
    carrier: CarrierId;
    trackingNumber: string;
    cards: number;
  },
  opts: { shop: string },
) {
  return trackedEmail(o, {
    shop: opts.shop,
    to: o.customerEmail,
    subject: `Order ${o.orderNumber} posted`,
    greeting: `Hello ${o.customerName},`,
    first: `Your order ${o.orderNumber} is on its way: ${o.cards === 1 ? "your card was" : `your ${o.cards} cards were`} posted today with ${carrierLabel(o.carrier)}.`,
  });
}

/** Sent, if the admin asks, when the order is delivered. */
export function deliveredEmail(
  o: { orderNumber: string; customerName: string; customerEmail: string },
  opts: { shop: string },
) {
  return composeEmail({
    shop: opts.shop,
    to: o.customerEmail,
    subject: `Order ${o.orderNumber} delivered`,
    greeting: `Hello ${o.customerName},`,
    lines: [
      `Your order ${o.orderNumber} has been delivered. Tap your card on a phone to try it.`,
      "If anything is wrong with a card, contact us and we will put it right.",
    ],
  });
}

/** To the member, when the parcel with the card their company ordered for them is posted. */
export function parcelEmail(
  p: {
    address: { fullName: string; email: string };
    company: string;
    carrier: CarrierId;
    trackingNumber: string;
  },
  opts: { shop: string },
) {
  return trackedEmail(p, {
    shop: opts.shop,
    to: p.address.email,
    subject: `Your ${p.company} card is on its way`,
    greeting: `Hello ${p.address.fullName},`,
    first: `${p.company} ordered a card for you, and it was posted to you today with ${carrierLabel(p.carrier)}.`,
  });
}

/** To the buyer of a team order posted to each member, when its last parcel is posted. */
export function lastParcelEmail(
  o: { orderNumber: string; customerName: string; customerEmail: string; parcels: number },
  opts: { shop: string },
) {
  return composeEmail({
    shop: opts.shop,
    to: o.customerEmail,
    subject: `Order ${o.orderNumber} posted`,
    greeting: `Hello ${o.customerName},`,
    lines: [
      o.parcels === 1
        ? `Your order ${o.orderNumber} is on its way: its parcel was posted today to its member's address.`
        : `Your order ${o.orderNumber} is on its way: the last of its ${o.parcels} parcels was posted today, each to its member's address.`,
      `Each member was e-mailed the tracking link for ${o.parcels === 1 ? "it" : "theirs"}.`,
    ],
  });
}
