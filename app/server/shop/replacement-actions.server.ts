// My Cards' 'Order a replacement': cards/ checks that this card may be replaced; the replacement goes to the cart,
// and the lost card is turned off at once when the owner asked for it.
import { type AppLoadContext, redirect } from "react-router";
import { CARDS } from "~/catalog";
import type { SessionUser } from "../accounts/session.server";
import { replacementRequest, supportReply } from "../cards/card-lifecycle-actions.server";
import { CardLifecycleError } from "../cards/physical-cards.server";
import { refuseWithToast, toastHeaders } from "../platform/toast.server";
import { addReplacementItem, CartError } from "./cart.server";
import { ensureCart } from "./cart-actions.server";

export async function handleReplacementOrder(
  context: AppLoadContext,
  request: Request,
  user: SessionUser,
  form: FormData,
) {
  try {
    const { page, replaces, turnOffNow, turnOffLost } = await replacementRequest(context.db, user, form);
    const { cart, headers } = await ensureCart(context, request);
    await addReplacementItem(context.db, cart.id, {
      links: [],
      replacementFor: { cardPageId: page.id, cardNumber: page.cardNumber, physicalCardId: replaces },
    });
    if (turnOffNow) await turnOffLost();
    await toastHeaders(
      {
        type: "success",
        title: "Replacement added to cart",
        description: `A replacement for card ${page.cardNumber} (${CARDS["multi-link"].name}).`,
      },
      headers,
    );
    return redirect("/cart", { headers });
  } catch (error) {
    if (error instanceof CardLifecycleError) return supportReply(context, error);
    if (error instanceof CartError) return refuseWithToast(error.message, error.status);
    throw error;
  }
}
