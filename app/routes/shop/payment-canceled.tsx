import { useEffect } from "react";
import { redirect } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { cancelAwaitingOrder, getOrderByToken } from "~/server/shop/orders.server";
import { expireCheckoutSession } from "~/server/shop/payments/stripe.server";
import { privatePage } from "~/utils/seo";
import { notify } from "~/utils/toast";
import type { Route } from "./+types/payment-canceled";

export const meta = () =>
  privatePage("Order Canceled", "Your payment was canceled: your cart is kept, so you can try again.");

export async function loader({ context, url }: Route.LoaderArgs) {
  // Stripe's cancel link carries the order's secret: the abandoned order is cancelled, the cart is kept.
  const order = await getOrderByToken(
    context.db,
    url.searchParams.get("order"),
    url.searchParams.get("token"),
  );
  if (!order) return { orderNumber: null };
  if (order.status === "awaiting_payment" && order.paymentMethod === "card") {
    const cancelled = await cancelAwaitingOrder(
      context.db,
      order.id,
      { userId: null, label: "customer" },
      "Customer left the card payment page",
    );
    if (order.stripeSessionId) await expireCheckoutSession(context.config, order.stripeSessionId);
    if (cancelled) return { orderNumber: order.orderNumber };
  } else if (order.status === "cancelled") return { orderNumber: order.orderNumber };
  // The payment went through after all (or this is not a card order waiting at Stripe): its own page says how
  // it stands, rather than this one claiming it was cancelled.
  throw redirect(`/payment-success${url.search}`);
}

export default function PaymentCanceled({ loaderData }: Route.ComponentProps) {
  const { orderNumber } = loaderData;
  useEffect(() => {
    notify({ type: "info", title: "Order Canceled" });
  }, []);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Order Canceled</h1>
      <p className="mt-4 text-slate-700">
        {orderNumber ? (
          <>
            Order <span className="font-mono font-semibold">{orderNumber}</span> was cancelled before payment,
            so you have not been charged.
          </>
        ) : (
          "Your payment was cancelled and you have not been charged."
        )}{" "}
        Your cart is still saved, so you can check out again.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/cart">View Cart</ButtonLink>
        <ButtonLink to="/order-card" variant="secondary">
          Order a Card
        </ButtonLink>
        <ButtonLink to="/" variant="ghost">
          Back to home
        </ButtonLink>
      </div>
    </div>
  );
}
