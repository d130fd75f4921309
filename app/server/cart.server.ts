// The server-side cart (DESIGN.md ruling 6): a row keyed by a random id in an httpOnly cookie, its items, and
// the order reference reserved once per cart. Totals are always recomputed from the catalogue.
import { randomBytes, randomInt } from "node:crypto";
import { asc, count, eq, sql } from "drizzle-orm";
import { cartItems, carts, orderNumbers } from "~/db/schema";
import type { CardItemInput, CardLink } from "~/schemas/cart";
import type { Delivery } from "~/schemas/checkout";
import { appCookie } from "./cookies.server";
import type { DbOrTx, Tx } from "./db.server";
import { type ItemKind, itemName, MAX_QUANTITY, priceItems, unitPrice } from "./pricing.server";

export const cartCookie = appCookie("cart", 60 * 60 * 24 * 60);

export interface CardDetails {
  links: CardLink[];
  name?: string;
  bio?: string;
}

export interface UpdateRequestDetails {
  cardNumber: string;
  name: string;
  email: string;
  action: "add-link" | "remove-link" | "change-image";
  platform?: string;
  url?: string;
  linkToRemove?: string;
  imageUrl?: string;
  /** How ownership was proven when the request was added, or null: then an admin reviews it. */
  proof: "password" | "owner" | null;
  /** The signed-in account that added it, if any. */
  userId?: string;
}

export type ItemDetails = CardDetails | UpdateRequestDetails;

export class CartError extends Error {
  override name = "CartError";
}

/** Reserves a fresh order reference, WC + 6 digits (100000-999999), unique across carts and orders. */
export async function reserveOrderNumber(db: DbOrTx) {
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

export async function readCartId(request: Request) {
  const value = await cartCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return typeof value === "string" && /^[A-Za-z0-9_-]{20,64}$/.test(value) ? value : null;
}

export async function createCart(db: DbOrTx, opts: { referrerUserId?: string | null } = {}) {
  const id = randomBytes(24).toString("base64url");
  return db.transaction(async (tx) => {
    const orderReference = await reserveOrderNumber(tx);
    const [cart] = await tx
      .insert(carts)
      .values({ id, orderReference, referrerUserId: opts.referrerUserId ?? null })
      .returning();
    return cart!;
  });
}

/** The cookie that names this cart. */
export function cartCookieHeader(cartId: string) {
  return cartCookie.serialize(cartId);
}

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;

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

/** The cart as pages show it: items with catalogue prices, and the totals. */
export async function loadCart(db: DbOrTx, cartId: string | null) {
  const cart = await getCartRow(db, cartId);
  if (!cart) return null;
  const rows = await db
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const items = rows.map((r) => ({
    id: r.id,
    kind: r.kind as ItemKind,
    name: itemName(r.kind as ItemKind),
    quantity: r.quantity,
    unitPrice: unitPrice(r.kind as ItemKind),
    details: r.details as ItemDetails,
  }));
  return {
    id: cart.id,
    orderReference: cart.orderReference,
    referrerUserId: cart.referrerUserId,
    delivery: (cart.delivery as Delivery | null) ?? null,
    items,
    totals: priceItems(items, Boolean(cart.referrerUserId)),
  };
}
export type LoadedCart = NonNullable<Awaited<ReturnType<typeof loadCart>>>;

export async function addCardItem(db: DbOrTx, cartId: string, item: CardItemInput) {
  const details: CardDetails =
    item.kind === "multi-link"
      ? { links: item.links, name: item.name || undefined, bio: item.bio || undefined }
      : { links: item.links };
  if (!details.links.some((l) => l.url.trim() !== ""))
    throw new CartError("Card must have at least one valid link");
  await db.insert(cartItems).values({ cartId, kind: item.kind, quantity: 1, details });
  await touch(db, cartId);
}

export async function addUpdateRequestItem(db: DbOrTx, cartId: string, details: UpdateRequestDetails) {
  await db.insert(cartItems).values({ cartId, kind: "update-request", quantity: 1, details });
  await touch(db, cartId);
}

/** Changes a quantity by +1 or -1, never below 1 (update requests stay at 1). Done in SQL, so clicks never race. */
export async function changeQuantity(db: DbOrTx, cartId: string, itemId: string, delta: number) {
  const step = Math.sign(delta);
  if (step === 0) return;
  await db
    .update(cartItems)
    .set({
      quantity: sql`case when ${cartItems.kind} = 'update-request' then 1
        else least(${MAX_QUANTITY}, greatest(1, ${cartItems.quantity} + ${step})) end`,
    })
    .where(sql`${cartItems.id} = ${itemId} and ${cartItems.cartId} = ${cartId}`);
  await touch(db, cartId);
}

export async function removeItem(db: DbOrTx, cartId: string, itemId: string) {
  await db.delete(cartItems).where(sql`${cartItems.id} = ${itemId} and ${cartItems.cartId} = ${cartId}`);
  await touch(db, cartId);
}

export async function setCartReferrer(db: DbOrTx, cartId: string, referrerUserId: string | null) {
  await db.update(carts).set({ referrerUserId, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

export async function saveCartDelivery(db: DbOrTx, cartId: string, delivery: Delivery) {
  await db.update(carts).set({ delivery, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** Gives the cart a new reference (its old one now belongs to an order). */
export async function renewCartReference(tx: Tx, cartId: string) {
  const orderReference = await reserveOrderNumber(tx);
  await tx.update(carts).set({ orderReference, updatedAt: new Date() }).where(eq(carts.id, cartId));
  return orderReference;
}

export async function deleteCart(db: DbOrTx, cartId: string) {
  await db.delete(carts).where(eq(carts.id, cartId));
}

async function touch(db: DbOrTx, cartId: string) {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

export async function cartItemCount(db: DbOrTx, cartId: string) {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.cartId, cartId));
  return row?.n ?? 0;
}
