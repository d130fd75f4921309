// Admin Orders tab: a paginated, searchable list from the database, one order's details with its status
// controls, and the queue of update requests waiting for review. Plain forms: works without JavaScript.
import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import type { loadOrdersTab } from "~/server/shop/admin-orders-actions.server";
import { cn } from "~/utils/cn";
import { formatPence } from "~/utils/money";
import { itemLinks, itemSummary } from "~/utils/order-items";

type Data = Awaited<ReturnType<typeof loadOrdersTab>>;

const BADGES: Record<string, { label: string; className: string }> = {
  awaiting_payment: { label: "pending", className: "bg-slate-200 text-slate-800" },
  paid: { label: "pending", className: "bg-slate-200 text-slate-800" },
  completed: { label: "completed", className: "bg-brand-600 text-white" },
  refunded: { label: "refunded", className: "bg-red-700 text-white" },
  cancelled: { label: "cancelled", className: "border border-slate-300 text-slate-700" },
};

function Badge({ status }: { status: string }) {
  const b = BADGES[status] ?? BADGES.cancelled!;
  return (
    <span className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold", b.className)}>
      {b.label}
      {status === "awaiting_payment" ? " (awaiting payment)" : status === "paid" ? " (paid)" : ""}
    </span>
  );
}

/** Money arrived for an order that had been cancelled: the admin follows up (fulfil or refund). */
function PaidAfterCancellation() {
  return (
    <span className="ml-1 inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      paid after cancellation
    </span>
  );
}

const date = (value: string | Date) => new Date(value).toLocaleDateString("en-GB");

