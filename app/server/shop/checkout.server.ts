// Checkout: the server cart becomes an order awaiting payment, under an order number (WC + 6 digits, unique,
// reserved when the order is placed), priced from the catalogue.
import { randomInt } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { cartItems, carts, orderItems, orderNumbers, orderStatusHistory, orders } from "~/db/schema";
import type { DeliveryOptionId } from "~/delivery-options";
import { CHECKOUT_MESSAGES, type Delivery, DeliverySchema, type PaymentMethod } from "~/schemas/checkout";
import type { CardDetails } from "~/schemas/item-details";
import { itemSummary, lacksLink } from "~/utils/order-items";
import { ordersOwnedBy } from "../accounts/owned-orders.server";
import { LIST_MESSAGES, listShortfall } from "../cold-calling/business-lists.server";
import { managesCompany } from "../companies/member-cards.server";
import type { DbOrTx } from "../platform/db.server";
import { enqueueEmail } from "../platform/email/outbox.server";
import { deleteCart, referrerFor } from "./cart.server";
import { createMemberParcels, parcelAddresses } from "./member-parcels.server";
import { type BankDetails, orderPlacedEmail } from "./order-emails.server";
import { changeStatus, newOrderAccessToken } from "./orders.server";
import {
  deliveryOptionsFor,
  deliveryRefusal,
  isSingleUnit,
  itemName,
  memberParcelsOf,
  needsDelivery,
  type PricedLine,
  priceItems,
  unitPrice,
} from "./pricing.server";

export class CheckoutError extends Error {
  override name = "CheckoutError";
}

/** The delivery option does not post to the address's country: the customer chooses again. */
export class DeliveryRefusedError extends CheckoutError {
  override name = "DeliveryRefusedError";
}

/** Reserves a fresh order number, WC + 6 digits (100000-999999), unique across all orders. */
async function reserveOrderNumber(db: DbOrTx) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const number = `WC${randomInt(100000, 1000000)}`;
    const [row] = await db
      .insert(orderNumbers)
      .values({ number })
      .onConflictDoNothing()
      .returning({ number: orderNumbers.number });
    if (row) return row.number;
  }
  throw new Error("Could not reserve an order number");
}

/**
 * Turns the cart into an order awaiting payment, with a newly reserved order number, in one transaction with
 * the cart row locked (a double submit waits for the first and then replaces its order). Bank transfer empties
 * the cart at once and queues the payment instructions; a card order keeps the cart until the payment is
 * confirmed. A referral is dropped when the referrer is the buyer: signed in as them, or using their e-mail
 * under any spelling.
 */
