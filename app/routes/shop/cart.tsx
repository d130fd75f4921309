import { useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { CartItems, OrderSummary } from "~/components/shop/cart-panel";
import { type CountryOption, DeliveryFields } from "~/components/shop/delivery-fields";
import { OrderLines, TotalsList } from "~/components/shop/order-summary";
import { Button, ButtonLink } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FieldError } from "~/components/ui/field";
import { DELIVERY_OPTIONS, type DeliveryOptionId, UK_COUNTRY } from "~/delivery-options";
import { CheckoutDeliverySchema, type Delivery } from "~/schemas/checkout";
import { readFormData, unknownIntent } from "~/server/platform/forms.server";
import { addCardToCart, cartView, changeCart } from "~/server/shop/cart-actions.server";
import {
  deliveryDefaults,
  placeOrder,
  saveDelivery,
  startCheckout,
} from "~/server/shop/checkout-actions.server";
import { countryHint } from "~/server/shop/saved-delivery.server";
import { countryName, countryOptions } from "~/utils/countries";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "~/utils/form";
import { formatPence } from "~/utils/money";
import { privatePage } from "~/utils/seo";
import { useHydrated } from "~/utils/use-hydrated";
import type { Route } from "./+types/cart";

// A visitor\'s own cart (robots.txt keeps crawlers out of it too).
export const meta = () =>
  privatePage(
    "Your Cart",
    "Review the cards in your cart, choose delivery and pay by card or bank transfer.",
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const view = await cartView(context, request);
  const requested = url.searchParams.get("step");
  const hasItems = Boolean(view.cart?.items.length);
  const step = hasItems && (requested === "delivery" || requested === "summary") ? requested : null;
  const prefill = step ? await deliveryDefaults(context, request, view.cart) : null;
  const delivery = prefill?.values ?? null;
  // The summary needs a valid address and option; without them the customer goes back to that step.
  const finalStep =
    step === "summary" && (!CheckoutDeliverySchema.safeParse(delivery).success || !view.cart?.delivery)
      ? "delivery"
      : step;
  return {
    view,
    step: finalStep,
    delivery,
    countryHint: countryHint(prefill?.countryToChoose ?? null),
    // Named here, so the page and its hydration show the same names.
    countries: finalStep === "delivery" ? countryOptions() : [],
    deliverToCountry: delivery?.country ? countryName(delivery.country) : "",
    // Each option with the countries it serves: the UK ones the UK alone, the international one every other.
    deliveryOptions: Object.values(DELIVERY_OPTIONS).map((o) => ({ ...o, ukCountry: UK_COUNTRY })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  switch (form.get("intent")) {
    case "add-card":
      return addCardToCart(context, request, form);
    case "checkout":
      return startCheckout(context, request);
    case "delivery":
      return saveDelivery(context, request, form);
    case "place-order":
      return placeOrder(context, request, form);
    case "increase":
    case "decrease":
    case "remove":
    case "referrer":
      return changeCart(context, request, form);
    default:
      return unknownIntent();
  }
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, step, delivery, countries, countryHint, deliverToCountry, deliveryOptions } = loaderData;
  const navigate = useNavigate();
  const cart = view.cart;
  const close = () => navigate("/cart", { preventScrollReset: true });
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Your Cart</h1>
      {!cart || cart.items.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <p className="text-lg font-semibold">Your cart is empty</p>
          <ButtonLink to="/order-card" className="mt-4">
            Start Shopping
          </ButtonLink>
        </div>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
          <section aria-label="Items" className="rounded-xl border border-slate-200 bg-white p-5">
            <CartItems cart={cart} returnTo="/cart" />
          </section>
          <OrderSummary view={view} returnTo="/cart" />
        </div>
      )}
      {step === "delivery" ? (
        <Dialog title="Delivery Information" closeTo="/cart" onClose={close}>
          <DeliveryForm
            defaults={delivery ?? {}}
            countries={countries}
            deliveryOptions={deliveryOptions}
            countryHint={countryHint}
            posted={Boolean(cart?.totals.deliveryOption)}
            lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          />
        </Dialog>
      ) : null}
      {step === "summary" && cart && delivery ? (
        <Dialog title="Order Summary" closeTo="/cart" onClose={close}>
          <SummaryStep
            view={view}
            delivery={{ ...(delivery as Record<string, string>), country: deliverToCountry }}
          />
        </Dialog>
      ) : null}
    </div>
  );
}

type DeliveryOption = (typeof DELIVERY_OPTIONS)[DeliveryOptionId] & { ukCountry: string };

