// A company's log for its owners and admins: invitations, joins, removals and role changes, newest first.
import { Link } from "react-router";
import { EmptyState } from "~/components/layout/page-heading";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { requireCompany } from "~/server/companies/companies.server";
import { companyEventsPage } from "~/server/companies/company-events.server";
import { formatMoment } from "~/utils/dates";
import type { Route } from "./+types/log";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  const before = Number(new URL(request.url).searchParams.get("before")) || undefined;
  const events = await companyEventsPage(context.db, access.company.id, before);
  return { ...events, base: `/dashboard/company/${access.company.slug}/log` };
}

export default function CompanyLog({ loaderData }: Route.ComponentProps) {
  if (loaderData.events.length === 0) return <EmptyState title="Nothing has happened yet" />;
  return (
    <section
      aria-labelledby="log-heading"
      className="max-w-4xl rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="log-heading" className="text-lg font-bold text-slate-900">
        Log
      </h2>
      <ScrollRegion label="Log" className="mt-3">
        <table className="w-full min-w-[34rem] text-left text-sm">
          <caption className="sr-only">What happened in the company, newest first</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                When
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Who
              </th>
              <th scope="col" className="py-2 font-medium">
                What
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.events.map((e) => {
              const at = new Date(e.at).toISOString();
              return (
                <tr key={e.id} className="border-b border-slate-100 last:border-0">
                  <td className="py-2 pr-3">
                    <time dateTime={at}>{formatMoment(at)}</time>
                  </td>
                  <td className="py-2 pr-3">{e.actor}</td>
                  <td className="break-all py-2">
                    {e.what} {e.subject}
                    {e.detail ? ` (${e.detail})` : ""}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <a
        href={`${loaderData.base}.csv`}
        download
        className="mt-3 mr-4 inline-block text-sm font-semibold text-brand-700 underline"
      >
        Download the log as CSV
      </a>
      {loaderData.next ? (
        <Link
          to={`?before=${loaderData.next}`}
          className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
        >
          Older
        </Link>
      ) : null}
    </section>
  );
}
