// Over 300 lines: every intent of the one cart action, beside the view each refreshes.
// The cart's form actions (one intent each) and the data the cart panel shows. Routes stay thin: they call these.
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "react-router";
import { data, redirect } from "react-router";
import type { DeliveryOptionId } from "~/delivery-options";
import { cardItemFromForm } from "~/schemas/cart";
import {
  CHECKOUT_MESSAGES,
  CheckoutDeliverySchema,
  DEFAULT_COUNTRY,
  DeliverySchema,
  PaymentChoiceSchema,
} from "~/schemas/checkout";
import { editMultiLinkDraft, LINK_MESSAGES } from "~/schemas/link-rules";
import { deliveryPriceList } from "~/utils/delivery-text";
import { isUuid } from "~/utils/ids";
import { lacksLink } from "~/utils/order-items";
import { getSessionUser } from "../accounts/auth.server";
import { safeRedirect, unknownIntent } from "../platform/forms.server";
import { hitRateLimit, LIMITS } from "../platform/rate-limit.server";
import { addressKey } from "../platform/rate-limit-address.server";
import { dataWithToast, redirectWithToast, toastHeaders } from "../platform/toast.server";
import { LIST_MESSAGES } from "./business-lists.server";
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
  saveCartDelivery,
  setCartReferrer,
} from "./cart.server";
import { CheckoutError, createOrderFromCart, DeliveryRefusedError, lastDeliveryFor } from "./checkout.server";
import { cancelAwaitingOrder, setStripeSession } from "./orders.server";
import { createCheckoutSession, StripeCheckoutError } from "./payments/stripe.server";
import { deliveryOptionsFor, deliveryRefusal, deliveryServes, needsDelivery } from "./pricing.server";
import { allowedReferrers, findReferrerByCode, readRefCode } from "./referrals.server";
import { addressPrefill, savedDeliveryFor } from "./saved-delivery.server";

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
  const limit = await hitRateLimit(context.db, `new-cart:ip:${addressKey(context.clientIp)}`, LIMITS.newCart);
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

function checkoutError(message: string) {
  return redirectWithToast("/cart", { type: "error", title: "Checkout error", description: message });
}

/** 'Complete Order': the cart must hold something and every card a valid link; then the delivery step. */
export async function startCheckout(context: Ctx, request: Request) {
  const cart = await loadCart(context.db, await readCartId(request));
  if (!cart || cart.items.length === 0) return checkoutError(CHECKOUT_MESSAGES.emptyCart);
  if (cart.items.some(lacksLink)) return checkoutError(CHECKOUT_MESSAGES.noValidLinks);
  if (cart.items.some((i) => i.kind === "business-list") && !(await getSessionUser(context, request)))
    return checkoutError(LIST_MESSAGES.signIn);
  return redirect("/cart?step=delivery");
}

/**
 * What the delivery form starts with: what was entered for this cart, else the address the account saved in
 * Settings, else the account's last order's address; and the delivery option chosen for the cart, else the
 * cheapest one that serves that country.
 */
export async function deliveryDefaults(
  context: Ctx,
  request: Request,
  cart: { delivery: unknown; chosenDeliveryOption: DeliveryOptionId | null } | null,
) {
  const user = await getSessionUser(context, request);
  const prefill =
    addressPrefill(cart?.delivery) ??
    (user
      ? ((await savedDeliveryFor(context.db, user.id)) ??
        addressPrefill(await lastDeliveryFor(context.db, user.id)))
      : null);
  const values: Record<string, string> = prefill?.values ?? {
    ...(user ? { fullName: user.name, email: user.email } : {}),
    country: DEFAULT_COUNTRY,
  };
  const country = values.country || DEFAULT_COUNTRY;
  const chosen = cart?.chosenDeliveryOption;
  const deliveryOption =
    chosen && deliveryServes(chosen, country) ? chosen : (deliveryOptionsFor(country)[0] ?? chosen ?? "");
  const withOption: Record<string, string> = { ...values, deliveryOption };
  return { values: withOption, countryToChoose: prefill?.countryToChoose ?? null };
}

/**
 * The delivery step: the address, and (when the cart holds a card to post) an option that serves its country;
 * a post without one gets the cheapest that does. A refused option is a field error and nothing is saved.
 */
