// Card page, shop and create-client forms: one schema each, for the browser's instant feedback and the
// action's truth. Messages follow SPEC.md sections 5 and 8.
import { z } from "zod";
import { isLinkIcon, type LinkIcon, linkUrlProblem, normalizeLinkUrl } from "~/utils/card-links";
import { normalizeSlug, slugProblem } from "~/utils/slug";

const HTML_PATTERN = /<[a-z!/?]|&#?[a-z0-9]+;/i;

/** Optional text: blank becomes undefined; HTML is refused rather than silently stripped. */
const plainText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !HTML_PATTERN.test(v), `${label} must not contain HTML`)
    .optional()
    .transform((v) => (v ? v : undefined));

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !HTML_PATTERN.test(v), `${label} must not contain HTML`);

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .refine((v) => !v || z.email().safeParse(v).success, "Invalid email address")
  .transform((v) => (v ? v : undefined));

const optionalPhone = z
  .string()
  .trim()
  .optional()
  .refine(
    (v) => !v || /^\+?[0-9 ]{3,30}$/.test(v),
    "Phone numbers should only contain numbers and optionally a + character.",
  )
  .transform((v) => (v ? v : undefined));

const optionalId = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || /^[0-9a-f-]{36}$/i.test(v), "Unknown item")
  .transform((v) => (v ? v : undefined));

export const CardLinkSchema = z.object({
  id: optionalId,
  icon: z
    .string()
    .optional()
    .transform((v): LinkIcon => (v && isLinkIcon(v) ? v : "globe")),
  title: requiredText("Link title", 100),
  url: z
    .string({ error: "URL is required" })
    .trim()
    .superRefine((v, ctx) => {
      const problem = linkUrlProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    // Stored as printable ASCII (punycode host, percent-encoded path), as the redirect's Location header needs.
    .transform(normalizeLinkUrl),
});
export type CardLinkInput = z.output<typeof CardLinkSchema>;

export const PROFILE_IMAGE_PATTERN = /\/profiles\/[a-f0-9]{32}\.webp$/;

const cardPageFields = {
  name: requiredText("Name", 100),
  businessName: plainText("Business name", 100),
  slug: z
    .string({ error: "Slug is required" })
    .transform(normalizeSlug)
    .superRefine((v, ctx) => {
      const problem = slugProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  contactEmail: optionalEmail,
  contactPhone: optionalPhone,
  shopId: optionalId,
  profileImageUrl: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || PROFILE_IMAGE_PATTERN.test(v), "Please upload the image again")
    .transform((v) => (v ? v : undefined)),
  bio: plainText("Bio", 500),
  links: z.array(CardLinkSchema).max(30, "A card page can have at most 30 links").default([]),
};

const editPassword = z
  .string({ error: "Edit password is required" })
  .trim()
  .min(1, "Edit password is required")
  .min(8, "Edit password must be at least 8 characters")
  .max(128, "Edit password must be at most 128 characters");

export const CreateCardPageSchema = z.object({ ...cardPageFields, password: editPassword });
/** On edit a blank password keeps the current one. */
export const EditCardPageSchema = z.object({
  ...cardPageFields,
  password: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(editPassword.optional()),
});
export type CardPageInput = z.output<typeof EditCardPageSchema>;

export const ShopSchema = z.object({
  id: optionalId,
  name: requiredText("Shop name", 100),
  location: plainText("Location", 100),
  contactEmail: optionalEmail,
  contactPhone: optionalPhone,
});
export type ShopInput = z.output<typeof ShopSchema>;

export const CreateClientSchema = z.object({
  name: requiredText("Name", 100),
  businessName: plainText("Business name", 100),
  bio: plainText("Bio", 500),
  contactEmail: optionalEmail,
  contactPhone: optionalPhone,
  instagram: plainText("Instagram", 200),
  facebook: plainText("Facebook", 200),
  website: plainText("Website", 200),
  /** One link per line, e.g. from the order. */
  orderLinks: plainText("Order links", 4000),
});

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
