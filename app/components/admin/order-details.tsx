// One order in the admin Orders section: customer, items with their links, delivery address, history, and the
// buttons that record a payment or change the status, and the card pages its Multi Link items made.
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { deliveryLabel } from "~/delivery-options";
import type { loadOrdersSection } from "~/server/shop/admin-orders-actions.server";
import { countryName } from "~/utils/countries";
import { formatPence } from "~/utils/money";
import { forExistingHolders, isCardItem, itemLinks, itemSummary } from "~/utils/order-items";
import { adminOrderActions } from "~/utils/order-status";
import { confirmSubmit } from "./confirm-submit";
import { OrderStatusBadge, PaidAfterCancellation } from "./order-status-badge";

type Order = NonNullable<Awaited<ReturnType<typeof loadOrdersSection>>["selected"]>;

/** An older order paid before its card pages were made with the payment can still get them by hand. */
const PAID = new Set(["paid", "completed"]);

export const formatOrderDate = (value: string | Date) => new Date(value).toLocaleDateString("en-GB");

export function OrderDetails({ order, returnTo }: { order: Order; returnTo: string }) {
  const a = order.deliveryAddress as unknown as Record<string, string | undefined>;
  return (
    <section
      aria-labelledby="order-details-heading"
      className="rounded-xl border-2 border-brand-600 bg-white p-5"
    >
      <h2 id="order-details-heading" className="text-lg font-bold">
        Order {order.orderNumber} <OrderStatusBadge status={order.status} />
        {order.paidAfterCancellation ? <PaidAfterCancellation /> : null}
      </h2>
      {order.paidAfterCancellation ? (
        <p className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          The payment arrived after this order had been cancelled, so it was marked paid and confirmed to the
          customer. Check that they have not ordered again, then fulfil it or refund it.
        </p>
      ) : null}
      <p className="mt-1 text-sm text-slate-600">
        {order.customerName} · {order.customerEmail} · {order.customerPhone} · placed{" "}
        {formatOrderDate(order.createdAt)} · {order.paymentMethod === "card" ? "Card" : "Bank transfer"} ·{" "}
        {formatPence(order.total)}
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          <h3 className="font-semibold">Items and order links</h3>
          <ul className="mt-2 space-y-3 text-sm">
            {order.items.map((i) => (
              <li key={i.id}>
                <p className="font-medium">
                  {i.quantity} x {i.name} ({formatPence(i.unitPrice)})
                </p>
                {!isCardItem(i) || forExistingHolders(i) ? (
                  <p className="text-slate-600">{itemSummary(i)}</p>
                ) : (
                  <ul className="list-disc pl-5 text-slate-700">
                    {itemLinks(i).map((l) => (
                      <li key={`${i.id}-${l.label}-${l.url}`} className="break-all">
                        {l.label ?? l.platform}: {l.url}
                      </li>
                    ))}
                  </ul>
                )}
                {i.cardPages.length ? (
                  <ul className="mt-1 space-y-1">
                    {i.cardPages.map((p) => (
                      <li key={p.id} className="flex flex-wrap items-center gap-x-3">
                        <Link
                          to={`/admin-dashboard/edit/${p.id}`}
                          className="font-medium text-brand-700 underline"
                          aria-label={`Open card page #${p.cardNumber}`}
                        >
                          Open card page #{p.cardNumber}
                        </Link>
                        <a href={`/${p.slug}`} className="break-all text-brand-700 underline">
                          /{p.slug}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {i.kind === "multi-link" &&
                !forExistingHolders(i) &&
                i.cardPages.length < i.quantity &&
                PAID.has(order.status) ? (
                  <Form method="post" className="mt-1">
                    <input type="hidden" name="intent" value="card-from-order" />
                    <input type="hidden" name="orderId" value={order.id} />
                    <input type="hidden" name="itemId" value={i.id} />
                    <Button type="submit" variant="secondary">
                      Create card page from order
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
        <div className="text-sm">
          <h3 className="font-semibold">{order.memberParcels ? "Invoice address" : "Delivery address"}</h3>
          <p className="mt-2">
            {[
              a.fullName,
              a.addressLine1,
              a.addressLine2,
              a.city,
              a.postalCode,
              a.country && countryName(a.country),
            ]
              .filter(Boolean)
              .join(", ")}
          </p>
          {order.deliveryOption ? (
            <p className="mt-1">
              Delivery: {deliveryLabel(order.deliveryOption)}, {formatPence(order.deliveryFee)}
            </p>
          ) : null}
          {order.memberParcels ? (
            <p className="mt-1">
              Delivery: {order.memberParcels === 1 ? "1 parcel" : `${order.memberParcels} parcels`}, each to
              its member's address (posted from Fulfilment), {formatPence(order.deliveryFee)}
            </p>
          ) : null}
          <h3 className="mt-4 font-semibold">History</h3>
          <ol className="mt-2 space-y-1">
            {order.history.map((h) => (
              <li key={h.id}>
                {new Date(h.createdAt).toLocaleString("en-GB")}: {h.fromStatus ?? "new"} → {h.toStatus} by{" "}
                {h.actor}
                {h.note ? ` (${h.note})` : ""}
              </li>
            ))}
          </ol>
        </div>
      </div>
      <OrderStatusActions order={order} returnTo={returnTo} />
    </section>
  );
}

/** Only the changes this order can take (adminOrderActions); the server accepts no others. */
function OrderStatusActions({ order, returnTo }: { order: Order; returnTo: string }) {
  const actions = adminOrderActions(order.status);
  if (!actions.length) return null;
  const total = formatPence(order.total);
  const byCard = order.paymentMethod === "card";
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      {actions.includes("mark-paid") ? (
        <Form method="post">
          <input type="hidden" name="intent" value="mark-paid" />
          <input type="hidden" name="orderId" value={order.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <Button type="submit">Mark paid</Button>
        </Form>
      ) : null}
      {(["pending", "completed"] as const)
        .filter((s) => actions.includes(s))
        .map((s) => (
          <Form method="post" key={s}>
            <input type="hidden" name="intent" value="order-status" />
            <input type="hidden" name="orderId" value={order.id} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <Button type="submit" name="status" value={s} variant="secondary">
              Mark {s}
            </Button>
          </Form>
        ))}
      {actions.includes("refunded") ? (
        <Form
          method="post"
          onSubmit={confirmSubmit(
            byCard
              ? `Refund ${total} to the customer's card through Stripe? This cannot be undone.`
              : `Record that ${total} was sent back to the customer by bank transfer? This cannot be undone.`,
          )}
        >
          <input type="hidden" name="intent" value="order-status" />
          <input type="hidden" name="orderId" value={order.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <Button type="submit" name="status" value="refunded" variant="danger">
            {byCard
              ? `Mark refunded (refund ${total} through Stripe)`
              : "Mark refunded (money sent back by bank transfer)"}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
