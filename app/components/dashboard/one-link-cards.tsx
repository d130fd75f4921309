// The customer's One Link cards, in My Cards and My Links: each card's number, its link, its order and where the
// card is on its way. The link is written to the chip itself, so it is permanent and its taps are not counted;
// there is nothing here to change it.
import type { OwnedOneLinkCard } from "~/server/cards/one-link-cards.server";

const ONE_LINK_NOTE =
  "A One Link card's link is written on the card itself: it is permanent, and taps on the card open it directly, so they are not counted.";

export function OneLinkCardsList({ cards }: { cards: OwnedOneLinkCard[] }) {
  if (!cards.length) return null;
  return (
    <section aria-labelledby="one-link-cards-heading" className="space-y-3">
      <h2 id="one-link-cards-heading" className="text-lg font-bold text-slate-900">
        One Link cards
      </h2>
      <p className="text-sm text-slate-600">{ONE_LINK_NOTE}</p>
      <ul className="grid gap-3">
        {cards.map((card) => (
          <li key={card.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h3 className="font-bold text-slate-900">Card {card.cardNumber}</h3>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
              <dt className="font-medium text-slate-600">Link</dt>
              <dd className="break-all">
                {card.title}: {card.url}
              </dd>
              <dt className="font-medium text-slate-600">Order</dt>
              <dd>{card.orderNumber}</dd>
              <dt className="font-medium text-slate-600">State</dt>
              <dd>{card.state}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
