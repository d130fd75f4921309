// The server-side cart (docs/product.md#carts): a row keyed by a random id in an httpOnly cookie and its
// items, at most 20. It holds no order number (the order gets one when it is placed), and it expires after 30
// idle days. Totals are always recomputed from the catalogue.
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { ItemKind } from "~/catalog";
import { cartItems, carts } from "~/db/schema";
import type { DeliveryOptionId } from "~/delivery-options";
import type { CardItemInput } from "~/schemas/cart";
import type { Delivery } from "~/schemas/checkout";
import type {
  BusinessListDetails,
  CardDetails,
  ItemDetails,
  TeamOrderDetails,
  UpdateRequestDetails,
} from "~/schemas/item-details";
import { LINK_MESSAGES } from "~/schemas/link-rules";
import { countryCodeFor } from "~/utils/countries";
import { lacksLink } from "~/utils/order-items";
import { appCookie } from "../platform/cookies.server";
import type { DbOrTx } from "../platform/db.server";
import { emailIsReferrers } from "../referrals/self-referral.server";
import { deliveryOptionsFor, itemName, MAX_QUANTITY, priceItems, unitPrice } from "./pricing.server";

const cartCookie = appCookie("cart", 60 * 60 * 24 * 60);

/** Lines a cart may hold (each line's quantity is capped by MAX_QUANTITY). */
export const MAX_CART_ITEMS = 20;

export const CART_MESSAGES = {
  full: `Your cart is full: it holds at most ${MAX_CART_ITEMS} items.`,
  gone: "Your cart has expired. Please add the item again.",
  tooManyCarts: "Too many new carts from your network. Please try again later.",
};

/** A refusal the visitor should read: the message is theirs and status is the HTTP answer. */
export class CartError extends Error {
  override name = "CartError";
  status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.status = status;
  }
}

export async function readCartId(request: Request) {
  const value = await cartCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return typeof value === "string" && /^[A-Za-z0-9_-]{20,64}$/.test(value) ? value : null;
}

export async function createCart(db: DbOrTx, opts: { referrerUserId?: string | null } = {}) {
  const id = randomBytes(24).toString("base64url");
  const [cart] = await db
    .insert(carts)
    .values({ id, referrerUserId: opts.referrerUserId ?? null })
    .returning();
  return cart!;
}

/** The cookie that names this cart. */
export function cartCookieHeader(cartId: string) {
  return cartCookie.serialize(cartId);
}

export async function getCartRow(db: DbOrTx, cartId: string | null) {
  if (!cartId) return null;
  const [cart] = await db.select().from(carts).where(eq(carts.id, cartId));
  return cart ?? null;
}

export async function countCartItems(db: DbOrTx, cartId: string | null) {
  if (!cartId) return 0;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId));
  return row?.n ?? 0;
}

/**
 * The cart as pages show it: items with catalogue prices, and the totals. `viewerUserId` is the signed-in
 * visitor: a referrer is never offered their own referral, so it shows (and prices) as none.
 */
export async function loadCart(db: DbOrTx, cartId: string | null, viewerUserId: string | null = null) {
  const cart = await getCartRow(db, cartId);
  if (!cart) return null;
  const rows = await db
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const items = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: itemName(r.kind),
    quantity: r.quantity,
    unitPrice: unitPrice(r.kind),
    details: r.details,
  }));
  const delivery = cart.delivery;
  // Priced with the option chosen at the delivery step; before one is chosen, the cheapest that serves the
  // address given (a cart that only now holds a card), else the default.
  const country = delivery ? countryCodeFor(delivery.country) : null;
  const deliveryOption = cart.deliveryOption ?? (country ? (deliveryOptionsFor(country)[0] ?? null) : null);
  // Priced as the order will be: no referral once the visitor or the delivery e-mail is the referrer.
  const referrerUserId = await referrerFor(db, cart.referrerUserId, {
    userId: viewerUserId,
    email: delivery?.email,
  });
  return {
    id: cart.id,
    referrerUserId,
    delivery,
    /** The option the customer chose at the delivery step, if any. */
    chosenDeliveryOption: cart.deliveryOption,
    items,
    totals: priceItems(items, Boolean(referrerUserId), deliveryOption),
  };
}

/** The cart's referrer, unless it is the buyer: the signed-in account or the account with the order's e-mail. */
export async function referrerFor(
  db: DbOrTx,
  referrerUserId: string | null,
  buyer: { userId: string | null; email: string | undefined },
) {
  if (!referrerUserId || referrerUserId === buyer.userId) return null;
  if (await emailIsReferrers(db, referrerUserId, buyer.email)) return null;
  return referrerUserId;
}
export async function addCardItem(db: DbOrTx, cartId: string, item: CardItemInput) {
  const details: CardDetails =
    item.kind === "multi-link"
      ? { links: item.links, name: item.name || undefined, bio: item.bio || undefined }
      : { links: item.links };
  if (lacksLink({ kind: item.kind, details })) throw new CartError(LINK_MESSAGES.cartNoValidLink);
  await addItem(db, cartId, item.kind, details);
}

