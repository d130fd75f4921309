// An order's status as a badge, and the warning badge for money that arrived after a cancellation.
import { cn } from "~/utils/cn";

const ORDER_BADGES: Record<string, { label: string; className: string }> = {
  awaiting_payment: { label: "pending", className: "bg-slate-200 text-slate-800" },
  paid: { label: "pending", className: "bg-slate-200 text-slate-800" },
  completed: { label: "completed", className: "bg-brand-600 text-white" },
  refunded: { label: "refunded", className: "bg-red-700 text-white" },
  cancelled: { label: "cancelled", className: "border border-slate-300 text-slate-700" },
};

export function OrderStatusBadge({ status }: { status: string }) {
  const b = ORDER_BADGES[status] ?? ORDER_BADGES.cancelled!;
  return (
    <span className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold", b.className)}>
      {b.label}
      {status === "awaiting_payment" ? " (awaiting payment)" : status === "paid" ? " (paid)" : ""}
    </span>
  );
}

/** Money arrived for an order that had been cancelled: the admin follows up (fulfil or refund). */
export function PaidAfterCancellation() {
  return (
    <span className="ml-1 inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      paid after cancellation
    </span>
  );
}
