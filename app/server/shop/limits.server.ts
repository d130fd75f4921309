// The shop's rate limits: what a stranger may cost it in carts, orders and update requests.
import { defineLimits } from "../platform/rate-limit.server";

export const SHOP_LIMITS = defineLimits({
  /** Update requests per client address, counted before the form is read: no sign-in is needed to send one. */
  updateRequest: { max: 30, windowSeconds: 60 * 60 },
  /** New carts per client address: a cart costs a row, and a stranger must not fill the table. */
  newCart: { max: 30, windowSeconds: 60 * 60 },
  /** Orders placed, counted per client address and per recipient e-mail: each one sends an e-mail. */
  placeOrder: { max: 10, windowSeconds: 60 * 60 },
});
