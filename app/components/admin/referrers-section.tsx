// The admin Referrers section: customers who may refer others, and which of them are featured in the cart's
// 'Referred by' selector. Plain forms: works without JavaScript.
import { Search, Star } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Pager } from "~/components/ui/pager";
import type { loadReferrersSection } from "~/server/referrals/admin-referrers-actions.server";

type Data = Awaited<ReturnType<typeof loadReferrersSection>>;

export function ReferrersSection({ data }: { data: Data }) {
  const pageLink = (page: number) =>
    `/admin-dashboard/referrers?${new URLSearchParams({
      ...(data.q ? { q: data.q } : {}),
      ...(data.featuredOnly ? { featured: "1" } : {}),
      page: String(page),
    })}`;
  return (
    <section aria-labelledby="referrers-heading" className="space-y-4">
      <div>
        <h2 id="referrers-heading" className="text-xl font-bold">
          Referrers
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Featured referrers are listed under 'Referred by' in every cart. Anyone else is preselected only for
          visitors who arrive through their referral link.
        </p>
      </div>
      <Form method="get" role="search" className="flex flex-wrap items-center gap-2">
        <label htmlFor="referrer-search" className="sr-only">
          Search by name, e-mail or referral code
        </label>
        <Input
          id="referrer-search"
          name="q"
          type="search"
          defaultValue={data.q}
          placeholder="Search by name, e-mail or referral code"
          variant="toolbar"
          className="w-full max-w-sm flex-1"
        />
        <label className="inline-flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="featured"
            value="1"
            defaultChecked={data.featuredOnly}
            className="size-5"
          />
          Featured only
        </label>
        <Button type="submit" variant="secondary">
          <Search className="size-4" aria-hidden="true" /> Search
        </Button>
      </Form>
      {data.referrers.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {data.q ? `No customers match "${data.q}".` : "No customers yet."}
        </p>
      ) : (
        <ul
          aria-label="Customers who can refer"
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
        >
          {data.referrers.map((r) => (
            <li
              key={r.userId}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  {r.name}
                  {r.featured ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
                      <Star className="size-3" aria-hidden="true" /> Featured
                    </span>
                  ) : null}
                </p>
                <p className="break-all text-sm text-slate-600">{r.email}</p>
                <p className="text-sm text-slate-600">
                  {r.code ? (
                    <>
                      Code <span className="font-mono">{r.code}</span>
                    </>
                  ) : (
                    "No referral code yet"
                  )}{" "}
                  · {r.referredOrders} referred {r.referredOrders === 1 ? "order" : "orders"}
                  {r.banned ? " · Banned: not shown in the cart" : ""}
                </p>
              </div>
              <Form method="post" className="shrink-0">
                <input type="hidden" name="intent" value="set-featured" />
                <input type="hidden" name="userId" value={r.userId} />
                <input type="hidden" name="featured" value={r.featured ? "false" : "true"} />
                <Button type="submit" variant={r.featured ? "secondary" : "primary"}>
                  {r.featured ? "Stop featuring" : "Feature"}
                  <span className="sr-only"> {r.name}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Pager label="Referrers pagination" page={data.page} hasNext={data.hasNext} href={pageLink} />
    </section>
  );
}
