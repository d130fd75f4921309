import { CARDS, UPDATE_REQUEST_PRICE } from "~/catalog";
import { PageShell } from "~/components/site/page-shell";
import { PlanCards } from "~/components/site/plans";
import { formatPence } from "~/utils/money";
import { staticPage } from "~/utils/page-scripts";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/pricing";

// Plain HTML: this page ships no JavaScript.
export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Pricing",
    description: `One Link card ${formatPence(CARDS["one-link"].price, { whole: true })}, Multi Link card ${formatPence(CARDS["multi-link"].price, { whole: true })}. One-off price, no monthly fees.`,
    path: "/pricing",
  });

export default function Pricing() {
  return (
    <PageShell title="Pricing" intro="Simple, one-off prices. No subscriptions, no monthly fees." wide>
      <div className="mx-auto max-w-4xl">
        <PlanCards />
        <p className="mt-8 text-center text-slate-700">
          Need to change a link on your Multi Link card later? Each update costs{" "}
          {formatPence(UPDATE_REQUEST_PRICE, { whole: true })}.
        </p>
      </div>
    </PageShell>
  );
}
