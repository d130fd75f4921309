// Posting an order (docs/product.md#fulfilment): the carrier and its tracking number, shared by the admin's form
// and its action, and the carrier's tracking page for the customer's e-mail and order pages.
import { z } from "~/schemas/zod";

export const CARRIERS = [
  { id: "royal-mail", label: "Royal Mail" },
  { id: "dpd", label: "DPD" },
  { id: "evri", label: "Evri" },
  { id: "parcelforce", label: "Parcelforce" },
  { id: "other", label: "Other" },
] as const;
export const CARRIER_IDS = ["royal-mail", "dpd", "evri", "parcelforce", "other"] as const;
export type CarrierId = (typeof CARRIER_IDS)[number];

export const TRACKING_NUMBER_MAX = 40;

export const MarkPostedSchema = z.object({
  // Each field is capped before any pattern sees it.
  orderId: z
    .string()
    .max(36, "Order not found")
    .pipe(z.uuid({ error: "Order not found" })),
  carrier: z.enum(CARRIER_IDS, { error: "Please choose the carrier" }),
  trackingNumber: z
    .string({ error: "Tracking number is required" })
    .max(TRACKING_NUMBER_MAX * 4, `A tracking number has at most ${TRACKING_NUMBER_MAX} characters`)
    .trim()
    .min(1, "Tracking number is required")
    .max(TRACKING_NUMBER_MAX, `A tracking number has at most ${TRACKING_NUMBER_MAX} characters`)
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "A tracking number has only letters, digits, spaces and dashes")
        // Printed labels group the characters with spaces; the carrier's page wants them without.
        .transform((value) => value.replace(/[\s-]+/g, "").toUpperCase())
        .refine((value) => value.length >= 5, "A tracking number has at least 5 letters or digits"),
    ),
});

/** One parcel of an order posted to each member (docs/product.md#companies): the same carrier and tracking rules. */
export const MarkParcelPostedSchema = MarkPostedSchema.omit({ orderId: true }).extend({
  parcelId: z
    .string()
    .max(36, "Parcel not found")
    .pipe(z.uuid({ error: "Parcel not found" })),
});

export function carrierLabel(id: string | null) {
  return CARRIERS.find((c) => c.id === id)?.label ?? "Other";
}

const TRACKING_PAGES: Record<Exclude<CarrierId, "other">, string> = {
  "royal-mail": "https://www.royalmail.com/track-your-item#/tracking-results/",
  dpd: "https://track.dpd.co.uk/parcels/",
  evri: "https://www.evri.com/track/parcel/",
  parcelforce: "https://www.parcelforce.com/track-trace?trackNumber=",
};

/** The carrier's tracking page for this parcel, or null for a carrier we have no page for. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null) {
  if (!trackingNumber || !carrier || carrier === "other") return null;
  const base = TRACKING_PAGES[carrier as keyof typeof TRACKING_PAGES];
  return base ? `${base}${encodeURIComponent(trackingNumber)}` : null;
}
