// Cards' rate limits: guessing a card's number and edit password, Wallet's device logs, and the images an admin
// uploads for pages.
import { defineLimits, type WriteLimit } from "../platform/rate-limit.server";

export const CARD_LIMITS = defineLimits({
  /** Adding a card to an account by number + edit password, per client address and per account: slows guessing. */
  claimCard: { max: 10, windowSeconds: 60 * 60 },
  /**
   * Wrong edit passwords per card number, shared by the update form and 'Add a card to my account': however many
   * addresses and accounts guess, one card's password gets this many tries. Numbers no card has count alike.
   */
  editPasswordPerCard: { max: 10, windowSeconds: 60 * 60 },
  /**
   * Wallet's device logs, per client address: anyone may post one (Apple's web service has no token there), so
   * the server log cannot be flooded. A phone with a broken pass sends a few.
   */
  walletDeviceLog: { max: 30, windowSeconds: 60 * 60 },
});

/** Images an admin uploads for card pages. */
export const ADMIN_IMAGE_WRITES: WriteLimit = {
  name: "adminImage",
  account: { max: 200, windowSeconds: 3600 },
  address: { max: 200, windowSeconds: 3600 },
};
