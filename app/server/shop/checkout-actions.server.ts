// Checkout's steps from the cart: 'Complete Order', the delivery step with its defaults, and placing the order
// (bank transfer, or card payment at Stripe). Routes stay thin: they call these.
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "react-router";
import { data, redirect } from "react-router";
import type { DeliveryOptionId } from "~/delivery-options";
import {
  CHECKOUT_MESSAGES,
  CheckoutDeliverySchema,
  DEFAULT_COUNTRY,
  DeliverySchema,
  PaymentChoiceSchema,
} from "~/schemas/checkout";
import { lacksLink } from "~/utils/order-items";
import { getSessionUser } from "../accounts/session.server";
import { LIST_MESSAGES } from "../cold-calling/business-lists.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { addressKey } from "../platform/rate-limit-address.server";
import { redirectWithToast } from "../platform/toast.server";
import { getCartRow, loadCart, readCartId, saveCartDelivery } from "./cart.server";
import { CheckoutError, createOrderFromCart, DeliveryRefusedError, lastDeliveryFor } from "./checkout.server";
import { SHOP_LIMITS } from "./limits.server";
import { cancelAwaitingOrder, setStripeSession } from "./orders.server";
import { createCheckoutSession, StripeCheckoutError } from "./payments/stripe.server";
import { deliveryOptionsFor, deliveryRefusal, deliveryServes, needsDelivery } from "./pricing.server";
import { addressPrefill, savedDeliveryFor } from "./saved-delivery.server";

type Ctx = AppLoadContext;

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
    SHOP_LIMITS.placeOrder,
  );
  if (!byAddress.allowed) return checkoutError(CHECKOUT_MESSAGES.tooManyOrders);
  const recipient = `order:email:${delivery.data.email.trim().toLowerCase()}`;
  if (!(await hitRateLimit(context.db, recipient, SHOP_LIMITS.placeOrder)).allowed)
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
