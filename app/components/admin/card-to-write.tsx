// One card of an order to fulfil: the exact address for its chip (Copy, a QR code for a phone writing app, and
// 'Write to card' where the browser has Web NFC) and 'Mark written'. The address comes from the server: nobody
// types the NFC source marker.
import { Copy, Nfc } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { CardToWrite } from "~/server/shop/fulfilment-queue.server";
import { notify } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";
import { writeAndVerify } from "./nfc-write";
import { formatOrderDate } from "./order-details";

export function CardToWriteRow({ card }: { card: CardToWrite }) {
  const label = card.cardNumber ? `Card ${card.cardNumber}` : "Card";
  if (!card.url || !card.id)
    return (
      <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        {card.kind === "multi-link"
          ? `${card.name}: no card page yet. Create it from the order (Orders, 'Create card page from order'), then write it here.`
          : `${card.name}: this card has no number (its order was paid before One Link cards were numbered). Write the link from the order's details, and post it with the order.`}
      </div>
    );
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row">
      {card.qr ? (
        <svg
          role="img"
          aria-label={`QR code of the address for ${label}`}
          viewBox={`0 0 ${card.qr.size} ${card.qr.size}`}
          className="h-32 w-32 shrink-0 bg-white"
        >
          <path d={card.qr.path} fill="#000" />
        </svg>
      ) : null}
      <div className="min-w-0 flex-1 space-y-2">
        <p className="font-semibold">
          {label} · {card.name} ·{" "}
          <span className={card.writtenAt ? "text-brand-700" : "text-slate-600"}>
            {card.writtenAt ? `Written ${formatOrderDate(card.writtenAt)}` : "To write"}
          </span>
        </p>
        <p className="text-sm text-slate-600">
          {card.kind === "multi-link" ? "Address to write (the card page, as a tap):" : "Link to write:"}
        </p>
        <input
          readOnly
          value={card.url}
          aria-label={`Address to write on ${label}`}
          className="block w-full rounded bg-slate-100 px-2 py-1 font-mono text-sm"
        />
        {card.writtenAt ? null : <WriteControls card={card} url={card.url} label={label} />}
      </div>
    </div>
  );
}

function WriteControls({ card, url, label }: { card: CardToWrite; url: string; label: string }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const [nfc, setNfc] = useState(false);
  const [writing, setWriting] = useState(false);
  useEffect(() => setNfc("NDEFReader" in window), []);
  const markWritten = () =>
    fetcher.submit({ intent: "mark-written", kind: card.kind, cardId: card.id! }, { method: "post" });
  return (
    <div className="flex flex-wrap gap-2">
      {hydrated ? (
        <Button
          variant="secondary"
          aria-label={`Copy the address for ${label}`}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(url);
              notify({ type: "success", title: "Copied!" });
            } catch {
              notify({
                type: "error",
                title: "The address could not be copied. Please select it on the page.",
              });
            }
          }}
        >
          <Copy aria-hidden className="h-4 w-4" />
          Copy
        </Button>
      ) : null}
      {nfc ? (
        <Button
          disabled={writing}
          onClick={async () => {
            setWriting(true);
            notify({ type: "info", title: "Hold the card to the back of the phone" });
            try {
              const outcome = await writeAndVerify(url);
              if (outcome === "written") markWritten();
              else
                notify({
                  type: "error",
                  title:
                    outcome === "not-read"
                      ? "The card was not read back. Hold it to the phone and press 'Write to card' again."
                      : "The card reads back differently. Please write it again.",
                });
            } catch (error) {
              notify({ type: "error", title: "The card could not be written", description: String(error) });
            } finally {
              setWriting(false);
            }
          }}
        >
          <Nfc aria-hidden className="h-4 w-4" />
          {writing ? "Writing..." : "Write to card"}
        </Button>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="mark-written" />
        <input type="hidden" name="kind" value={card.kind} />
        <input type="hidden" name="cardId" value={card.id!} />
        <Button type="submit" variant={nfc ? "secondary" : "primary"} aria-label={`Mark ${label} written`}>
          Mark written
        </Button>
      </Form>
    </div>
  );
}
