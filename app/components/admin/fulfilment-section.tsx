// Over 300 lines: the steps of one paid order (write each chip, post, deliver) share its data and its forms.
// The admin's 'To write and post' section: per paid order, each card with the exact address for its chip (Copy,
// a QR code for a phone writing app, and 'Write to card' where the browser has Web NFC), 'Mark written', then
// 'Mark posted' with carrier and tracking number; below, the posted orders to mark delivered. The address comes
// from the server: nobody types the NFC source marker.
import { Copy, Nfc } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FieldFrame } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { CARRIERS, TRACKING_NUMBER_MAX } from "~/schemas/fulfilment";
import type { CardToWrite, FulfilmentData } from "~/server/shop/fulfilment-queue.server";
import { countryName } from "~/utils/countries";
import { awaitsWriting } from "~/utils/fulfilment";
import { notify } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";

type PostErrors = { orderId: string; errors: Record<string, string[]> };

const date = (value: string | Date | null) => (value ? new Date(value).toLocaleDateString("en-GB") : "");

export function FulfilmentSection({ data, postErrors }: { data: FulfilmentData; postErrors?: PostErrors }) {
  return (
    <div className="space-y-10">
      <section aria-labelledby="to-write-heading" className="space-y-4">
        <h2 id="to-write-heading" className="text-xl font-bold">
          To write and post
        </h2>
        <p className="text-sm text-slate-600">
          The cards of paid orders not yet posted, oldest payment first. Write each card's address to its
          chip, then post the order.
        </p>
        {data.toPost.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
            Nothing to write or post.
          </p>
        ) : (
          data.toPost.map((order) => (
            <OrderToPost
              key={order.id}
              order={order}
              errors={postErrors?.orderId === order.id ? postErrors.errors : undefined}
            />
          ))
        )}
      </section>
      <section aria-labelledby="posted-heading" className="space-y-4">
        <h2 id="posted-heading" className="text-xl font-bold">
          Posted, not yet delivered
        </h2>
        {data.posted.length === 0 ? (
          <p className="text-sm text-slate-600">No posted orders are waiting for delivery.</p>
        ) : (
          <ul className="space-y-3">
            {data.posted.map((order) => (
              <li key={order.id}>
                <PostedOrder order={order} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function OrderToPost({
  order,
  errors,
}: {
  order: FulfilmentData["toPost"][number];
  errors?: Record<string, string[]>;
}) {
  const headingId = `fulfil-${order.id}`;
  const a = order.deliveryAddress;
  const unwritten = order.cards.filter(awaitsWriting).length;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id={headingId} className="text-lg font-bold">
        Order {order.orderNumber}
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Paid {date(order.paidAt)} · {order.customerName}
      </p>
      <p className="mt-1 text-sm">
        Post to:{" "}
        {[a.fullName, a.addressLine1, a.addressLine2, a.city, a.postalCode, countryName(a.country)]
          .filter(Boolean)
          .join(", ")}
      </p>
      <ul className="mt-4 space-y-4">
        {order.cards.map((card, i) => (
          <li key={card.id ?? `missing-${i}`}>
            <CardToWriteRow card={card} />
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-5 flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4">
        <input type="hidden" name="intent" value="mark-posted" />
        <input type="hidden" name="orderId" value={order.id} />
        <FieldFrame id={`carrier-${order.id}`} label="Carrier" errors={errors?.carrier} className="w-44">
          <Select id={`carrier-${order.id}`} name="carrier" defaultValue="royal-mail">
            {CARRIERS.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </Select>
        </FieldFrame>
        <Field
          id={`tracking-${order.id}`}
          label="Tracking number"
          name="trackingNumber"
          maxLength={TRACKING_NUMBER_MAX}
          autoComplete="off"
          required
          errors={errors?.trackingNumber}
          className="w-60 max-w-full"
        />
        <Button
          type="submit"
          disabled={unwritten > 0}
          aria-describedby={unwritten ? `unwritten-${order.id}` : undefined}
        >
          Mark posted
        </Button>
        {unwritten ? (
          <p id={`unwritten-${order.id}`} className="w-full text-sm text-slate-600">
            Write every card first: {unwritten} of {order.cards.length} not written yet.
          </p>
        ) : null}
      </Form>
    </section>
  );
}

function CardToWriteRow({ card }: { card: CardToWrite }) {
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
            {card.writtenAt ? `Written ${date(card.writtenAt)}` : "To write"}
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

interface NdefRecordLike {
  recordType: string;
  data?: DataView;
}
interface NdefReaderLike {
  write(message: { records: { recordType: string; data: string }[] }): Promise<void>;
  scan(options?: { signal?: AbortSignal }): Promise<void>;
  onreading: ((event: { message: { records: NdefRecordLike[] } }) => void) | null;
}

/** How long the written card is waited for to be read back. */
const READ_BACK_MS = 15_000;
const NOT_READ = "\u0000not read";

/** Web NFC (Chrome on Android): write the URL record, read it back, and only then mark the card written. */
async function writeAndVerify(url: string) {
  const Reader = (globalThis as unknown as { NDEFReader: new () => NdefReaderLike }).NDEFReader;
  const writer = new Reader();
  await writer.write({ records: [{ recordType: "url", data: url }] });
  const reader = new Reader();
  const controller = new AbortController();
  const read = new Promise<string>((resolve) => {
    reader.onreading = (event) => {
      const record = event.message.records[0];
      resolve(record?.recordType === "url" && record.data ? new TextDecoder().decode(record.data) : "");
    };
  });
  await reader.scan({ signal: controller.signal });
  // A card taken away before it was read back is not marked written: the admin holds it to the phone again.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(NOT_READ), READ_BACK_MS);
  });
  const got = await Promise.race([read, timeout]);
  clearTimeout(timer);
  controller.abort();
  return got === url ? "written" : got === NOT_READ ? "not-read" : "different";
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

function PostedOrder({ order }: { order: FulfilmentData["posted"][number] }) {
  const carrier = CARRIERS.find((c) => c.id === order.carrier)?.label ?? "Other";
  return (
    <Form
      method="post"
      aria-label={`Order ${order.orderNumber} posted`}
      className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3"
    >
      <input type="hidden" name="intent" value="mark-delivered" />
      <input type="hidden" name="orderId" value={order.id} />
      <p className="flex-1 text-sm">
        <span className="font-semibold">Order {order.orderNumber}</span> · {order.customerName} · posted{" "}
        {date(order.postedAt)} with {carrier} ·{" "}
        {order.trackingUrl ? (
          <a href={order.trackingUrl} className="text-brand-700 underline" rel="noreferrer" target="_blank">
            {order.trackingNumber}
          </a>
        ) : (
          order.trackingNumber
        )}
      </p>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" name="notify" defaultChecked className="h-4 w-4" />
        E-mail the customer
      </label>
      <Button type="submit">Mark delivered</Button>
    </Form>
  );
}
