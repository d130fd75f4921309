import { Check } from "lucide-react";
import { CARD_TYPES, CARDS } from "~/catalog";
import { ButtonLink } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import { deliveryPriceList } from "~/utils/delivery-text";
import { formatPence } from "~/utils/money";

/** The two card plans, priced from the catalogue. compact: the short summary used on /socials. */
export function PlanCards({
  compact = false,
  headingLevel = 2,
}: {
  compact?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {CARD_TYPES.map((type) => {
        const plan = CARDS[type];
        const popular = type === "multi-link";
        return (
          <section
            key={type}
            aria-labelledby={`plan-${type}${compact ? "-summary" : ""}`}
            className={cn(
              "relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm",
              popular ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200",
            )}
          >
            {popular ? (
              <p className="absolute -top-3 right-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold text-white">
                Popular
              </p>
            ) : null}
            <Heading
              id={`plan-${type}${compact ? "-summary" : ""}`}
              className="text-xl font-bold text-slate-900"
            >
              {plan.name}
            </Heading>
            <p className="mt-2 text-slate-700">{plan.summary}</p>
            <p className="mt-4">
              <span className="text-4xl font-extrabold text-slate-900">
                {formatPence(plan.price, { whole: true })}
              </span>
              <span className="ml-2 text-sm text-slate-600">one-off</span>
            </p>
            <p className="mt-1 text-sm font-semibold text-green-800">No monthly fees</p>
            {compact ? null : (
              <ul className="mt-6 flex-1 space-y-2">
                {plan.features.map((f) => (
                  <li key={f} className="flex gap-2 text-slate-700">
                    <Check aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                    {f}
                  </li>
                ))}
              </ul>
            )}
            <ButtonLink
              to={`/order-card?type=${type}`}
              variant={popular ? "primary" : "secondary"}
              className="mt-6 w-full"
              aria-label={`Get Your Card: ${plan.name}`}
            >
              Get Your Card
            </ButtonLink>
          </section>
        );
      })}
      {compact ? null : (
        <p className="text-center text-sm text-slate-600 md:col-span-2">
          Delivery, once per order: {deliveryPriceList()}.
        </p>
      )}
    </div>
  );
}
