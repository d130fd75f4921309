// Card page slugs: the rules of the card form and the create-client dialog
// (docs/product.md#forms-and-messages), shared by the browser (hint under the field) and the server (the
// truth).

/** Card form rule: trimmed, lower-cased, whitespace runs become '-', anything but a-z, 0-9 and '-' removed. */
export function normalizeSlug(input: string) {
  return input
    .slice(0, SLUG_INPUT_MAX_LENGTH)
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "");
}

/** Create-client rule: lower-cased, runs of anything non-alphanumeric become '-', no leading/trailing '-'. */
export function slugFromName(input: string) {
  return input
    .slice(0, SLUG_INPUT_MAX_LENGTH)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const SLUG_MAX_LENGTH = 64;
/** Longer input is refused by the forms; the helpers above cut it there too, so their patterns stay short. */
export const SLUG_INPUT_MAX_LENGTH = 256;

/**
 * Names a card page may not take because a site route (or one we will want) already answers there.
 * Compared after normalisation.
 */
const RESERVED_SLUGS = new Set([
  "about",
  "account",
  "admin",
  "admin-dashboard",
  "admin-login",
  "api",
  "assets",
  "blog",
  "c",
  "card",
  "cards",
  "cart",
  "checkout",
  "claim-cards",
  "cold-calling",
  "compatibility",
  "contact",
  "create",
  "dashboard",
  "edit",
  "email-change",
  "faq",
  "favicon",
  "features",
  "forgot-password",
  "go",
  "healthz",
  "help",
  "home",
  "index",
  "invitations",
  "login",
  "login-selection",
  "logout",
  "order",
  "order-card",
  "orders",
  "payment-canceled",
  "payment-cancelled",
  "payment-success",
  "pricing",
  "privacy",
  "public",
  "qr",
  "register",
  "reset-password",
  "resellers",
  "returns",
  "robots",
  "safety",
  "settings",
  "shop",
  "shops",
  "sitemap",
  "socials",
  "static",
  "support",
  "terms",
  "unsubscribe",
  "update-links",
  "uploads",
  "vcard",
]);

export function isReservedSlug(slug: string) {
  return RESERVED_SLUGS.has(slug);
}

/** The message for a slug that cannot be used, or null when it is fine (uniqueness is checked by the server). */
export function slugProblem(slug: string): string | null {
  if (slug === "") return "Slug is required";
  if (slug.length > SLUG_MAX_LENGTH) return `Slug must be at most ${SLUG_MAX_LENGTH} characters`;
  if (isReservedSlug(slug)) return `"${slug}" is reserved by the site. Please choose another slug.`;
  return null;
}