/** A replacement for a lost card of a page the buyer owns (checked by the caller): priced as that card. */
export async function addReplacementItem(
  db: DbOrTx,
  cartId: string,
  details: CardDetails & { replacementFor: NonNullable<CardDetails["replacementFor"]> },
) {
  await addItem(db, cartId, "multi-link", details);
}

/**
 * A company's cards for its members (the caller checked the buyer manages the company): one line, one card per
 * member, its quantity fixed to their number.
 */
export async function addTeamOrderItem(db: DbOrTx, cartId: string, details: TeamOrderDetails) {
  await addItem(
    db,
    cartId,
    "multi-link",
    { links: [], forMembers: details },
    undefined,
    details.members.length,
  );
}

export async function addUpdateRequestItem(db: DbOrTx, cartId: string, details: UpdateRequestDetails) {
  await addItem(db, cartId, "update-request", details);
}

/**
 * Adds a business list. `guard` runs with the cart locked and the cart's lines in hand, so it can count the lists
 * already in the cart against the pool and throw a CartError to refuse.
 */
export async function addBusinessListItem(
  db: DbOrTx,
  cartId: string,
  details: BusinessListDetails,
  guard: (tx: DbOrTx, lines: { kind: ItemKind; details: ItemDetails }[]) => Promise<void>,
) {
  await addItem(db, cartId, "business-list", details, guard);
}

/**
 * Adds one line, refused once the cart holds MAX_CART_ITEMS. The cart row is locked first, so concurrent adds
 * to one cart take turns and each counts the lines the one before it added.
 */
async function addItem(
  db: DbOrTx,
  cartId: string,
  kind: ItemKind,
  details: ItemDetails,
  guard?: (tx: DbOrTx, lines: { kind: ItemKind; details: ItemDetails }[]) => Promise<void>,
  quantity = 1,
) {
  await db.transaction(async (tx) => {
    const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for("update");
    if (!cart) throw new CartError(CART_MESSAGES.gone, 409);
    const lines = await tx
      .select({ kind: cartItems.kind, details: cartItems.details })
      .from(cartItems)
      .where(eq(cartItems.cartId, cartId));
    if (lines.length >= MAX_CART_ITEMS) throw new CartError(CART_MESSAGES.full, 409);
    await guard?.(tx, lines);
    await tx.insert(cartItems).values({ cartId, kind, quantity, details });
    await touch(tx, cartId);
  });
}

/**
 * Changes a quantity by +1 or -1, never below 1 (update requests and lists stay at 1, a team order at its number of
 * members). Done in SQL, so clicks never race.
 */
export async function changeQuantity(db: DbOrTx, cartId: string, itemId: string, delta: number) {
  const step = Math.sign(delta);
  if (step === 0) return;
  await db
    .update(cartItems)
    .set({
      quantity: sql`case when ${cartItems.kind} in ('update-request', 'business-list') then 1
        when ${cartItems.details}->'forMembers' is not null then ${cartItems.quantity}
        else least(${MAX_QUANTITY}, greatest(1, ${cartItems.quantity} + ${step})) end`,
    })
    .where(sql`${cartItems.id} = ${itemId} and ${cartItems.cartId} = ${cartId}`);
  await touch(db, cartId);
}

export async function removeItem(db: DbOrTx, cartId: string, itemId: string) {
  await db.delete(cartItems).where(sql`${cartItems.id} = ${itemId} and ${cartItems.cartId} = ${cartId}`);
  await touch(db, cartId);
}

/** The customer's choice in the cart's 'Referred by' selector. */
export async function setCartReferrer(db: DbOrTx, cartId: string, referrerUserId: string | null) {
  await db.update(carts).set({ referrerUserId, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** A referral link's referrer, for a cart that has none: a link never replaces the referrer a cart has. */
/**
 * A referral link's referrer preselected in the visitor's cart; no link replaces the referrer a cart already has
 * (only the customer does, in the cart), so a page cannot swap the referrer of someone else's purchase.
 */
export async function setCartReferrerIfNone(db: DbOrTx, cartId: string, referrerUserId: string) {
  await db
    .update(carts)
    .set({ referrerUserId, updatedAt: new Date() })
    .where(and(eq(carts.id, cartId), isNull(carts.referrerUserId)));
}

/** The address and delivery option from the checkout's delivery step (option null: nothing to post). */
export async function saveCartDelivery(
  db: DbOrTx,
  cartId: string,
  delivery: Delivery,
  deliveryOption: DeliveryOptionId | null = null,
) {
  await db.update(carts).set({ delivery, deliveryOption, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

export async function deleteCart(db: DbOrTx, cartId: string) {
  await db.delete(carts).where(eq(carts.id, cartId));
}

async function touch(db: DbOrTx, cartId: string) {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}
