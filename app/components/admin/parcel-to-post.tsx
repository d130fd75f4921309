// Posting in fulfilment: the carrier and tracking number of an order or of one parcel, and a parcel of a company's
// order posted to each member, with its own 'Mark posted'.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FieldFrame } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import type { Delivery } from "~/schemas/checkout";
import { CARRIERS, TRACKING_NUMBER_MAX } from "~/schemas/fulfilment";
import type { FulfilmentData } from "~/server/shop/fulfilment-queue.server";
import { countryName } from "~/utils/countries";

/** An address on one line, as a label wants it. */
export function addressLine(a: Delivery) {
  return [a.fullName, a.addressLine1, a.addressLine2, a.city, a.postalCode, countryName(a.country)]
    .filter(Boolean)
    .join(", ");
}

/** Carrier and tracking number; `id` (the order's or the parcel's) keeps each form's fields apart. */
export function PostingFields({ id, errors }: { id: string; errors?: Record<string, string[]> }) {
  return (
    <>
      <FieldFrame id={`carrier-${id}`} label="Carrier" errors={errors?.carrier} className="w-44">
        <Select id={`carrier-${id}`} name="carrier" defaultValue="royal-mail">
          {CARRIERS.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </Select>
      </FieldFrame>
      <Field
        id={`tracking-${id}`}
        label="Tracking number"
        name="trackingNumber"
        maxLength={TRACKING_NUMBER_MAX}
        autoComplete="off"
        required
        errors={errors?.trackingNumber}
        className="w-60 max-w-full"
      />
    </>
  );
}

type Parcel = FulfilmentData["toPost"][number]["parcels"][number];

export function ParcelToPost({
  parcel,
  written,
  errors,
}: {
  parcel: Parcel;
  written: boolean;
  errors?: Record<string, string[]>;
}) {
  const to = addressLine(parcel.address);
  if (parcel.postedAt)
    return (
      <p className="mt-2 text-sm text-slate-700">
        Posted to {to} with {CARRIERS.find((c) => c.id === parcel.carrier)?.label ?? "Other"}, tracking{" "}
        {parcel.trackingNumber}
      </p>
    );
  return (
    <Form
      method="post"
      aria-label={`Parcel to ${parcel.address.fullName}`}
      className="mt-2 flex flex-wrap items-end gap-3 rounded-lg bg-slate-50 p-3"
    >
      <p className="w-full text-sm">Post to: {to}</p>
      <input type="hidden" name="intent" value="mark-parcel-posted" />
      <input type="hidden" name="parcelId" value={parcel.id} />
      <PostingFields id={parcel.id} errors={errors} />
      <Button
        type="submit"
        disabled={!written}
        aria-describedby={written ? undefined : `unwritten-${parcel.id}`}
      >
        Mark posted
      </Button>
      {written ? null : (
        <p id={`unwritten-${parcel.id}`} className="w-full text-sm text-slate-600">
          Write this card first.
        </p>
      )}
    </Form>
  );
}
