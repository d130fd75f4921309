// Settings, Billing tab: the saved delivery address that prefills checkout, and the customer's order history
// with a receipt for each order.

import { AddressForm } from "~/components/dashboard/address-form";
import type { CountryOption } from "~/components/shop/delivery-fields";
import { OrderProgressLine } from "~/components/shop/order-progress";
import { Pager } from "~/components/ui/pager";
import type { Delivery } from "~/schemas/checkout";
import type { OrderProgressView } from "~/server/shop/order-progress.server";
import type { SubmissionResult } from "~/utils/form";
import { formatPence } from "~/utils/money";

const section = "rounded-xl border border-slate-200 bg-white p-5";
const heading = "text-lg font-bold text-slate-900";

export function SavedAddressForm({
  defaults,
  countries,
  countryHint,
  hasSaved,
  lastResult,
}: {
  defaults: Partial<Delivery>;
  countries: CountryOption[];
  countryHint: string | null;
  hasSaved: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <AddressForm
      id="address-form"
      heading="Delivery address"
      intro={
        hasSaved
          ? "Checkout starts with this address when you are signed in."
          : "Save an address and checkout will start with it when you are signed in."
      }
      intent="address"
      defaults={defaults}
      countries={countries}
      countryHint={countryHint}
      lastResult={lastResult}
    />
  );
}

export interface OrderRow {
  id: string;
  orderNumber: string;
  createdAt: Date | string;
  total: number;
  status: string;
}

/** The shop's own time zone, so the server and the browser print the same date. */
const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Europe/London",
});

export function OrderHistory({
  orders,
  page,
  hasNext,
  progress,
}: {
  orders: OrderRow[];
  page: number;
  hasNext: boolean;
  /** Each order: where it is, and its way to the customer. */
  progress: Record<string, OrderProgressView>;
}) {
  return (
    <section aria-labelledby="orders-heading" className={section}>
      <h2 id="orders-heading" className={heading}>
        Order history
      </h2>
      {orders.length === 0 ? (
        <p className="mt-2 text-slate-700">{page > 1 ? "No more orders." : "You have no orders yet."}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Order
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Total
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 font-medium">
                  Receipt
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-3 pr-3 font-mono font-semibold text-slate-900">
                    {o.orderNumber}
                  </th>
                  <td className="py-3 pr-3">
                    <time dateTime={new Date(o.createdAt).toISOString()}>
                      {dateFormat.format(new Date(o.createdAt))}
                    </time>
                  </td>
                  <td className="py-3 pr-3">{formatPence(o.total)}</td>
                  <td className="py-3 pr-3">
                    {progress[o.id] ? <OrderProgressLine progress={progress[o.id]!} /> : null}
                  </td>
                  <td className="py-3">
                    <div className="flex flex-wrap gap-x-4 gap-y-1">
                      <a
                        href={`/dashboard/settings/billing/receipt/${o.id}`}
                        download
                        aria-label={`Download receipt for order ${o.orderNumber}`}
                        className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                      >
                        Download
                      </a>
                      <a
                        href={`/dashboard/settings/billing/receipt/${o.id}?print=1`}
                        target="_blank"
                        rel="noopener"
                        aria-label={`Print receipt for order ${o.orderNumber} (opens in a new tab)`}
                        className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                      >
                        Print
                      </a>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-4">
        <Pager
          label="Order history pages"
          page={page}
          hasNext={hasNext}
          href={(p) => `/dashboard/settings/billing?page=${p}`}
        />
      </div>
    </section>
  );
}