export async function saveDelivery(context: Ctx, request: Request, form: FormData) {
  const submission = parseWithZod(form, { schema: CheckoutDeliverySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const cart = await loadCart(context.db, await readCartId(request));
  if (!cart) return checkoutError(CHECKOUT_MESSAGES.emptyCart);
  const { deliveryOption, ...address } = submission.value;
  let option: DeliveryOptionId | null = null;
  if (needsDelivery(cart.items)) {
    option = deliveryOption ?? deliveryOptionsFor(address.country)[0] ?? null;
    const problem = option ? deliveryRefusal(option, address.country) : null;
    if (problem)
      return data(
        { result: submission.reply({ fieldErrors: { deliveryOption: [problem] } }) },
        { status: 400 },
      );
  }
  await saveCartDelivery(context.db, cart.id, address, option);
  return redirect("/cart?step=summary");
}

/** Places the order: bank transfer goes straight to the success page, card payment to Stripe's page. */
export async function placeOrder(context: Ctx, request: Request, form: FormData) {
  const choice = PaymentChoiceSchema.safeParse({ paymentMethod: form.get("paymentMethod") });
  if (!choice.success) return checkoutError("Please choose how to pay");
  const method = choice.data.paymentMethod;
  if (method === "card" && !context.config.stripe) return checkoutError("Card payment is not available");
  if (method === "bank_transfer" && !context.config.bank)
    return checkoutError(CHECKOUT_MESSAGES.bankTransferOff);
  const cartId = await readCartId(request);
  const cart = await getCartRow(context.db, cartId);
  const delivery = DeliverySchema.safeParse(cart?.delivery ?? {});
  if (!cart) return checkoutError(CHECKOUT_MESSAGES.emptyCart);
  if (!delivery.success) return redirect("/cart?step=delivery");
  // Each order e-mails its recipient: limited per client address and per recipient, so the shop cannot be
  // used to send mail to strangers in bulk. Checked before anything is written; an address already refused
  // does not use up the recipient's allowance.
  const byAddress = await hitRateLimit(
    context.db,
    `order:ip:${addressKey(context.clientIp)}`,
    LIMITS.placeOrder,
  );
  if (!byAddress.allowed) return checkoutError(CHECKOUT_MESSAGES.tooManyOrders);
  const recipient = `order:email:${delivery.data.email.trim().toLowerCase()}`;
  if (!(await hitRateLimit(context.db, recipient, LIMITS.placeOrder)).allowed)
    return checkoutError(CHECKOUT_MESSAGES.tooManyOrders);
  const user = await getSessionUser(context, request);
  const bank = context.config.bank;
  let created: Awaited<ReturnType<typeof createOrderFromCart>>;
  try {
    created = await createOrderFromCart(context.db, {
      cartId: cart.id,
      delivery: delivery.data,
      deliveryOption: cart.deliveryOption,
      paymentMethod: method,
      userId: user?.id ?? null,
      shop: context.config.shop.name,
      bank,
    });
  } catch (error) {
    // The option no longer serves the address: back to the delivery step to choose again.
    if (error instanceof DeliveryRefusedError)
      return redirectWithToast("/cart?step=delivery", {
        type: "error",
        title: "Checkout error",
        description: error.message,
      });
    if (error instanceof CheckoutError) return checkoutError(error.message);
    throw error;
  }
  const { order, token } = created;
  const successUrl = `/payment-success?order=${order.id}&token=${token}`;
  if (method === "bank_transfer") {
    context.pokeOutbox();
    return redirectWithToast(successUrl, { type: "success", title: "Order Received!" });
  }
  try {
    const session = await createCheckoutSession(context.config, {
      order,
      items: created.items,
      successUrl: `${context.config.publicUrl}${successUrl}`,
      cancelUrl: `${context.config.publicUrl}/payment-canceled?order=${order.id}&token=${token}`,
    });
    await setStripeSession(context.db, order.id, session.id);
    return redirect(session.url);
  } catch (error) {
    context.logger.error({ err: error, orderId: order.id }, "checkout session failed");
    await cancelAwaitingOrder(
      context.db,
      order.id,
      { userId: null, label: "system" },
      "The card payment could not be started",
    );
    const message = error instanceof StripeCheckoutError ? error.message : CHECKOUT_MESSAGES.sessionFailed;
    return checkoutError(message);
  }
}
