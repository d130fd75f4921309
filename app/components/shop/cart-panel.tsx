// The cart: its items and the order summary. Every control is a plain form posting to /cart, so it works
// without JavaScript; totals always come from the server.
import { Minus, Plus, Trash2 } from "lucide-react";
import { useRef } from "react";
import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import type { CartView } from "~/server/shop/cart-actions.server";
import { formatPence } from "~/utils/money";
import { forExistingHolders, isCardItem, itemLinks, itemSummary, teamOf } from "~/utils/order-items";
import { controlValue, useEarlyInput } from "~/utils/use-early-input";
import { useHydrated } from "~/utils/use-hydrated";
import { TotalsList } from "./order-summary";

type Cart = NonNullable<CartView["cart"]>;

export function CartItems({ cart, returnTo }: { cart: Cart; returnTo: string }) {
  return (
    <ul className="divide-y divide-slate-200" aria-label="Cart items">
      {cart.items.map((item) => {
        const links = itemLinks(item);
        const details = item.details as { name?: string };
        return (
          <li key={item.id} className="py-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {item.name}
                  {details.name ? ` – ${details.name}` : ""}
                </p>
                {!isCardItem(item) || forExistingHolders(item) ? (
                  <p className="break-words text-sm text-slate-600">{itemSummary(item)}</p>
                ) : (
                  <ul className="mt-1 space-y-0.5 text-sm text-slate-600">
                    {links.map((l, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list; the same URL may appear twice
                      <li key={i} className="break-all">
                        {l.label ?? l.platform}: {l.url}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <p className="shrink-0 font-semibold">{formatPence(item.unitPrice * item.quantity)}</p>
            </div>
            <div className="mt-2 flex items-center gap-2">
              {!isCardItem(item) || teamOf(item) ? (
                // One card per member of a team order: its number is the members chosen.
                <span className="text-sm text-slate-600">Quantity {item.quantity}</span>
              ) : (
                <Form method="post" action="/cart" className="flex items-center gap-1">
                  <input type="hidden" name="itemId" value={item.id} />
                  <input type="hidden" name="returnTo" value={returnTo} />
                  <button
                    type="submit"
                    name="intent"
                    value="decrease"
                    disabled={item.quantity <= 1}
                    aria-label={`Decrease quantity of ${item.name}`}
                    className="inline-flex h-11 w-11 items-center justify-center rounded-md border border-slate-300 disabled:text-slate-300"
                  >
                    <Minus aria-hidden className="h-4 w-4" />
                  </button>
                  <span className="w-8 text-center">
                    <span className="sr-only">Quantity </span>
                    {item.quantity}
                  </span>
                  <button
                    type="submit"
                    name="intent"
                    value="increase"
                    aria-label={`Increase quantity of ${item.name}`}
                    className="inline-flex h-11 w-11 items-center justify-center rounded-md border border-slate-300"
                  >
                    <Plus aria-hidden className="h-4 w-4" />
                  </button>
                </Form>
              )}
              <Form method="post" action="/cart" className="ml-auto">
                <input type="hidden" name="itemId" value={item.id} />
                <input type="hidden" name="returnTo" value={returnTo} />
                <button
                  type="submit"
                  name="intent"
                  value="remove"
                  aria-label={`Remove ${item.name}`}
                  className="inline-flex h-11 items-center gap-1 rounded-md px-3 text-sm text-red-700 hover:bg-red-50"
                >
                  <Trash2 aria-hidden className="h-4 w-4" /> Remove
                </button>
              </Form>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function OrderSummary({
  view,
  returnTo,
  title = "Order Summary",
}: {
  view: CartView;
  returnTo: string;
  title?: string;
}) {
  const { cart, referrers } = view;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const referrerForm = useRef<HTMLFormElement>(null);
  // A referrer chosen before the page's script ran has not been sent: send it now, as the change would have.
  useEarlyInput(() => {
    const form = referrerForm.current;
    const chosen = controlValue(form, "referrer");
    if (form && chosen !== undefined && chosen !== (cart?.referrerUserId ?? "none")) {
      submit(form, { preventScrollReset: true });
    }
  });
  const totals = cart?.totals ?? {
    subtotal: 0,
    deliveryOption: null,
    deliveryName: null,
    deliveryFee: 0,
    discount: 0,
    total: 0,
    itemCount: 0,
  };
  const empty = !cart || cart.items.length === 0;
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="order-summary-heading" className="text-lg font-bold">
        {title}
      </h2>
      {cart ? (
        <p className="mt-1 text-sm text-slate-600">Order reference: given when you place your order</p>
      ) : null}
      <Form method="post" action="/cart" ref={referrerForm} className="mt-4 space-y-1.5">
        <input type="hidden" name="intent" value="referrer" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <label htmlFor="referrer" className="block text-sm font-medium text-slate-800">
          Referred by
        </label>
        <div className="flex gap-2">
          <Select
            id="referrer"
            name="referrer"
            defaultValue={cart?.referrerUserId ?? "none"}
            key={cart?.referrerUserId ?? "none"}
            disabled={!cart}
            onChange={() =>
              referrerForm.current && submit(referrerForm.current, { preventScrollReset: true })
            }
          >
            <option value="none">None</option>
            {referrers.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </Select>
          {hydrated ? null : (
            <Button type="submit" variant="secondary">
              Apply
            </Button>
          )}
        </div>
      </Form>
      <TotalsList totals={totals} className="mt-4" />
      <Form method="post" action="/cart" className="mt-4">
        <Button type="submit" name="intent" value="checkout" className="w-full" disabled={hydrated && empty}>
          Complete Order
        </Button>
      </Form>
      <p className="mt-3 text-xs text-slate-600">
        Delivery, chosen with your address: {view.deliveryPrices}. Update requests and business lists are not
        posted, so they have no delivery fee.
      </p>
    </section>
  );
}

/** The panel beside the order form: items and summary together. */
export function CartPanel({ view, returnTo }: { view: CartView; returnTo: string }) {
  const cart = view.cart;
  return (
    <aside aria-label="Your cart" className="space-y-4">
      <div className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="text-lg font-bold">Your Cart</h2>
        {cart && cart.items.length > 0 ? (
          <CartItems cart={cart} returnTo={returnTo} />
        ) : (
          <p className="mt-2 text-sm text-slate-600">Your cart is empty</p>
        )}
      </div>
      <OrderSummary view={view} returnTo={returnTo} />
    </aside>
  );
}
