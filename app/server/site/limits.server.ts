// The site's rate limits: the contact form.
import { defineLimits } from "../platform/rate-limit.server";

export const SITE_LIMITS = defineLimits({
  contact: { max: 5, windowSeconds: 60 * 60 },
});
