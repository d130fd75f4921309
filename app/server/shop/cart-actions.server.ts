// The cart's form actions (one intent each) and the data the cart panel shows; checkout's steps are in
// checkout-actions.server.ts. Routes stay thin: they call these.
import type { AppLoadContext } from "react-router";
import { data, redirect } from "react-router";
import { cardItemFromForm } from "~/schemas/cart";
import { editMultiLinkDraft, LINK_MESSAGES } from "~/schemas/link-rules";
import { deliveryPriceList } from "~/utils/delivery-text";
import { isUuid } from "~/utils/ids";
import { getSessionUser } from "../accounts/session.server";
import type { DbOrTx } from "../platform/db.server";
import { safeRedirect, unknownIntent } from "../platform/forms.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { addressKey } from "../platform/rate-limit-address.server";
import { dataWithToast, toastHeaders } from "../platform/toast.server";
import {
  allowedReferrers,
  findReferrerByCode,
  readRefCode,
  rememberReferralLink,
} from "../referrals/referrals.server";
import {
  addCardItem,
  CART_MESSAGES,
  CartError,
  cartCookieHeader,
  changeQuantity,
  createCart,
  getCartRow,
  loadCart,
  readCartId,
  removeItem,
  setCartReferrer,
  setCartReferrerIfNone,
} from "./cart.server";
import { SHOP_LIMITS } from "./limits.server";

type Ctx = AppLoadContext;

/** The cart, the referrers it may choose and which one is selected, for the cart page and the panel. */
export async function cartView(context: Ctx, request: Request) {
  const viewer = await getSessionUser(context, request);
  const cart = await loadCart(context.db, await readCartId(request), viewer?.id ?? null);
  const referrers = await allowedReferrers(context.db, {
    refCode: await readRefCode(request),
    cartReferrerUserId: cart?.referrerUserId ?? null,
    viewerUserId: viewer?.id ?? null,
  });
  return {
    cart,
    referrers: referrers.map((r) => ({ id: r.userId, name: r.name })),
    stripeEnabled: Boolean(context.config.stripe),
    bankTransferEnabled: Boolean(context.config.bank),
    /** Worded here, so the catalogue's wording stays out of the pages' scripts. */
    deliveryPrices: deliveryPriceList(),
  };
}
export type CartView = Awaited<ReturnType<typeof cartView>>;

/**
 * The cart of this visitor, created (with the ?ref= referrer preselected) when there is none yet. New carts
 * are rate limited per client address: past the limit this throws a CartError (429) and creates nothing.
 */
export async function ensureCart(context: Ctx, request: Request) {
  const existing = await getCartRow(context.db, await readCartId(request));
  if (existing) return { cart: existing, headers: new Headers() };
  const limit = await hitRateLimit(
    context.db,
    `new-cart:ip:${addressKey(context.clientIp)}`,
    SHOP_LIMITS.newCart,
  );
  if (!limit.allowed) throw new CartError(CART_MESSAGES.tooManyCarts, 429);
  const refCode = await readRefCode(request);
  const referrer = refCode ? await findReferrerByCode(context.db, refCode) : null;
  // The link may have been followed before signing in: a referrer's own link preselects nobody.
  const viewer = referrer ? await getSessionUser(context, request) : null;
  const referrerUserId = referrer && referrer.userId !== viewer?.id ? referrer.userId : null;
  const cart = await createCart(context.db, { referrerUserId });
  const headers = new Headers({ "Set-Cookie": await cartCookieHeader(cart.id) });
  return { cart, headers };
}

function backTo(form: FormData, fallback = "/cart") {
  return safeRedirect(form.get("returnTo"), fallback);
}

/**
 * The order form's submit buttons. Without JavaScript, the Multi Link form's 'Add Link' and remove buttons
 * post the form here: the answer is the same form with the link added or removed, and nothing goes into the
 * cart. 'Add to Cart' (add-card) adds the card; any other intent is answered 400.
 */
export async function orderCardAction(context: Ctx, request: Request, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  if (/^remove-link:\d{1,2}$/.test(intent) || intent === "add-link") {
    const draft = editMultiLinkDraft(form, intent);
    return data({ draft }, { status: draft.error ? 400 : 200 });
  }
  if (intent === "add-card") return addCardToCart(context, request, form);
  return unknownIntent();
}

/** Adds a One Link or Multi Link card from the order form; the catalogue decides its price. */
export async function addCardToCart(context: Ctx, request: Request, form: FormData) {
  const parsed = cardItemFromForm(form);
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.message ?? LINK_MESSAGES.noLinks;
    const noLinks = first === LINK_MESSAGES.noLinks;
    return dataWithToast(
      { error: first },
      { type: "error", title: noLinks ? LINK_MESSAGES.noLinksTitle : "Error", description: first },
      { status: 400 },
    );
  }
  try {
    const { cart, headers } = await ensureCart(context, request);
    await addCardItem(context.db, cart.id, parsed.data);
    await toastHeaders({ type: "success", title: "Added to cart" }, headers);
    return redirect(backTo(form, `/order-card?type=${parsed.data.kind}`), { headers });
  } catch (error) {
    if (!(error instanceof CartError)) throw error;
    return dataWithToast(
      { error: error.message },
      { type: "error", title: "Not added to cart", description: error.message },
      { status: error.status },
    );
  }
}

/** Quantity, remove and referrer: small changes from the cart page or panel, then back where they came from. */
export async function changeCart(context: Ctx, request: Request, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const cart = await getCartRow(context.db, await readCartId(request));
  const itemId = String(form.get("itemId") ?? "");
  switch (intent) {
    case "increase":
    case "decrease":
      if (cart && isUuid(itemId))
        await changeQuantity(context.db, cart.id, itemId, intent === "increase" ? 1 : -1);
      break;
    case "remove":
      if (cart && isUuid(itemId)) await removeItem(context.db, cart.id, itemId);
      break;
    case "referrer":
      if (cart)
        await chooseReferrer(context, request, cart, String(form.get("referrer") ?? "").slice(0, 100));
      break;
    default:
      return unknownIntent();
  }
  return redirect(backTo(form));
}

async function chooseReferrer(
  context: Ctx,
  request: Request,
  cart: { id: string; referrerUserId: string | null },
  chosen: string,
) {
  if (chosen === "" || chosen === "none") return setCartReferrer(context.db, cart.id, null);
  const allowed = await allowedReferrers(context.db, {
    refCode: await readRefCode(request),
    cartReferrerUserId: cart.referrerUserId,
    viewerUserId: (await getSessionUser(context, request))?.id ?? null,
  });
  // A referrer that is not on offer (the visitor themselves included) is ignored: the posted value decides
  // nothing on its own.
  if (allowed.some((r) => r.userId === chosen)) await setCartReferrer(context.db, cart.id, chosen);
}

/**
 * A visit through a referral link (/?ref={code}): referrals/ remembers the code, and a cart without a referrer
 * gets that one preselected.
 */
export async function followReferralLink(
  db: DbOrTx,
  request: Request,
  headers: Headers,
  viewerUserId: string | null,
) {
  const referrerUserId = await rememberReferralLink(db, request, headers, viewerUserId);
  const cartId = await readCartId(request);
  if (cartId && referrerUserId) await setCartReferrerIfNone(db, cartId, referrerUserId);
}
