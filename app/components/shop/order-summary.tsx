// The item lines and totals of a cart or an order, shown the same way in the cart, checkout and receipt pages.
import { REFERRAL_DISCOUNT_PERCENT } from "~/catalog";
import { cn } from "~/utils/cn";
import { formatPence } from "~/utils/money";
import { type ItemLike, itemSummary } from "~/utils/order-items";

export function OrderLines({
  items,
  className,
}: {
  items: Array<ItemLike & { id: string; name: string; quantity: number; unitPrice: number }>;
  className?: string;
}) {
  return (
    <ul className={cn("divide-y divide-slate-200 text-sm", className)}>
      {items.map((i) => (
        <li key={i.id} className="flex justify-between gap-3 py-2">
          <span className="min-w-0 break-words">
            {i.quantity} x {i.name}
            <span className="block text-slate-600">{itemSummary(i)}</span>
          </span>
          <span className="shrink-0">{formatPence(i.unitPrice * i.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}

export function TotalsList({
  totals,
  className,
}: {
  totals: {
    subtotal: number;
    /** The delivery option's name and promise (null: nothing posted, or an order from before the options). */
    deliveryName: string | null;
    deliveryFee: number;
    discount: number;
    total: number;
  };
  className?: string;
}) {
  return (
    <dl className={cn("space-y-2 text-sm", className)}>
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd>{formatPence(totals.subtotal)}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt>
          Delivery fee
          {totals.deliveryName ? <span className="block text-slate-600">{totals.deliveryName}</span> : null}
        </dt>
        <dd className="shrink-0">{formatPence(totals.deliveryFee)}</dd>
      </div>
      {totals.discount > 0 ? (
        <div className="flex justify-between text-green-800">
          <dt>Referrer discount ({REFERRAL_DISCOUNT_PERCENT}%)</dt>
          <dd>-{formatPence(totals.discount)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold">
        <dt>Total</dt>
        <dd>{formatPence(totals.total)}</dd>
      </div>
    </dl>
  );
}
