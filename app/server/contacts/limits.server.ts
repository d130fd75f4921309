// Contacts' rate limits: what visitors may share from card pages.
import { defineLimits } from "../platform/rate-limit.server";

export const CONTACT_LIMITS = defineLimits({
  /** Details shared from card pages, per client address: no sign-in is needed to share. */
  shareContactPerAddress: { max: 5, windowSeconds: 60 * 60 },
  /** Details shared from one card page, whoever sends them: what a crowd of addresses can add to one owner. */
  shareContactPerCard: { max: 100, windowSeconds: 24 * 60 * 60 },
});
