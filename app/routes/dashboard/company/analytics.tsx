// A company's analytics (owners and admins): each member's company card over a range of days, with its views by
// how it was opened, its link clicks and the contacts shared with it; paged, and as CSV.
import { data, Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { Select } from "~/components/ui/select";
import { ACTIVITY_RANGE_REFUSED, ACTIVITY_RANGES, parseActivityRange } from "~/schemas/activity-range";
import { companyAnalyticsPage } from "~/server/cards/company-analytics.server";
import { requireCompany } from "~/server/companies/companies.server";
import { utcDay } from "~/utils/dates";
import { pageNumber } from "~/utils/paging";
import type { Route } from "./+types/analytics";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  const url = new URL(request.url);
  const range = parseActivityRange(url.searchParams.get("range"));
  if (!range) throw data({ error: ACTIVITY_RANGE_REFUSED }, { status: 400 });
  const page = pageNumber(url, 10_000);
  const today = utcDay();
  const list = await companyAnalyticsPage(context.db, access.company.id, today, range, (page - 1) * 50);
  return { ...list, range, page, today };
}

const headers = ["Member", "Card", "Views", "NFC", "QR", "Link", "Clicks", "Contacts"] as const;

export default function CompanyAnalytics({ loaderData }: Route.ComponentProps) {
  const { rows, more, range, page, today } = loaderData;
  return (
    <section
      aria-labelledby="analytics-heading"
      className="max-w-4xl rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="analytics-heading" className="text-lg font-bold text-slate-900">
        Analytics
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Each company card over the last {range} days to {today} (UTC): how often it was opened by a tap (NFC),
        a QR code or its link, its link clicks and the contacts shared with it.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <label htmlFor="analytics-range" className="text-sm font-medium text-slate-800">
            Range
            <Select id="analytics-range" name="range" defaultValue={String(range)} className="mt-1 w-40">
              {ACTIVITY_RANGES.map((r) => (
                <option key={r} value={r}>
                  Last {r} days
                </option>
              ))}
            </Select>
          </label>
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </Form>
        <a
          href={`analytics.csv?range=${range}`}
          className="inline-flex h-11 items-center font-semibold text-brand-700 underline"
          download
        >
          Download CSV
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">
          No company cards yet: each member's card appears here once made.
        </p>
      ) : (
        <ScrollRegion label="Analytics per member" className="mt-3">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Each company card's figures over the last {range} days</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                {headers.map((h) => (
                  <th key={h} scope="col" className="py-2 pr-3 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-100 last:border-0">
                  <td className="py-2 pr-3">{r.member}</td>
                  <td className="py-2 pr-3 font-mono">{r.cardNumber}</td>
                  <td className="py-2 pr-3 font-semibold">{r.views}</td>
                  <td className="py-2 pr-3">{r.nfc}</td>
                  <td className="py-2 pr-3">{r.qr}</td>
                  <td className="py-2 pr-3">{r.link}</td>
                  <td className="py-2 pr-3">{r.clicks}</td>
                  <td className="py-2 pr-3">{r.contacts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <div className="mt-3">
        <Pager
          label="Analytics pagination"
          page={page}
          hasNext={more}
          href={(p) => `?range=${range}&page=${p}`}
        />
      </div>
    </section>
  );
}
