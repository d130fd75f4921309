// The success page's 'What happens next?': one step per kind of thing in the order, so an order of only link
// updates or only business lists is not promised a posted card.
import { Link } from "react-router";
import { type ItemLike, isCardItem } from "~/utils/order-items";

interface NextStepsOrder {
  status: string;
  paymentMethod: string;
  /** The delivery option's name and promise; orders placed before delivery options were offered have none. */
  deliveryName: string | null;
  items: (ItemLike & { quantity: number })[];
}

export function WhatHappensNext({ order }: { order: NextStepsOrder }) {
  const paid = order.status === "paid" || order.status === "completed";
  const cards = order.items.filter(isCardItem).reduce((n, i) => n + i.quantity, 0);
  const updates = order.items.filter((i) => i.kind === "update-request").length;
  const lists = order.items.filter((i) => i.kind === "business-list").length;
  const first = paid ? "" : "Once your payment is received, ";
  const steps: React.ReactNode[] = [];
  if (order.status === "cancelled")
    steps.push("This order was cancelled: nothing was charged and nothing is sent.");
  else if (order.status === "refunded") steps.push("This order was refunded: nothing more happens with it.");
  else {
    if (!paid && order.paymentMethod === "bank_transfer")
      steps.push("Pay by bank transfer using your order number as the reference.");
    steps.push(
      paid
        ? "We have e-mailed you a confirmation of your payment."
        : "We e-mail you a confirmation once your payment is received.",
    );
    if (cards)
      steps.push(
        `We write your links to your ${cards === 1 ? "card and post it" : "cards and post them"} ${order.deliveryName ? ` by ${order.deliveryName}` : " to you"}.`,
      );
    if (updates)
      steps.push(
        `${first ? `${first}your` : "Your"} ${updates === 1 ? "update is" : "updates are"} applied to the card page: at once when the card is yours (you are signed in as its owner, or gave its edit password), otherwise after we have checked it.`,
      );
    if (lists)
      steps.push(
        <>
          {first ? `${first}the` : "The"} businesses of your {lists === 1 ? "list are" : "lists are"}{" "}
          {first ? "added to" : "in"} your prospects in{" "}
          <Link to="/dashboard/cold-calling/prospects" className="font-medium text-brand-700 underline">
            Cold Calling
          </Link>
          .
        </>,
      );
  }
  return (
    <section aria-labelledby="next-heading" className="mt-6 rounded-xl bg-brand-50 p-5">
      <h2 id="next-heading" className="font-bold">
        What happens next?
      </h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
        {steps.map((step, i) => (
          // The steps are fixed for one render: their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
