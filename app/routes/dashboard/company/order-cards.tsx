// 'Order cards for members' (owners and admins): choose members page by page, or everyone without a card, and
// whether the cards go together to one address or each to its member's; the cards go into the cart as one line,
// so one checkout and one invoice pay for them all.
import { Form, Link } from "react-router";
import { CARDS } from "~/catalog";
import { Button } from "~/components/ui/button";
import { requireCompany } from "~/server/companies/companies.server";
import { ASK_ADDRESSES_MAX } from "~/server/companies/member-addresses.server";
import { TEAM_ORDER_MAX, teamOrderChoices } from "~/server/companies/member-cards.server";
import { readFormData } from "~/server/platform/forms.server";
import { handleTeamOrder } from "~/server/shop/team-order-actions.server";
import { formatPence } from "~/utils/money";
import type { Route } from "./+types/order-cards";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  const after = new URL(request.url).searchParams.get("after")?.slice(0, 64) || undefined;
  const choices = await teamOrderChoices(context.db, access.company.id, after);
  return {
    ...choices,
    company: access.company.name,
    card: { name: CARDS["multi-link"].name, price: formatPence(CARDS["multi-link"].price) },
    paged: Boolean(after),
    max: TEAM_ORDER_MAX,
    askMax: ASK_ADDRESSES_MAX,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const access = await requireCompany(context, request, params.slug, { manage: true });
  const form = await readFormData(request);
  return handleTeamOrder(context, request, access, form);
}

export default function OrderCards({ loaderData }: Route.ComponentProps) {
  const { people, next, company, card, paged, max, askMax } = loaderData;
  return (
    <section
      aria-labelledby="order-cards-heading"
      className="max-w-3xl rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="order-cards-heading" className="text-lg font-bold text-slate-900">
        Order cards for members
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Each card is a {card.name} ({card.price}) made for the member's {company} card page. You pay for them
        in one checkout, with one invoice. Up to {max} members in one order.
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="order-cards" />
        <fieldset>
          <legend className="font-semibold text-slate-900">Post the cards</legend>
          <label className="mt-2 flex items-start gap-3">
            <input type="radio" name="postTo" value="one-address" defaultChecked className="mt-1 h-5 w-5" />
            <span>Together, to the address you give at checkout (your office): one delivery fee.</span>
          </label>
          <label className="mt-2 flex items-start gap-3">
            <input type="radio" name="postTo" value="members" className="mt-1 h-5 w-5" />
            <span>
              To each member's own address, in a parcel of its own with its own tracking: a delivery fee for
              each parcel. Members give their address on {company}'s overview.
            </span>
          </label>
        </fieldset>
        <Button type="submit" name="choose" value="everyone-without-a-card" className="mt-4">
          Everyone without a card
        </Button>
        <fieldset className="mt-6">
          <legend className="font-semibold text-slate-900">Or choose members</legend>
          <ul className="mt-2 divide-y divide-slate-100">
            {people.map((p) => (
              <li key={p.userId} className="py-2">
                <label className="flex items-start gap-3">
                  <input type="checkbox" name="member" value={p.userId} className="mt-1 h-5 w-5" />
                  <span className="min-w-0 break-words">
                    {p.name} <span className="break-all text-slate-600">({p.email})</span>
                    <span className="block text-sm text-slate-600">
                      {[p.hasCard ? "Has a card" : null, p.hasAddress ? "Address given" : "No address yet"]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <Button type="submit" className="mt-3">
          Add to cart
        </Button>
      </Form>
      <Form method="post" className="mt-6 border-t border-slate-200 pt-4">
        <input type="hidden" name="intent" value="ask-addresses" />
        <p className="text-sm text-slate-600">
          Members without an address can be e-mailed a link to give one (once a day, up to {askMax} at a
          time).
        </p>
        <Button type="submit" variant="secondary" className="mt-2">
          Ask for their addresses
        </Button>
      </Form>
      <div className="mt-3 flex justify-between text-sm">
        {paged ? (
          <Link to="?" className="font-semibold text-brand-700 underline">
            First page
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={`?after=${encodeURIComponent(next)}`} className="font-semibold text-brand-700 underline">
            Next page
          </Link>
        ) : null}
      </div>
    </section>
  );
}
