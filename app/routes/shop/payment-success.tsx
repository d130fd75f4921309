import { createElement, useEffect } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { OrderProgress } from "~/components/shop/order-progress";
import { OrderLines, TotalsList } from "~/components/shop/order-summary";
import { WhatHappensNext } from "~/components/shop/what-happens-next";
import { ButtonLink } from "~/components/ui/button";
import { StaticHtml } from "~/components/ui/static-html";
import { deliveryLabel } from "~/delivery-options";
import { staticHtml } from "~/server/platform/static-html.server";
import { pagesOfOrder, progressOfOrder } from "~/server/shop/order-progress.server";
import { getOrderByToken } from "~/server/shop/orders.server";
import { countryName } from "~/utils/countries";
import { formatPence } from "~/utils/money";
import { isCardItem } from "~/utils/order-items";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/payment-success";

export const meta = () =>
  privatePage("Payment", "Your order is placed: its summary, receipt and what happens next.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const orderId = url.searchParams.get("order");
  const token = url.searchParams.get("token");
  const order = await getOrderByToken(context.db, orderId, token);
  if (!order)
    return {
      order: null,
      status: null,
      pages: null,
      progressHtml: null,
      bank: null,
      receiptQuery: null,
      bankTransfer: Boolean(context.config.bank),
    };
  const {
    accessTokenHash: _secret,
    userId: _user,
    cartId: _cart,
    stripeSessionId: _s,
    referrerUserId: _r,
    ...safe
  } = order;
  const progress = await progressOfOrder(context.db, order);
  const { steps } = progress;
  return {
    order: { ...safe, deliveryName: order.deliveryOption ? deliveryLabel(order.deliveryOption) : null },
    status: progress.status,
    pages: await pagesOfOrder(context.db, order, context.config.publicUrl),
    // Drawn here: the steps have no behaviour, so they are not hydrated.
    progressHtml: steps
      ? staticHtml(createElement(OrderProgress, { progress: { ...progress, steps } }), "order-progress-")
      : null,
    bank: order.paymentMethod === "bank_transfer" ? context.config.bank : null,
    receiptQuery: `order=${encodeURIComponent(order.id)}&token=${encodeURIComponent(token!)}`,
    bankTransfer: Boolean(context.config.bank),
  };
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { order, status, pages, progressHtml, bank, receiptQuery, bankTransfer } = loaderData;
  const revalidator = useRevalidator();
  const location = useLocation();
  // A card payment is confirmed by Stripe's webhook, usually within seconds: check again until it is.
  const processing = order?.paymentMethod === "card" && order.status === "awaiting_payment";
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => revalidator.revalidate(), 2000);
    return () => clearInterval(timer);
  }, [processing, revalidator]);

  if (!order || !status || !pages) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">Order Received</h1>
        <p className="mt-4 text-slate-700">
          Thank you for your order.{bankTransfer ? " Please complete payment via bank transfer." : null}
        </p>
        <ButtonLink to="/" className="mt-8">
          Back to home
        </ButtonLink>
      </div>
    );
  }
  if (processing) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center" aria-live="polite">
        <h1 className="text-3xl font-bold">Processing Your Order...</h1>
        <p className="mt-4 text-slate-700">
          We are waiting for the payment confirmation for order {order.orderNumber}. This page updates by
          itself.
        </p>
        <noscript>
          <p className="mt-4">
            <a
              href={`${location.pathname}${location.search}`}
              className="font-medium text-brand-700 underline"
            >
              Check again
            </a>
          </p>
        </noscript>
      </div>
    );
  }
  const a = order.deliveryAddress as unknown as Record<string, string | undefined>;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Thank You for Your Order!</h1>
      <p className="mt-2 text-slate-700">
        Order <span className="font-mono font-semibold">{order.orderNumber}</span> {status.headline}
      </p>
      {bank && order.status === "awaiting_payment" ? (
        <section
          aria-labelledby="bank-heading"
          className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5"
        >
          <h2 id="bank-heading" className="text-lg font-bold">
            Bank transfer details
          </h2>
          <p className="mt-1 text-sm">Please pay {formatPence(order.total)} to:</p>
          <dl className="mt-3 grid grid-cols-[10rem_1fr] gap-y-1 text-sm">
            <dt>Account name</dt>
            <dd className="font-semibold">{bank.accountName}</dd>
            <dt>Sort code</dt>
            <dd className="font-semibold">{bank.sortCode}</dd>
            <dt>Account number</dt>
            <dd className="font-semibold">{bank.accountNumber}</dd>
            <dt>Reference</dt>
            <dd className="font-mono font-semibold">{order.orderNumber}</dd>
          </dl>
        </section>
      ) : null}
      <section
        aria-labelledby="summary-heading"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-5"
      >
        <h2 id="summary-heading" className="text-lg font-bold">
          Order summary
        </h2>
        <OrderLines items={order.items} className="mt-2" />
        <TotalsList totals={order} className="mt-3" />
        <p className="mt-3 text-sm text-slate-700">
          {order.items.some(isCardItem) ? "Delivering to" : "Billing address:"}{" "}
          {[a.fullName, a.addressLine1, a.city, a.postalCode, a.country ? countryName(a.country) : ""]
            .filter(Boolean)
            .join(", ")}
        </p>
      </section>
      <div className="mt-6 flex flex-wrap gap-3">
        <a
          href={`/payment-success/receipt?${receiptQuery}`}
          download
          className="inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 font-semibold text-white"
        >
          Download Receipt
        </a>
        <a
          href={`/payment-success/receipt?${receiptQuery}&print=1`}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-4 font-semibold"
        >
          Print Receipt
        </a>
      </div>
      {progressHtml ? <StaticHtml html={progressHtml} /> : null}
      <WhatHappensNext order={order} status={status} pages={pages} />
      <Link to="/" className="mt-8 inline-block font-medium text-brand-700 underline">
        Back to home
      </Link>
    </div>
  );
}
