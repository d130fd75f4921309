// The receipt as a standalone HTML document: downloaded as a file named with the order id, or shown to print.

import type { AppLoadContext } from "react-router";
import { deliveryLabel } from "~/delivery-options";
import { countryName } from "~/utils/countries";
import { escapeHtml } from "~/utils/html";
import { formatPence } from "~/utils/money";
import { itemSummary } from "~/utils/order-items";
import type { BankDetails } from "./order-emails.server";
import type { OrderProgressView } from "./order-progress.server";
import type { CustomerOrder } from "./orders.server";
import { memberParcelsLabel } from "./pricing.server";

function receiptFileName(orderNumber: string) {
  return `receipt-${orderNumber}.html`;
}

function receiptHtml(
  order: CustomerOrder,
  opts: {
    shop: string;
    shopAddress: string;
    bank: BankDetails | undefined;
    printScriptNonce?: string;
    progress: OrderProgressView;
  },
) {
  const a = order.deliveryAddress;
  const e = escapeHtml;
  const parcels = opts.progress.memberParcels;
  const rows = order.items
    .map(
      (i) =>
        `<tr><td>${e(i.name)}<br><small>${e(itemSummary(i))}</small></td><td>${i.quantity}</td><td>${formatPence(i.unitPrice)}</td><td>${formatPence(i.unitPrice * i.quantity)}</td></tr>`,
    )
    .join("");
  const bank =
    order.paymentMethod === "bank_transfer" && opts.bank
      ? `<h2>Bank transfer details</h2><p>Account name: ${e(opts.bank.accountName)}<br>Sort code: ${e(opts.bank.sortCode)}<br>Account number: ${e(opts.bank.accountNumber)}<br>Reference: ${e(order.orderNumber)}</p>`
      : "";
  const print = opts.printScriptNonce
    ? `<script nonce="${e(opts.printScriptNonce)}">setTimeout(function(){window.print()},500)</script>`
    : "";
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Receipt ${e(order.orderNumber)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;color:#111;max-width:720px;margin:24px auto;padding:0 16px;line-height:1.5}table{width:100%;border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:6px;text-align:left;vertical-align:top}td:first-child{overflow-wrap:anywhere}small{color:#555}.totals td{border:0}</style>
</head><body>
<h1>${e(opts.shop)} receipt</h1>
<p>${e(opts.shopAddress)}</p>
<p>Order: <strong>${e(order.orderNumber)}</strong><br>Date: ${e(order.createdAt.toISOString().slice(0, 10))}<br>Status: ${e(opts.progress.status.stage)}<br>Payment: ${order.paymentMethod === "card" ? "Card" : "Bank transfer"}</p>
${progressHtml(opts.progress)}
<table><thead><tr><th>Item</th><th>Qty</th><th>Price</th><th>Amount</th></tr></thead><tbody>${rows}</tbody></table>
<table class="totals"><tbody>
<tr><td>Subtotal</td><td>${formatPence(order.subtotal)}</td></tr>
<tr><td>Delivery${order.deliveryOption ? `: ${e(deliveryLabel(order.deliveryOption))}` : ""}${parcels ? `: ${e(memberParcelsLabel(parcels))}` : ""}</td><td>${formatPence(order.deliveryFee)}</td></tr>
${order.discount ? `<tr><td>Referral discount</td><td>-${formatPence(order.discount)}</td></tr>` : ""}
<tr><td><strong>Total</strong></td><td><strong>${formatPence(order.total)}</strong></td></tr>
</tbody></table>
<h2>${parcels ? "Invoice address" : "Delivery address"}</h2>
<p>${[a.fullName, a.addressLine1, a.addressLine2, a.city, a.postalCode, countryName(a.country)]
    .filter(Boolean)
    .map((v) => e(String(v)))
    .join("<br>")}</p>
${bank}
${print}
</body></html>`;
}

/** The order's way to the customer, as on the success page: each step reached, and the tracking link. */
function progressHtml(progress: OrderProgressView) {
  if (!progress.steps) return "";
  const e = escapeHtml;
  const steps = progress.steps
    .map((s) => {
      const tracking =
        s.label === "Posted" && s.done && progress.trackingNumber
          ? ` with ${e(progress.carrier ?? "")}, tracking ${
              progress.trackingUrl
                ? `<a href="${e(progress.trackingUrl)}">${e(progress.trackingNumber)}</a>`
                : e(progress.trackingNumber)
            }`
          : "";
      return `<li>${e(s.label)}: ${s.done && s.at ? e(s.at.slice(0, 10)) : "not yet"}${tracking}</li>`;
    })
    .join("");
  return `<h2>Order progress</h2><ol>${steps}</ol>`;
}

/**
 * The receipt as an answer: a download named with the order id, or (print) shown with a print script. Never
 * cached and never sent with a referrer: the address it was opened at may hold the order's secret.
 */
export function receiptResponse(
  order: CustomerOrder,
  context: Pick<AppLoadContext, "config" | "cspNonce">,
  opts: { print: boolean; progress: OrderProgressView },
) {
  const html = receiptHtml(order, {
    progress: opts.progress,
    shop: context.config.shop.name,
    shopAddress: context.config.shop.address,
    bank: context.config.bank,
    printScriptNonce: opts.print ? context.cspNonce : undefined,
  });
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      ...(opts.print
        ? {}
        : { "Content-Disposition": `attachment; filename="${receiptFileName(order.orderNumber)}"` }),
    },
  });
}

export function orderNotFound() {
  return new Response("Order not found", { status: 404, headers: { "Content-Type": "text/plain" } });
}
