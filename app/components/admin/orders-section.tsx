// The admin Orders section: a paginated, searchable list from the database, one order's details with its status
// controls, and the queue of update requests waiting for review. Plain forms: works without JavaScript.
import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { CursorPager } from "~/components/ui/pager";
import { Select } from "~/components/ui/select";
import type { loadOrdersSection } from "~/server/shop/admin-orders-actions.server";
import { formatPence } from "~/utils/money";
import { itemLinks, itemSummary } from "~/utils/order-items";
import { formatOrderDate, OrderDetails } from "./order-details";
import { OrderStatusBadge, PaidAfterCancellation } from "./order-status-badge";

type Data = Awaited<ReturnType<typeof loadOrdersSection>>;

export function OrdersSection({ data }: { data: Data }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const returnTo = `${location.pathname}${location.search}`;
  const pageLink = (cursor: { after: string } | { before: string } | null) => {
    const p = new URLSearchParams(params);
    for (const name of ["after", "before", "page", "order"]) p.delete(name);
    for (const [name, value] of Object.entries(cursor ?? {})) p.set(name, value);
    return `?${p}`;
  };
  const { list, selected, queue } = data;
  return (
    <div className="space-y-8">
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <div className="w-72 max-w-full space-y-1.5">
          <label htmlFor="orders-q" className="block text-sm font-medium">
            Search orders
          </label>
          <Input
            id="orders-q"
            name="q"
            defaultValue={params.get("q") ?? ""}
            placeholder="Order id, e-mail or name"
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="orders-status" className="block text-sm font-medium">
            Status
          </label>
          <Select id="orders-status" name="status" defaultValue={params.get("status") ?? ""}>
            <option value="">All</option>
            <option value="pending">Pending</option>
            <option value="awaiting_payment">Awaiting payment</option>
            <option value="paid">Paid</option>
            <option value="completed">Completed</option>
            <option value="refunded">Refunded</option>
            <option value="cancelled">Cancelled</option>
            <option value="paid_after_cancellation">Paid after cancellation</option>
          </Select>
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>

      {selected ? <OrderDetails order={selected} returnTo={returnTo} /> : null}

      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading" className="text-lg font-bold">
          Orders
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
                      <td className="px-3 py-2">{formatOrderDate(o.createdAt)}</td>
                      <td className="px-3 py-2">{links}</td>
                      <td className="px-3 py-2">{formatPence(o.total)}</td>
                      <td className="px-3 py-2">{o.paymentMethod === "card" ? "Card" : "Bank transfer"}</td>
                      <td className="px-3 py-2">
                        <OrderStatusBadge status={o.status} />
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
          <CursorPager
            label="Order pages"
            paged={list.paged}
            previous={list.previous}
            next={list.next}
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
