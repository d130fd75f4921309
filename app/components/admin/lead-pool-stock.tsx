// The admin Leads section's stock: leads per business type, how many customers hold, removing the unused ones,
// and what the stock means for the lists customers are offered.
import { Form } from "react-router";
import { BUSINESS_LIST } from "~/catalog";
import { Button } from "~/components/ui/button";
import type { LeadsData } from "~/server/cold-calling/lead-pool-actions.server";
import { confirmSubmit } from "./confirm-submit";

type Stock = LeadsData["stock"];

const th = "px-3 py-2";
const td = "px-3 py-2";

/**
 * What customers are offered follows from the stock: a type is for sale only while it holds a full list, so an
 * empty pool (a fresh install without demo data) means no list can be bought at all.
 */
export function LeadPoolNotice({ stock }: { stock: Stock }) {
  if (stock.every((s) => s.total === 0))
    return (
      <p
        role="status"
        className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        <strong>The lead pool is empty.</strong> Customers are offered no business lists until you upload
        leads below: a type is offered once it holds at least {BUSINESS_LIST.size} leads.
      </p>
    );
  const short = stock.filter((s) => s.total < BUSINESS_LIST.size);
  if (!short.length) return null;
  return (
    <p
      role="status"
      className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700"
    >
      Not offered to customers (fewer than {BUSINESS_LIST.size} leads): {short.map((s) => s.label).join(", ")}
      .
    </p>
  );
}

export function LeadPoolStock({ stock }: { stock: Stock }) {
  return (
    <section aria-labelledby="stock-heading" className="space-y-3">
      <div>
        <h2 id="stock-heading" className="text-xl font-bold">
          Lead pool
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Paid business lists are filled from these leads. Customers keep their copies when a lead is removed.
        </p>
      </div>
      <LeadPoolNotice stock={stock} />
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Stock per business type</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={th}>
                Business type
              </th>
              <th scope="col" className={`${th} text-right`}>
                Leads
              </th>
              <th scope="col" className={`${th} text-right`}>
                With customers
              </th>
              <th scope="col" className={th}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {stock.map((s) => (
              <tr key={s.id} className="border-t border-slate-200">
                <td className={td}>
                  <a
                    href={`/admin-dashboard/leads?type=${s.id}`}
                    className="font-medium text-brand-700 underline"
                  >
                    {s.label}
                  </a>
                </td>
                <td className={`${td} text-right`}>{s.total}</td>
                <td className={`${td} text-right`}>{s.copied}</td>
                <td className={td}>
                  <Form
                    method="post"
                    onSubmit={confirmSubmit(`Remove every ${s.label} lead no customer has?`)}
                  >
                    <input type="hidden" name="businessType" value={s.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="remove-unused"
                      variant="secondary"
                      disabled={s.total === s.copied}
                      aria-label={`Remove unused ${s.label} leads`}
                    >
                      Remove unused
                    </Button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
