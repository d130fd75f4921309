// A card's state in My Cards: pause or resume its page, and each physical card that opens it, with 'Report lost',
// 'Turn back on' and 'Order a replacement'. Plain forms, drawn by the loader: everything works without JavaScript.
// Every sentence comes from the card's state (card-status.server.ts), as do the actions offered.
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import type { CardLifecycle } from "~/server/cards/card-lifecycle.server";
import type { CardLine } from "~/server/cards/card-status.server";

function Hidden({ cardNumber, intent, id }: { cardNumber: string; intent: string; id?: string }) {
  return (
    <>
      <input type="hidden" name="cardNumber" value={cardNumber} />
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="physicalCardId" value={id} /> : null}
    </>
  );
}

/** 'Report lost' (or 'Turn back on') and 'Order a replacement' for one card (or the older cards, id 'older'). */
function CardActions({ cardNumber, line, legend }: { cardNumber: string; line: CardLine; legend: string }) {
  const { id, label } = line;
  const off = !line.canReportLost;
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2">
      {line.canTurnOn ? (
        <form method="post">
          <Hidden cardNumber={cardNumber} intent="card-on" id={id} />
          <Button type="submit" variant="secondary" aria-label={`Turn back on: ${label}`}>
            Turn back on
          </Button>
        </form>
      ) : null}
      {line.canReportLost ? (
        <form method="post" className="rounded-lg border border-slate-200 p-3">
          <Hidden cardNumber={cardNumber} intent="report-lost" id={id} />
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
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
      ) : null}
      {line.canOrderReplacement ? (
        <form method="post" className="rounded-lg border border-slate-200 p-3">
          <Hidden cardNumber={cardNumber} intent="order-replacement" id={id} />
          <p className="text-sm text-slate-700">
            A new card for the same page, with its own address. The lost card stops when the new one is
            written.
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
      ) : null}
    </div>
  );
}

/** What the owner can do about the shop's takedown: write to support or use the contact page. */
function ReachSupport({ supportEmail }: { supportEmail: string }) {
  return (
    <p className="mt-1 break-words text-sm text-slate-700">
      Write to{" "}
      <a className="font-medium text-brand-700 underline" href={`mailto:${supportEmail}`}>
        {supportEmail}
      </a>{" "}
      or use the{" "}
      <a className="font-medium text-brand-700 underline" href="/contact">
        contact page
      </a>
      .
    </p>
  );
}

function PhysicalCardItem({
  cardNumber,
  line,
  supportEmail,
  children,
}: {
  cardNumber: string;
  line: CardLine;
  supportEmail: string;
  children?: ReactNode;
}) {
  return (
    <li className="rounded-lg bg-slate-50 p-4">
      <p className="font-semibold text-slate-900">
        {line.label} · <span>{line.state}</span>
      </p>
      <p className="text-sm text-slate-700">{line.sentence}</p>
      {children}
      {line.offByShop ? <ReachSupport supportEmail={supportEmail} /> : null}
      <CardActions
        cardNumber={cardNumber}
        line={line}
        legend={line.id === "older" ? "Lost one of the older cards?" : `Lost ${line.label}?`}
      />
    </li>
  );
}

export function CardLifecycleSection({
  cardNumber,
  pageUrl,
  lifecycle,
  supportEmail,
}: {
  cardNumber: string;
  pageUrl: string;
  lifecycle: CardLifecycle;
  supportEmail: string;
}) {
  const { status } = lifecycle;
  return (
    <section aria-labelledby="card-state-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="card-state-heading" className="text-lg font-bold text-slate-900">
        Card status
      </h2>
      <p className="mt-1 text-slate-700" aria-live="polite">
        {status.sentence}
      </p>
      {status.heldByShop ? (
        <ReachSupport supportEmail={supportEmail} />
      ) : (
        <form method="post" className="mt-3">
          <Hidden cardNumber={cardNumber} intent={status.paused ? "resume" : "pause"} />
          <Button type="submit" variant={status.paused ? "primary" : "secondary"}>
            {status.paused ? "Resume card" : "Pause card"}
          </Button>
        </form>
      )}

      <h3 className="mt-6 font-semibold text-slate-900">Physical cards</h3>
      <ul className="mt-2 grid gap-3">
        {status.cards.map((line) => (
          <PhysicalCardItem key={line.id} cardNumber={cardNumber} line={line} supportEmail={supportEmail} />
        ))}
        {status.older ? (
          <PhysicalCardItem cardNumber={cardNumber} line={status.older} supportEmail={supportEmail}>
            <p className="break-all text-sm text-slate-600">
              Cards written with your page's own address ({pageUrl}?s=nfc) cannot be turned off one by one:
              turning them off stops all of them. Your page and its address stay live; a replacement comes
              with its own address.
            </p>
          </PhysicalCardItem>
        ) : null}
      </ul>
    </section>
  );
}
