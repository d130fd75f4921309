// The admin's 'To write and post' section: per paid order, each card to write to its chip (card-to-write.tsx),
// then 'Mark posted' with carrier and tracking number; below, the posted orders to mark delivered.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CARRIERS } from "~/schemas/fulfilment";
import type { FulfilmentData } from "~/server/shop/fulfilment-queue.server";
import { awaitsWriting } from "~/utils/fulfilment";
import { CardToWriteRow } from "./card-to-write";
import { formatOrderDate } from "./order-details";
import { addressLine, ParcelToPost, PostingFields } from "./parcel-to-post";

type PostErrors = { orderId: string; errors: Record<string, string[]> };

const date = (value: string | Date | null) => (value ? formatOrderDate(value) : "");

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
          data.toPost.map((order) => <OrderToPost key={order.id} order={order} postErrors={postErrors} />)
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
  postErrors,
}: {
  order: FulfilmentData["toPost"][number];
  /** The errors of the last 'Mark posted', for this order or one of its parcels (by its id). */
  postErrors?: PostErrors;
}) {
  const errorsOf = (id: string) => (postErrors?.orderId === id ? postErrors.errors : undefined);
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
        {order.parcels.length
          ? `Each card goes in a parcel of its own, to its member's address (${order.parcels.length}).`
          : `Post to: ${addressLine(a)}`}
      </p>
      <ul className="mt-4 space-y-4">
        {order.cards.map((card, i) => {
          const parcel = order.parcels.find(
            (p) => p.itemId === card.itemId && p.userId !== null && p.userId === card.holderUserId,
          );
          return (
            <li key={card.id ?? `missing-${i}`}>
              <CardToWriteRow card={card} />
              {parcel ? (
                <ParcelToPost parcel={parcel} written={!awaitsWriting(card)} errors={errorsOf(parcel.id)} />
              ) : null}
            </li>
          );
        })}
      </ul>
      {order.parcels.length ? null : (
        <Form method="post" className="mt-5 flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4">
          <input type="hidden" name="intent" value="mark-posted" />
          <input type="hidden" name="orderId" value={order.id} />
          <PostingFields id={order.id} errors={errorsOf(order.id)} />
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
      )}
    </section>
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
        {date(order.postedAt)}{" "}
        {order.parcels.length ? (
          order.parcels.length === 1 ? (
            "in 1 parcel, to its member"
          ) : (
            `in ${order.parcels.length} parcels, one to each member`
          )
        ) : (
          <>
            with {carrier} ·{" "}
            {order.trackingUrl ? (
              <a
                href={order.trackingUrl}
                className="text-brand-700 underline"
                rel="noreferrer"
                target="_blank"
              >
                {order.trackingNumber}
              </a>
            ) : (
              order.trackingNumber
            )}
          </>
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
