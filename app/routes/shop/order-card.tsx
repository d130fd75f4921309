import { Check } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { CARDS, type CardType } from "~/catalog";
import { CartPanel } from "~/components/shop/cart-panel";
import { MultiLinkSetup, OneLinkSetup } from "~/components/shop/order-card-setup";
import { Button } from "~/components/ui/button";
import { DELIVERY_OPTIONS } from "~/delivery-options";
import { readFormData } from "~/server/platform/forms.server";
import { cartView, orderCardAction } from "~/server/shop/cart-actions.server";
import { cn } from "~/utils/cn";
import { formatPence } from "~/utils/money";
import { seo } from "~/utils/seo";
import type { Route } from "./+types/order-card";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: "Order Your Card",
    description: `Choose a One Link or Multi Link NFC card, add your links and order it. Delivered in ${loaderData?.ukPromise} in the UK.`,
    path: "/order-card",
  });

function cardType(value: string | null): CardType | null {
  return value === "one-link" || value === "multi-link" ? value : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    type: cardType(url.searchParams.get("type")),
    view: await cartView(context, request),
    ukPromise: DELIVERY_OPTIONS["uk-standard"].promise,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  return orderCardAction(context, request, form);
}

function Progress({ step }: { step: 1 | 2 }) {
  const steps = ["Select Your Card Type", "Card Setup"];
  return (
    <ol className="mb-8 flex items-center gap-3 text-sm" aria-label="Progress">
      {steps.map((label, i) => {
        const n = (i + 1) as 1 | 2;
        const done = n < step;
        return (
          <li key={label} className="flex items-center gap-2" aria-current={n === step ? "step" : undefined}>
            <span
              className={cn(
                "inline-flex h-8 w-8 items-center justify-center rounded-full border-2 font-semibold",
                n <= step ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 text-slate-600",
              )}
            >
              {done ? <Check aria-hidden className="h-4 w-4" /> : n}
            </span>
            <span className={n === step ? "font-semibold" : "text-slate-600"}>
              Step {n}: {label}
            </span>
            {n === 1 ? <span aria-hidden className="h-px w-8 bg-slate-300" /> : null}
          </li>
        );
      })}
    </ol>
  );
}

export default function OrderCard({ loaderData, actionData }: Route.ComponentProps) {
  const { type, view } = loaderData;
  const draft = actionData && "draft" in actionData ? actionData.draft : undefined;
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Order Your Card</h1>
      <p className="mt-2 text-slate-600">Choose a card, add your links and we post it to you.</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div>
          <Progress step={type ? 2 : 1} />
          {type ? (
            <section
              aria-labelledby="setup-heading"
              className="rounded-xl border border-slate-200 bg-white p-5"
            >
              <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
                <h2 id="setup-heading" className="text-xl font-bold">
                  {CARDS[type].name} Card Setup
                </h2>
                <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
                  {formatPence(CARDS[type].price, { whole: true })}
                </span>
              </div>
              <Link
                to="/order-card"
                className="mb-5 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline"
              >
                Back to Selection
              </Link>
              {/* A new key after every navigation: adding to the cart resets the links and the form. */}
              {type === "one-link" ? (
                <OneLinkSetup key={location.key} returnTo={returnTo} />
              ) : (
                <MultiLinkSetup key={location.key} returnTo={returnTo} draft={draft} />
              )}
            </section>
          ) : (
            <Form method="get" className="space-y-5">
              <fieldset>
                <legend className="mb-3 text-xl font-bold">Select Your Card Type</legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  {Object.values(CARDS).map((card, i) => (
                    <label
                      key={card.type}
                      className="relative block cursor-pointer rounded-xl border-2 border-slate-200 bg-white p-5 has-[:checked]:border-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
                    >
                      <input
                        type="radio"
                        name="type"
                        value={card.type}
                        defaultChecked={i === 0}
                        className="absolute right-4 top-4 h-5 w-5"
                      />
                      <span className="block text-lg font-bold">{card.name}</span>
                      <span className="mt-1 block text-2xl font-bold text-brand-700">
                        {formatPence(card.price, { whole: true })}
                      </span>
                      <span className="mt-2 block text-sm text-slate-600">{card.summary}</span>
                      {/* Spans, not a list: a label may hold only phrasing content. */}
                      <span className="mt-3 block space-y-1 text-sm">
                        {card.features.map((f) => (
                          <span key={f} className="flex gap-2">
                            <Check aria-hidden className="h-4 w-4 text-green-700" /> {f}
                          </span>
                        ))}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <Button type="submit">Continue to Card Setup</Button>
            </Form>
          )}
        </div>
        <CartPanel view={view} returnTo={returnTo} />
      </div>
    </div>
  );
}
