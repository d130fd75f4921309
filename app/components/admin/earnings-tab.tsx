// Admin Earnings tab: revenue and order counts per month, from paid and completed orders in the database.
import type { loadEarningsTab } from "~/server/shop/admin-orders-actions.server";
import { formatPence } from "~/utils/money";

type Data = Awaited<ReturnType<typeof loadEarningsTab>>;

export function EarningsTab({ data }: { data: Data }) {
  const monthName = (m: string) =>
    new Date(`${m}-01T00:00:00Z`).toLocaleDateString("en-GB", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-4">
        {[
          ["Revenue", formatPence(data.totals.revenue)],
          ["Paid orders", String(data.totals.paid)],
          ["Completed orders", String(data.totals.completed)],
          ["Awaiting payment", String(data.awaitingPayment)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      {data.months.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center">No earnings yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left font-semibold">Per month (by payment date)</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2">
                Month
              </th>
              <th scope="col" className="px-3 py-2">
                Revenue
              </th>
              <th scope="col" className="px-3 py-2">
                Paid
              </th>
              <th scope="col" className="px-3 py-2">
                Completed
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {data.months.map((m) => (
              <tr key={m.month}>
                <td className="px-3 py-2">{monthName(m.month)}</td>
                <td className="px-3 py-2">{formatPence(m.revenue)}</td>
                <td className="px-3 py-2">{m.paid}</td>
                <td className="px-3 py-2">{m.completed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
