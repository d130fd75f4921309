// A company's Cards: every physical card on its people's pages with its holder, state and last tap, and 'Give to'
// another member (owners and admins).
import { Form, Link } from "react-router";
import { EmptyState } from "~/components/layout/page-heading";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Pager } from "~/components/ui/pager";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { companyPhysicalCards } from "~/server/cards/company-cards.server";
import { requireCompany } from "~/server/companies/companies.server";
import { handleCompanyCardsAction } from "~/server/companies/company-cards-actions.server";
import { readFormData } from "~/server/platform/forms.server";
import { pageNumber } from "~/utils/paging";
import type { Route } from "./+types/cards";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  const page = pageNumber(new URL(request.url), 10_000);
  const list = await companyPhysicalCards(context.db, access.company.id, (page - 1) * 50);
  return { ...list, page };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  const form = await readFormData(request);
  return handleCompanyCardsAction(context, access, form);
}

const STATE_WORDS = {
  live: "Live",
  "to-write": "Not written yet",
  paused: "Paused",
  lost: "Lost",
  off: "Turned off",
  unassigned: "Unassigned",
} as const;

export default function CompanyCards({ loaderData }: Route.ComponentProps) {
  const { cards, more, page } = loaderData;
  const order = (
    <Link to="../order-cards" relative="path" className="font-semibold text-brand-700 underline">
      Order cards for members
    </Link>
  );
  if (cards.length === 0)
    return (
      <EmptyState title="No cards yet">
        Cards ordered for your people are listed here once they are made. {order}
      </EmptyState>
    );
  return (
    <section
      aria-labelledby="cards-heading"
      className="max-w-4xl rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="cards-heading" className="text-lg font-bold text-slate-900">
          Cards
        </h2>
        {order}
      </div>
      <ScrollRegion label="Company cards" className="mt-3">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">The company's cards</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Card
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Holder
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                State
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Last tap
              </th>
              <th scope="col" className="py-2 font-medium">
                Give to a member
              </th>
            </tr>
          </thead>
          <tbody>
            {cards.map((c) => (
              <tr key={c.id} className="border-b border-slate-100 last:border-0">
                <td className="py-2 pr-3">
                  <span className="font-mono">{c.cardNumber}</span>{" "}
                  <Link
                    to={`/dashboard/cards/${c.cardNumber}/brand-kit`}
                    aria-label={`Brand kit of card ${c.cardNumber}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    Brand kit
                  </Link>
                </td>
                <td className="py-2 pr-3">{c.holder ?? `${c.pageName} (left)`}</td>
                <td className="py-2 pr-3">{STATE_WORDS[c.status]}</td>
                <td className="py-2 pr-3">{c.lastTap ?? "Never"}</td>
                <td className="py-2">
                  {c.status === "lost" ? (
                    "Reported lost"
                  ) : (
                    <Form method="post" className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="intent" value="reassign" />
                      <input type="hidden" name="physicalCardId" value={c.id} />
                      <input type="hidden" name="fromCardPageId" value={c.cardPageId} />
                      <Input
                        type="email"
                        name="toEmail"
                        required
                        maxLength={254}
                        autoComplete="off"
                        placeholder="member@company.com"
                        aria-label={`Give card ${c.cardNumber} to (a member's e-mail)`}
                        className="w-52"
                      />
                      <Button type="submit" variant="secondary" aria-label={`Give card ${c.cardNumber}`}>
                        Give
                      </Button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <div className="mt-3">
        <Pager label="Cards pagination" page={page} hasNext={more} href={(p) => `?page=${p}`} />
      </div>
    </section>
  );
}
