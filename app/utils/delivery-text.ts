// How the delivery options read on pages and in e-mails, worded once from the catalogue.
import { DELIVERY_OPTIONS } from "~/delivery-options";
import { formatPence } from "./money";

const { "uk-standard": standard, "uk-next-day": express, international } = DELIVERY_OPTIONS;

/**
 * 'UK Track & Signed, 1-3 working days, £9.99; UK Express, …; International Tracked, …, £19.99' (without the
 * promises: 'UK Track & Signed £9.99, UK Express £14.99 …').
 */
export function deliveryPriceList({ promises = true } = {}) {
  return Object.values(DELIVERY_OPTIONS)
    .map((o) =>
      promises ? `${o.name}, ${o.promise}, ${formatPence(o.price)}` : `${o.name} ${formatPence(o.price)}`,
    )
    .join(promises ? "; " : ", ");
}

/** How long each option takes, without prices. */
export function deliveryTimes() {
  return `UK orders arrive in ${standard.promise} by ${standard.name}, or the ${express.promise} with ${express.name}; orders to any other country arrive in ${international.promise} by ${international.name}.`;
}