function DeliveryForm({
  defaults,
  countries,
  deliveryOptions,
  countryHint,
  posted,
  lastResult,
}: {
  defaults: Record<string, string | undefined>;
  countries: CountryOption[];
  deliveryOptions: DeliveryOption[];
  countryHint: string | null;
  /** The cart holds a card to post, so a delivery option is chosen too. */
  posted: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm<Delivery & { deliveryOption: DeliveryOptionId }>({
    lastResult,
    defaultValue: defaults,
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [country, setCountry] = useState(String(fields.country.initialValue ?? ""));
  return (
    // Posted to the step's own address, so a refusal shows this form again with its errors, with or without
    // JavaScript.
    <Form
      method="post"
      action="/cart?step=delivery"
      {...getFormProps(form)}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name="intent" value="delivery" />
      <DeliveryFields
        fields={fields}
        countries={countries}
        countryHint={countryHint}
        onCountryChange={setCountry}
      />
      {posted ? (
        <DeliveryOptions field={fields.deliveryOption} country={country} options={deliveryOptions} />
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" className="w-full" disabled={busy}>
          Continue to Order Summary
        </Button>
      </div>
    </Form>
  );
}

/**
 * The delivery options with their fee and promise. With JavaScript, those that do not post to the chosen
 * country are disabled and the choice moves to one that does; without it, the server refuses a wrong pair.
 */
function DeliveryOptions({
  field,
  country,
  options,
}: {
  field: ReturnType<typeof useForm<{ deliveryOption: DeliveryOptionId }>>[1]["deliveryOption"];
  country: string;
  options: DeliveryOption[];
}) {
  const hydrated = useHydrated();
  const serves = (o: DeliveryOption) =>
    !hydrated || !country || o.area === (country === o.ukCountry ? "uk" : "international");
  return (
    <fieldset className="space-y-2 sm:col-span-2" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">Delivery option</legend>
      {options.map((o) => {
        const id = o.id;
        // A chosen option that stops serving the country is disabled, so not sent: the server then takes the
        // cheapest option that serves it (docs/product.md#delivery).
        const props = getInputProps(field, { type: "radio", value: id });
        return (
          <label
            key={id}
            className="flex min-h-11 items-center gap-3 rounded-md border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:disabled]:text-slate-500"
          >
            <input
              {...props}
              id={`${field.id}-${id}`}
              key={field.key}
              disabled={!serves(o)}
              className="h-5 w-5 shrink-0"
            />
            <span className="min-w-0 flex-1">
              {o.name}
              <span className="block text-slate-600">{o.promise}</span>
            </span>
            <span className="shrink-0 font-semibold">{formatPence(o.price)}</span>
          </label>
        );
      })}
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

function SummaryStep({
  view,
  delivery,
}: {
  view: Route.ComponentProps["loaderData"]["view"];
  delivery: Record<string, string>;
}) {
  const cart = view.cart!;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "place-order";
  const t = cart.totals;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">Order reference: given when you place your order</p>
      <OrderLines items={cart.items} />
      <TotalsList totals={t} />
      <div className="rounded-md bg-slate-50 p-3 text-sm">
        <p className="font-semibold">
          {t.memberParcels && !t.deliveryOption ? "Invoice to (each card goes to its member)" : "Deliver to"}
        </p>
        <p>
          {[
            delivery.fullName,
            delivery.addressLine1,
            delivery.addressLine2,
            delivery.city,
            delivery.postalCode,
            delivery.country,
          ]
            .filter(Boolean)
            .join(", ")}
        </p>
        <p>
          {delivery.email} · {delivery.phone}
        </p>
        <a href="/cart?step=delivery" className="mt-1 inline-block font-medium text-brand-700 underline">
          Change delivery details
        </a>
      </div>
      <Form method="post" action="/cart" className="space-y-3">
        <input type="hidden" name="intent" value="place-order" />
        <fieldset className="space-y-2">
          <legend className="mb-1 font-semibold">Payment method</legend>
          {view.stripeEnabled ? (
            <label className="flex min-h-11 items-center gap-3 rounded-md border border-slate-300 px-3 has-[:checked]:border-brand-600">
              <input type="radio" name="paymentMethod" value="card" defaultChecked className="h-5 w-5" />
              Pay by card
            </label>
          ) : null}
          {view.bankTransferEnabled ? (
            <label className="flex min-h-11 items-center gap-3 rounded-md border border-slate-300 px-3 has-[:checked]:border-brand-600">
              <input
                type="radio"
                name="paymentMethod"
                value="bank_transfer"
                defaultChecked={!view.stripeEnabled}
                className="h-5 w-5"
              />
              Bank transfer
            </label>
          ) : null}
        </fieldset>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Placing order..." : `Place Order (${formatPence(t.total)})`}
        </Button>
      </Form>
    </div>
  );
}