export async function createOrderFromCart(
  db: DbOrTx,
  input: {
    cartId: string | null;
    delivery: Delivery;
    /** Chosen at the delivery step; null: the cheapest option that serves the address's country. */
    deliveryOption?: DeliveryOptionId | null;
    paymentMethod: PaymentMethod;
    userId: string | null;
    shop: string;
    /** Undefined when bank transfer is off (production without BANK_*). */
    bank: BankDetails | undefined;
  },
) {
  if (!input.cartId) throw new CheckoutError(CHECKOUT_MESSAGES.emptyCart);
  const bank = input.bank;
  if (input.paymentMethod === "bank_transfer" && !bank)
    throw new CheckoutError(CHECKOUT_MESSAGES.bankTransferOff);
  const cartId = input.cartId;
  // The address is read again here (its country as an ISO code), whatever the caller checked before.
  const address = DeliverySchema.safeParse(input.delivery);
  if (!address.success) throw new CheckoutError(address.error.issues[0]?.message ?? CHECKOUT_MESSAGES.failed);
  const delivery = address.data;
  const access = newOrderAccessToken();
  const created = await db.transaction(async (tx) => {
    const [cart] = await tx.select().from(carts).where(eq(carts.id, cartId)).for("update");
    if (!cart) throw new CheckoutError(CHECKOUT_MESSAGES.emptyCart);
    const items = await tx
      .select()
      .from(cartItems)
      .where(eq(cartItems.cartId, cartId))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    if (items.length === 0) throw new CheckoutError(CHECKOUT_MESSAGES.emptyCart);
    if (items.some(lacksLink)) throw new CheckoutError(CHECKOUT_MESSAGES.noValidLinks);
    // Refused before anything is written: an option that does not post to the address's country.
    const deliveryOption = needsDelivery(items)
      ? (input.deliveryOption ?? deliveryOptionsFor(delivery.country)[0] ?? null)
      : null;
    const refusal = deliveryOption ? deliveryRefusal(deliveryOption, delivery.country) : null;
    if (refusal) throw new DeliveryRefusedError(refusal);
    // A list fills the buyer's own prospects: it needs an account, and the pool must still be able to fill it.
    if (items.some((i) => i.kind === "business-list")) {
      if (!input.userId) throw new CheckoutError(LIST_MESSAGES.signIn);
      const short = await listShortfall(tx, input.userId, items);
      if (short) throw new CheckoutError(short);
    }

    const organizationId = await teamOrderCompany(tx, items, input.userId);

    // An earlier checkout of this cart still waiting for its payment (the customer came back from the card
    // payment page without paying) is replaced: one cart, one live order.
    const earlier = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.cartId, cartId), eq(orders.status, "awaiting_payment")))
      .for("update");
    for (const e of earlier)
      await changeStatus(
        tx,
        e.id,
        "awaiting_payment",
        "cancelled",
        { userId: null, label: "customer" },
        "Replaced by a new checkout of the same cart",
      );
    const orderNumber = await reserveOrderNumber(tx);
    const referrerUserId = await referrerFor(tx, cart.referrerUserId, {
      userId: input.userId,
      email: delivery.email,
    });
    const priced = items.map((i) => ({
      kind: i.kind,
      quantity: isSingleUnit(i.kind) ? 1 : Math.max(1, i.quantity),
      unitPrice: unitPrice(i.kind),
      name: itemName(i.kind),
      details: i.details,
    }));
    const totals = priceItems(priced, Boolean(referrerUserId), deliveryOption);
    const parcels = await parcelAddresses(tx, organizationId, priced);
    if (parcels.changed.length)
      throw new CheckoutError(TEAM_ORDER_MESSAGES.addressesChanged(parcels.changed));
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber,
        paymentMethod: input.paymentMethod,
        userId: input.userId,
        cartId,
        customerName: delivery.fullName,
        customerEmail: delivery.email.toLowerCase(),
        customerPhone: delivery.phone,
        deliveryAddress: delivery,
        subtotal: totals.subtotal,
        deliveryOption: totals.deliveryOption,
        deliveryFee: totals.deliveryFee,
        discount: totals.discount,
        total: totals.total,
        referrerUserId,
        organizationId,
        accessTokenHash: access.hash,
        // The clock after the cart lock, not the transaction's start: one cart's orders sort as placed.
        createdAt: sql`clock_timestamp()`,
      })
      .returning();
    const placed = await tx
      .insert(orderItems)
      .values(
        priced.map((p, sortOrder) => ({
          orderId: order!.id,
          kind: p.kind,
          name: p.name,
          unitPrice: p.unitPrice,
          quantity: p.quantity,
          details: p.details,
          sortOrder,
        })),
      )
      .returning({
        id: orderItems.id,
        kind: orderItems.kind,
        quantity: orderItems.quantity,
        details: orderItems.details,
      });
    await createMemberParcels(tx, order!.id, placed, priced, parcels.parcels);
    await tx.insert(orderStatusHistory).values({
      orderId: order!.id,
      fromStatus: null,
      toStatus: "awaiting_payment",
      actor: "customer",
      note: input.paymentMethod === "card" ? "Card payment started" : "Bank transfer chosen",
    });
    if (input.paymentMethod === "bank_transfer" && bank) {
      await deleteCart(tx, cartId);
      await enqueueEmail(
        tx,
        orderPlacedEmail(
          {
            ...order!,
            deliveryAddress: delivery,
            items: priced.map((p) => ({ ...p, summary: itemSummary(p) })),
          },
          { shop: input.shop, bank },
        ),
      );
    }
    return { order: order!, items: priced };
  });
  return { ...created, token: access.token };
}

export const TEAM_ORDER_MESSAGES = {
  signIn: "Sign in as one of the company's owners or admins to order its cards.",
  notManager: "Only the company's owners and admins can order its cards.",
  oneCompany: "Order one company's cards at a time: remove the other company's cards from your cart.",
  addressesChanged: (names: string[]) =>
    `The delivery address of ${names.slice(0, 3).join(", ")}${names.length > 3 ? ` and ${names.length - 3} more` : ""} changed since the cards were added: remove the company's cards from your cart and add them again.`,
  postApart:
    "Cards posted to each member are an order of their own: remove the other cards from your cart, or post the company's cards to one address.",
} as const;

/**
 * The company a cart's team order is for, checked again as it is placed: the buyer must still be one of its owners
 * or admins, and one order is for one company. Null for a cart without one.
 */
async function teamOrderCompany(tx: DbOrTx, items: PricedLine[], userId: string | null) {
  const companies = new Set(
    items.flatMap((i) => (i.details as CardDetails).forMembers?.organizationId ?? []),
  );
  if (companies.size === 0) return null;
  if (companies.size > 1) throw new CheckoutError(TEAM_ORDER_MESSAGES.oneCompany);
  // One order either goes to the checkout's address or in parcels to members: fulfilment posts it one way.
  if (memberParcelsOf(items).length && needsDelivery(items))
    throw new CheckoutError(TEAM_ORDER_MESSAGES.postApart);
  const [organizationId] = companies as Set<string>;
  if (!userId) throw new CheckoutError(TEAM_ORDER_MESSAGES.signIn);
  if (!(await managesCompany(tx, organizationId!, userId)))
    throw new CheckoutError(TEAM_ORDER_MESSAGES.notManager);
  return organizationId!;
}

/**
 * The delivery address of the account's last order, to prefill the checkout: its orders as Billing lists them
 * (placed signed in, as a guest with its verified e-mail, or claimed into it with the e-mail's link).
 */
export async function lastDeliveryFor(db: DbOrTx, userId: string) {
  const owned = await ordersOwnedBy(db, userId);
  if (!owned) return null;
  const [row] = await db
    .select({ deliveryAddress: orders.deliveryAddress })
    .from(orders)
    .where(owned)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row?.deliveryAddress ?? null;
}