export function OrdersTab({ data }: { data: Data }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const returnTo = `${location.pathname}${location.search}`;
  const pageLink = (page: number) => {
    const p = new URLSearchParams(params);
    p.set("page", String(page));
    p.delete("order");
    return `?${p}`;
  };
  const { list, selected, queue } = data;
  return (
    <div className="space-y-8">
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <div className="space-y-1.5">
          <label htmlFor="orders-q" className="block text-sm font-medium">
            Search orders
          </label>
          <input
            id="orders-q"
            name="q"
            defaultValue={params.get("q") ?? ""}
            placeholder="Order id, e-mail or name"
            className="block w-72 max-w-full rounded-md border border-slate-300 px-3 py-2.5"
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="orders-status" className="block text-sm font-medium">
            Status
          </label>
          <select
            id="orders-status"
            name="status"
            defaultValue={params.get("status") ?? ""}
            className="block rounded-md border border-slate-300 bg-white px-3 py-2.5"
          >
            <option value="">All</option>
            <option value="pending">Pending</option>
            <option value="awaiting_payment">Awaiting payment</option>
            <option value="paid">Paid</option>
            <option value="completed">Completed</option>
            <option value="refunded">Refunded</option>
            <option value="cancelled">Cancelled</option>
            <option value="paid_after_cancellation">Paid after cancellation</option>
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>

      {selected ? <OrderDetails order={selected} returnTo={returnTo} /> : null}

      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading" className="text-lg font-bold">
          Orders ({list.total})
        </h2>
        {list.orders.length === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-slate-300 p-8 text-center">
            No orders yet.
          </p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Order
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Customer
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Type
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Date ordered
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Links
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Total
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Payment
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {list.orders.map((o) => {
                  const types = [...new Set(o.items.map((i) => i.kind))].join(", ");
                  const links = o.items.reduce((n, i) => n + itemLinks(i).length, 0);
                  const p = new URLSearchParams(params);
                  p.set("order", o.id);
                  return (
                    <tr key={o.id}>
                      <td className="px-3 py-2 font-mono">{o.orderNumber}</td>
                      <td className="px-3 py-2">
                        {o.customerName}
                        <span className="block text-slate-600">{o.customerEmail}</span>
                      </td>
                      <td className="px-3 py-2">{types}</td>
                      <td className="px-3 py-2">{date(o.createdAt)}</td>
                      <td className="px-3 py-2">{links}</td>
                      <td className="px-3 py-2">{formatPence(o.total)}</td>
                      <td className="px-3 py-2">{o.paymentMethod === "card" ? "Card" : "Bank transfer"}</td>
                      <td className="px-3 py-2">
                        <Badge status={o.status} />
                        {o.paidAfterCancellation ? <PaidAfterCancellation /> : null}
                      </td>
                      <td className="px-3 py-2">
                        <Link to={`?${p}`} className="font-medium text-brand-700 underline">
                          View details<span className="sr-only"> of order {o.orderNumber}</span>
                        </Link>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <div className="mt-3">
          <Pager
            label="Order pages"
            page={list.page}
            hasNext={list.page < list.pages}
            pages={list.pages}
            href={pageLink}
          />
        </div>
      </section>

      <section aria-labelledby="queue-heading">
        <h2 id="queue-heading" className="text-lg font-bold">
          Update requests to review ({queue.total})
        </h2>
        {queue.rows.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nothing waiting for review.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {queue.rows.map((r) => (
              <li key={r.id} className="rounded-xl border border-slate-200 p-4 text-sm">
                <p className="font-semibold">
                  {itemSummary({ kind: "update-request", details: r.details })} · order {r.orderNumber}
                </p>
                <p className="text-slate-600">{r.note}</p>
                <Form method="post" className="mt-2 flex gap-2">
                  <input type="hidden" name="intent" value="review-request" />
                  <input type="hidden" name="requestId" value={r.id} />
                  <input type="hidden" name="returnTo" value={returnTo} />
                  <Button type="submit" name="decision" value="apply">
                    Apply
                  </Button>
                  <Button type="submit" name="decision" value="reject" variant="secondary">
                    Reject
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function OrderDetails({ order, returnTo }: { order: NonNullable<Data["selected"]>; returnTo: string }) {
  const a = order.deliveryAddress as unknown as Record<string, string | undefined>;
  const current = BADGES[order.status]?.label;
  return (
    <section
      aria-labelledby="order-details-heading"
      className="rounded-xl border-2 border-brand-600 bg-white p-5"
    >
      <h2 id="order-details-heading" className="text-lg font-bold">
        Order {order.orderNumber} <Badge status={order.status} />
        {order.paidAfterCancellation ? <PaidAfterCancellation /> : null}
      </h2>
      {order.paidAfterCancellation ? (
        <p className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          The payment arrived after this order had been cancelled, so it was marked paid and confirmed to the
          customer. Check that they have not ordered again, then fulfil it or refund it.
        </p>
      ) : null}
      <p className="mt-1 text-sm text-slate-600">
        {order.customerName} · {order.customerEmail} · {order.customerPhone} · placed {date(order.createdAt)}{" "}
        · {order.paymentMethod === "card" ? "Card" : "Bank transfer"} · {formatPence(order.total)}
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
                {i.kind === "update-request" ? (
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
                {i.kind === "multi-link" ? (
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
          <h3 className="font-semibold">Delivery address</h3>
          <p className="mt-2">
            {[a.fullName, a.addressLine1, a.addressLine2, a.city, a.postalCode, a.country]
              .filter(Boolean)
              .join(", ")}
          </p>
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
      <div className="mt-4 flex flex-wrap gap-2">
        {order.status === "awaiting_payment" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="mark-paid" />
            <input type="hidden" name="orderId" value={order.id} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <Button type="submit">Mark paid</Button>
          </Form>
        ) : null}
        <Form method="post" className="flex flex-wrap gap-2" aria-label="Order status">
          <input type="hidden" name="intent" value="order-status" />
          <input type="hidden" name="orderId" value={order.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          {(["pending", "completed", "refunded"] as const).map((s) => (
            <Button
              key={s}
              type="submit"
              name="status"
              value={s}
              variant={s === "refunded" ? "danger" : "secondary"}
              disabled={current === s || order.status === "cancelled"}
            >
              Mark {s}
            </Button>
          ))}
        </Form>
      </div>
    </section>
  );
}
