// The success page's 'What happens next?': one step per kind of thing in the order, so an order of only link
// updates or only business lists is not promised a posted card. The cards' step is the order's status sentence
// (orderStatus), so it says posted or delivered once they are.
import { Link } from "react-router";
import { forExistingHolders, type ItemLike, teamOf } from "~/utils/order-items";
import type { OrderStatusWords } from "~/utils/order-status";

interface NextStepsOrder {
  paymentMethod: string;
  items: (ItemLike & { quantity: number })[];
}

const link = "font-medium text-brand-700 underline";

export function WhatHappensNext({
  order,
  status,
  pages,
}: {
  order: NextStepsOrder;
  status: OrderStatusWords;
  /** The card pages the payment made, and how long a guest's e-mailed link to add them to an account works. */
  pages: { urls: string[]; claimDays: number | null };
}) {
  const paid = status.stage !== "Awaiting payment";
  // A replacement opens the page its card already has, and a team order's cards their members' company pages:
  // neither makes a page of the buyer's.
  const newPage = order.items.some((i) => i.kind === "multi-link" && !forExistingHolders(i));
  const team = order.items.find((i) => teamOf(i));
  const updates = order.items.filter((i) => i.kind === "update-request").length;
  const lists = order.items.filter((i) => i.kind === "business-list").length;
  const first = paid ? "" : "Once your payment is received, ";
  const one = pages.urls.length === 1;
  const steps: React.ReactNode[] = [];
  if (status.stage === "Cancelled")
    steps.push("This order was cancelled: nothing was charged and nothing is sent.");
  else if (status.stage === "Refunded") steps.push("This order was refunded: nothing more happens with it.");
  else {
    if (!paid && order.paymentMethod === "bank_transfer")
      steps.push("Pay by bank transfer using your order number as the reference.");
    steps.push(
      paid
        ? "We have e-mailed you a confirmation of your payment."
        : "We e-mail you a confirmation once your payment is received.",
    );
    if (pages.urls.length)
      steps.push(
        <>
          {one ? "Your card page is live now at " : "Your card pages are live now at "}
          {pages.urls.map((url, i) => (
            <span key={url}>
              {i > 0 ? ", " : null}
              <a href={url} className={`${link} break-all`}>
                {url}
              </a>
            </span>
          ))}
          : the {one ? "card opens it" : "cards open them"} once {one ? "it arrives" : "they arrive"}.
        </>,
      );
    else if (newPage && !paid)
      steps.push(
        "Once your payment is received, your card page goes live at once: the e-mail gives its address.",
      );
    // Made when the payment is received, and only for those still in the company then.
    if (team)
      steps.push(
        paid
          ? "A card was made for the company page of each member still in the company, and is listed under your company's Cards."
          : `${first}a card is made for the company page of each member still in the company, and listed under your company's Cards.`,
      );
    if (pages.claimDays)
      steps.push(
        `The confirmation e-mail holds a link to add your ${one ? "card" : "cards"} to an account (log in, or create one with this e-mail address), to see ${one ? "its" : "their"} taps and manage ${one ? "its" : "their"} links. It works once, within ${pages.claimDays} days.`,
      );
    if (status.cards) steps.push(status.cards);
    if (updates)
      steps.push(
        `${first ? `${first}your` : "Your"} ${updates === 1 ? "update is" : "updates are"} applied to the card page: at once when the card is yours (you are signed in as its owner, or gave its edit password), otherwise after we have checked it.`,
      );
    if (lists)
      steps.push(
        <>
          {first ? `${first}the` : "The"} businesses of your {lists === 1 ? "list are" : "lists are"}{" "}
          {first ? "added to" : "in"} your prospects in{" "}
          <Link to="/dashboard/cold-calling/prospects" className={link}>
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
