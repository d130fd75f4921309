// A card's state in My Cards: pause or resume its page, and each physical card that opens it, with 'Report lost',
// 'Turn back on' and 'Order a replacement'. Plain forms, drawn by the loader: everything works without JavaScript.
import { Button } from "~/components/ui/button";
import type { CardLifecycle, PhysicalCard } from "~/server/cards/physical-cards.server";

const STATE_LABELS = { to_write: "Being made", active: "Active", off: "Turned off" } as const;

function Hidden({ cardNumber, intent, id }: { cardNumber: string; intent: string; id?: string }) {
  return (
    <>
      <input type="hidden" name="cardNumber" value={cardNumber} />
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="physicalCardId" value={id} /> : null}
    </>
  );
}

/** 'Report lost' and 'Order a replacement' for one card (or the older cards, id 'older'). */
function CardActions({
  cardNumber,
  id,
  label,
  off,
}: {
  cardNumber: string;
  id: string;
  label: string;
  off: boolean;
}) {
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2">
      {off ? (
        <form method="post">
          <Hidden cardNumber={cardNumber} intent="card-on" id={id} />
          <Button type="submit" variant="secondary" aria-label={`Turn back on: ${label}`}>
            Turn back on
          </Button>
        </form>
      ) : (
        <form method="post" className="rounded-lg border border-slate-200 p-3">
          <Hidden cardNumber={cardNumber} intent="report-lost" id={id} />
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">Lost {label.toLowerCase()}?</legend>
            <label className="mt-2 flex min-h-11 items-start gap-2 text-sm text-slate-700">
              <input type="radio" name="choice" value="card" defaultChecked className="mt-1" />
              Turn off only this card: your page, its address and links stay live
            </label>
            <label className="flex min-h-11 items-start gap-2 text-sm text-slate-700">
              <input type="radio" name="choice" value="page" className="mt-1" />
              Pause the whole page
            </label>
          </fieldset>
          <Button type="submit" variant="secondary" className="mt-2" aria-label={`Report lost: ${label}`}>
            Report lost
          </Button>
        </form>
      )}
      <form method="post" className="rounded-lg border border-slate-200 p-3">
        <Hidden cardNumber={cardNumber} intent="order-replacement" id={id} />
        <p className="text-sm text-slate-700">
          A new card for the same page, with its own address. The lost card stops when the new one is written.
        </p>
        {off ? null : (
          <label className="mt-2 flex min-h-11 items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" name="turnOffNow" className="mt-1" />
            Turn the lost card off now
          </label>
        )}
        <Button
          type="submit"
          variant="secondary"
          className="mt-2"
          aria-label={`Order a replacement: ${label}`}
        >
          Order a replacement
        </Button>
      </form>
    </div>
  );
}

function PhysicalCardItem({ cardNumber, card }: { cardNumber: string; card: PhysicalCard }) {
  return (
    <li className="rounded-lg bg-slate-50 p-4">
      <p className="font-semibold text-slate-900">
        {card.label} · <span>{STATE_LABELS[card.state]}</span>
        {card.state === "off" && card.offReason ? (
          <span className="font-normal text-slate-600"> ({card.offReason})</span>
        ) : null}
      </p>
      <p className="text-sm text-slate-600">
        {card.isReplacement ? "A replacement. " : ""}Has its own address: it can be turned off alone.
      </p>
      <CardActions cardNumber={cardNumber} id={card.id} label={card.label} off={card.state === "off"} />
    </li>
  );
}

export function CardLifecycleSection({
  cardNumber,
  pageUrl,
  lifecycle,
}: {
  cardNumber: string;
  pageUrl: string;
  lifecycle: CardLifecycle;
}) {
  const paused = Boolean(lifecycle.pausedAt);
  const olderOff = Boolean(lifecycle.olderCardsOffAt);
  return (
    <section aria-labelledby="card-state-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="card-state-heading" className="text-lg font-bold text-slate-900">
        Card status
      </h2>
      <p className="mt-1 text-slate-700" aria-live="polite">
        {paused
          ? "Paused: your page, its links and contact card say 'This card is paused', and no views are counted."
          : "Live: your page opens from every card and its address."}
      </p>
      <form method="post" className="mt-3">
        <Hidden cardNumber={cardNumber} intent={paused ? "resume" : "pause"} />
        <Button type="submit" variant={paused ? "primary" : "secondary"}>
          {paused ? "Resume card" : "Pause card"}
        </Button>
      </form>

      <h3 className="mt-6 font-semibold text-slate-900">Physical cards</h3>
      <ul className="mt-2 grid gap-3">
        {lifecycle.physicalCards.map((c) => (
          <PhysicalCardItem key={c.id} cardNumber={cardNumber} card={c} />
        ))}
        <li className="rounded-lg bg-slate-50 p-4">
          <p className="font-semibold text-slate-900">
            Older cards · <span>{olderOff ? "Turned off" : "Active"}</span>
          </p>
          <p className="break-all text-sm text-slate-600">
            Cards written with your page's own address ({pageUrl}?s=nfc) cannot be turned off one by one:
            turning them off stops all of them. Your page and its address stay live; a replacement comes with
            its own address.
          </p>
          <CardActions cardNumber={cardNumber} id="older" label="Older cards" off={olderOff} />
        </li>
      </ul>
    </section>
  );
}
