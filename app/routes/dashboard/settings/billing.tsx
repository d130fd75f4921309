// Settings, Billing tab: the saved delivery address (strict intent: address) and the customer's own orders.
import { useLocation } from "react-router";
import { OrderHistory, SavedAddressForm } from "~/components/dashboard/billing-settings";
import { DEFAULT_COUNTRY } from "~/schemas/checkout";
import { requireUser } from "~/server/accounts/session.server";
import { readFormData } from "~/server/platform/forms.server";
import { handleBillingAction } from "~/server/shop/billing-actions.server";
import { listCustomerOrders } from "~/server/shop/customer-orders.server";
import { progressOfOrders } from "~/server/shop/order-progress.server";
import { countryHint, savedDeliveryFor } from "~/server/shop/saved-delivery.server";
import { countryOptions } from "~/utils/countries";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/billing";

export const meta = () => privatePage("Billing settings", "Your delivery address and your orders' receipts.");

/** Pages past this are not worth a query: nobody has that many orders. */
const MAX_PAGE = 1000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const raw = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(raw) && raw >= 1 && raw <= MAX_PAGE ? raw : 1;
  const [saved, history] = await Promise.all([
    savedDeliveryFor(context.db, user.id),
    listCustomerOrders(context.db, user.id, page),
  ]);
  const progress = await progressOfOrders(context.db, history.orders);
  return {
    progress: Object.fromEntries(progress),
    saved: saved?.valid ? saved.values : null,
    defaults: saved?.values ?? { fullName: user.name, email: user.email, country: DEFAULT_COUNTRY },
    countryHint: countryHint(saved?.countryToChoose ?? null),
    countries: countryOptions(),
    page,
    ...history,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readFormData(request);
  return handleBillingAction(context, user, form);
}

export default function BillingSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { saved, defaults, countryHint, countries, orders, page, hasNext, progress } = loaderData;
  const location = useLocation();
  return (
    <div className="space-y-6">
      <SavedAddressForm
        key={location.key}
        defaults={defaults}
        countries={countries}
        countryHint={countryHint}
        hasSaved={Boolean(saved)}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
      />
      <OrderHistory orders={orders} page={page} hasNext={hasNext} progress={progress} />
    </div>
  );
}
