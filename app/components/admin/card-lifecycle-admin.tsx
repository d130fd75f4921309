// The admin card view's state panel: paused or live, each physical card with its chip address and state, the
// admin's actions on each, and the card's history (who did what, when). What each says is derived from the state
// (card-status.server.ts): who paused the page, who turned each card off.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { CardLifecycle } from "~/server/cards/card-lifecycle.server";

type HistoryRow = {
  id: number;
  action: string;
  actor: string;
  note: string | null;
  createdAt: Date | string;
};

const ACTION_LABELS: Record<string, string> = {
  paused: "Paused the page",
  resumed: "Resumed the page",
  "card-created": "Physical card created",
  "replacement-created": "Replacement card created",
  "card-written": "Card written",
  "card-not-written": "Card marked not written",
  "card-off": "Card turned off",
  "card-on": "Card turned back on",
  "older-cards-off": "Older cards turned off",
  "older-cards-on": "Older cards turned back on",
};

function Action({ intent, id, label, name }: { intent: string; id?: string; label: string; name?: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="physicalCardId" value={id} /> : null}
      <Button type="submit" variant="secondary" aria-label={name}>
        {label}
      </Button>
    </Form>
  );
}

export function CardLifecycleAdmin({
  lifecycle,
  history,
  publicUrl,
  slug,
}: {
  lifecycle: CardLifecycle;
  history: HistoryRow[];
  publicUrl: string;
  slug: string;
}) {
  const { status } = lifecycle;
  const lines = new Map(status.cards.map((line) => [line.id, line]));
  return (
    <section
      aria-labelledby="card-state-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h3 id="card-state-heading" className="text-lg font-bold">
        Card status: {status.sentence}
      </h3>
      <div className="flex flex-wrap gap-2">
        <Action
          intent={status.paused ? "resume" : "pause"}
          label={status.paused ? "Resume card" : "Pause card"}
        />
        <Action intent="add-card" label="Add physical card" />
      </div>
      <ul className="grid gap-2">
        {lifecycle.physicalCards.map((c) => (
          <li
            key={c.id}
            className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold">
                {c.label} · {lines.get(c.id)?.sentence}
              </p>
              <p className="break-all text-slate-600">
                {publicUrl}
                {c.chipPath}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {c.state === "to_write" ? (
                <Action
                  intent="mark-written"
                  id={c.id}
                  label="Mark written"
                  name={`Mark written: ${c.label}`}
                />
              ) : null}
              {c.state === "active" && c.writtenAt ? (
                <Action
                  intent="mark-not-written"
                  id={c.id}
                  label="Mark not written"
                  name={`Mark not written: ${c.label}`}
                />
              ) : null}
              <Action
                intent={c.state === "off" ? "card-on" : "card-off"}
                id={c.id}
                label={c.state === "off" ? "Turn back on" : "Turn off"}
                name={`${c.state === "off" ? "Turn back on" : "Turn off"}: ${c.label}`}
              />
            </div>
          </li>
        ))}
        {status.older ? (
          <li className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold">Older cards · {status.older.sentence}</p>
              <p className="break-all text-slate-600">
                {publicUrl}/{slug}?s=nfc
              </p>
            </div>
            <Action
              intent={lifecycle.olderCardsOffAt ? "card-on" : "card-off"}
              id="older"
              label={lifecycle.olderCardsOffAt ? "Turn back on" : "Turn off"}
              name={`${lifecycle.olderCardsOffAt ? "Turn back on" : "Turn off"}: Older cards`}
            />
          </li>
        ) : null}
      </ul>
      <h4 className="font-semibold">History</h4>
      {history.length ? (
        <ul className="divide-y divide-slate-100 text-sm">
          {history.map((h) => (
            <li key={h.id} className="py-2">
              <span className="font-medium">{ACTION_LABELS[h.action] ?? h.action}</span>
              {h.note ? ` (${h.note})` : ""} · {h.actor} ·{" "}
              <time dateTime={new Date(h.createdAt).toISOString()}>
                {new Date(h.createdAt).toISOString().replace("T", " ").slice(0, 16)} UTC
              </time>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No changes yet.</p>
      )}
    </section>
  );
}
