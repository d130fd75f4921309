// Admin Companies: the shop's companies by name with their members, cards, team orders and owners. Read only: a company's own
// pages are its members'.
import { EmptyState } from "~/components/layout/page-heading";
import { Pager } from "~/components/ui/pager";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { requireAdmin } from "~/server/accounts/session.server";
import { adminCompaniesPage } from "~/server/companies/admin-companies.server";
import { formatDay } from "~/utils/dates";
import { pageNumber } from "~/utils/paging";
import type { Route } from "./+types/companies";

export const meta = () => [{ title: "Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const list = await adminCompaniesPage(context.db, pageNumber(new URL(request.url), 10_000));
  return { ...list, companies: list.companies.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })) };
}

export default function AdminCompanies({ loaderData }: Route.ComponentProps) {
  const { companies, page, hasNext } = loaderData;
  return (
    <section aria-labelledby="companies-heading" className="mt-6 space-y-4">
      <h2 id="companies-heading" className="text-xl font-bold">
        Companies
      </h2>
      {companies.length === 0 ? (
        <EmptyState title="No companies yet">Customers create them from their dashboard.</EmptyState>
      ) : (
        <ScrollRegion label="Companies">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">The shop's companies</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Company
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Members
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Cards
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Orders
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Owners
                </th>
                <th scope="col" className="py-2 font-medium">
                  Since
                </th>
              </tr>
            </thead>
            <tbody>
              {companies.map((c) => (
                <tr key={c.id} className="border-b border-slate-100 last:border-0">
                  <td className="py-2 pr-3 font-semibold">{c.name}</td>
                  <td className="py-2 pr-3">{c.members}</td>
                  <td className="py-2 pr-3">{c.cards}</td>
                  <td className="py-2 pr-3">{c.orders}</td>
                  <td className="break-all py-2 pr-3">{c.owners}</td>
                  <td className="py-2">{formatDay(c.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager label="Companies pagination" page={page} hasNext={hasNext} href={(p) => `?page=${p}`} />
    </section>
  );
}
