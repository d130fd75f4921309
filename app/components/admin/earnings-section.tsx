// The admin Earnings section: revenue and order counts per month, from paid and completed orders in the database, drawn
// for the last 12 months beside the figures, and views per day across every card page.
import { BarChart, formatMonth } from "~/components/charts/bar-chart";
import { ViewsPerDayChart } from "~/components/charts/view-sources";
import type { loadEarningsSection } from "~/server/shop/admin-orders-actions.server";
import { formatPence } from "~/utils/money";

type Data = Awaited<ReturnType<typeof loadEarningsSection>>;

/** Built once: toLocaleDateString with options builds a formatter per call. */
const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

export function EarningsSection({ data }: { data: Data }) {
  const monthName = (m: string) => monthFormat.format(new Date(`${m}-01T00:00:00Z`));
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
      <div className="grid gap-4 lg:grid-cols-2">
        <BarChart
          title="Revenue per month, last 12 months"
          series={[{ key: "revenue", label: "Revenue", fill: "fill-brand-600", swatch: "bg-brand-600" }]}
          points={data.chart}
          categoryLabel="Month"
          formatCategory={formatMonth}
          formatValue={(p) => formatPence(p, { whole: true })}
          minStep={100}
        />
        <BarChart
          title="Paid and completed orders per month, last 12 months"
          series={[{ key: "orders", label: "Orders", fill: "fill-teal-600", swatch: "bg-teal-600" }]}
          points={data.chart}
          categoryLabel="Month"
          formatCategory={formatMonth}
          unit={{ one: "order", other: "orders" }}
        />
      </div>
      <ViewsPerDayChart title="Card page views per day across all cards, last 30 days" points={data.views} />
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
