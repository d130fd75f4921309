// Card page, shop and create-client forms: one schema each, for the browser's instant feedback and the
// action's truth. Messages: docs/product.md#forms-and-messages.
import { z } from "~/schemas/zod";
import { isLinkIcon, type LinkIcon, linkUrlProblem, normalizeLinkUrl } from "~/utils/card-links";
import { isUuid } from "~/utils/ids";
import { normalizeSlug, SLUG_INPUT_MAX_LENGTH, SLUG_MAX_LENGTH, slugProblem } from "~/utils/slug";
import { isOneLine, optionalEmailAddress, optionalPhone } from "./fields";

/** linkUrlProblem's own limit, checked here before it runs. */
export const LINK_URL_MAX_LENGTH = 2000;

const HTML_PATTERN = /<[a-z!/?]|&#?[a-z0-9]+;/i;

/** Control characters, but a bio or a list of links keeps its line breaks and tabs. */
const CONTROL_CHARACTERS_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

const noHtml = (label: string, lines: "one" | "many" = "one") =>
  z
    .string()
    .refine((v) => !HTML_PATTERN.test(v), `${label} must not contain HTML`)
    .refine(
      // A name or title is one line wherever it is shown or exported (fields.ts).
      (v) => (lines === "one" ? isOneLine(v) : !CONTROL_CHARACTERS_BUT_LINES.test(v)),
      lines === "one"
        ? `${label} must be a single line of text`
        : `${label} must not contain control characters`,
    );

/** Optional text: blank becomes undefined; HTML is refused rather than silently stripped. */
const plainText = (label: string, max: number, lines: "one" | "many" = "one") =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .pipe(noHtml(label, lines))
    .optional()
    .transform((v) => (v ? v : undefined));

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .pipe(noHtml(label));

const optionalEmail = optionalEmailAddress("Invalid email address");
/** The customer account that owns the card, by its e-mail; blank means none. */
const ownerEmail = optionalEmailAddress("Invalid email address");

const optionalId = z
  .string()
  .trim()
  .max(36, "Unknown item")
  .pipe(z.string().refine((v) => !v || isUuid(v), "Unknown item"))
  .optional()
  .transform((v) => (v ? v : undefined));

export const CardLinkSchema = z.object({
  id: optionalId,
  icon: z
    .string()
    .max(40, "Unknown icon")
    .optional()
    .transform((v): LinkIcon => (v && isLinkIcon(v) ? v : "globe")),
  title: requiredText("Link title", 100),
  url: z
    .string({ error: "URL is required" })
    .trim()
    .max(LINK_URL_MAX_LENGTH, "URL is too long")
    .pipe(
      z.string().superRefine((v, ctx) => {
        const problem = linkUrlProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    )
    // Stored as printable ASCII (punycode host, percent-encoded path), as the redirect's Location header needs.
    .transform(normalizeLinkUrl),
});
export type CardLinkInput = z.output<typeof CardLinkSchema>;

/**
 * The shape of the URL storeProfileImage produces. Whether it is this shop's own storage only the server knows:
 * it builds the card form's schemas with a check against its configuration (see cardPageSchemas).
 */
export const PROFILE_IMAGE_PATTERN = /\/profiles\/[a-f0-9]{32}\.webp$/;
const PROFILE_IMAGE_MESSAGE = "Please upload the image again";

const editPassword = z
  .string({ error: "Edit password is required" })
  .trim()
  .min(1, "Edit password is required")
  .min(8, "Edit password must be at least 8 characters")
  .max(128, "Edit password must be at most 128 characters");

/**
 * The card form's schemas for create and edit. The browser checks the image URL's shape only; the server
 * passes `isStoredImage`, which accepts only what its own storage serves.
 */
export function cardPageSchemas(isStoredImage: (url: string) => boolean = () => true) {
  const fields = {
    name: requiredText("Name", 100),
    businessName: plainText("Business name", 100),
    slug: z
      .string({ error: "Slug is required" })
      .max(SLUG_INPUT_MAX_LENGTH, `Slug must be at most ${SLUG_MAX_LENGTH} characters`)
      .pipe(
        z
          .string()
          .transform(normalizeSlug)
          .superRefine((v, ctx) => {
            const problem = slugProblem(v);
            if (problem) ctx.addIssue({ code: "custom", message: problem });
          }),
      ),
    contactEmail: optionalEmail,
    contactPhone: optionalPhone,
    shopId: optionalId,
    ownerEmail,
    profileImageUrl: z
      .string()
      .trim()
      .max(LINK_URL_MAX_LENGTH, PROFILE_IMAGE_MESSAGE)
      .pipe(
        z
          .string()
          .refine((v) => !v || (PROFILE_IMAGE_PATTERN.test(v) && isStoredImage(v)), PROFILE_IMAGE_MESSAGE),
      )
      .optional()
      .transform((v) => (v ? v : undefined)),
    bio: plainText("Bio", 500, "many"),
    links: z.array(CardLinkSchema).max(30, "A card page can have at most 30 links").default([]),
  };
  return {
    create: z.object({ ...fields, password: editPassword }),
    /** On edit a blank password keeps the current one. */
    edit: z.object({
      ...fields,
      password: z
        .string()
        .trim()
        .max(128, "Edit password must be at most 128 characters")
        .optional()
        .transform((v) => (v ? v : undefined))
        .pipe(editPassword.optional()),
    }),
  };
}

const inBrowser = cardPageSchemas();
export const CreateCardPageSchema = inBrowser.create;
export const EditCardPageSchema = inBrowser.edit;
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
  bio: plainText("Bio", 500, "many"),
  contactEmail: optionalEmail,
  contactPhone: optionalPhone,
  instagram: plainText("Instagram", 200),
  facebook: plainText("Facebook", 200),
  website: plainText("Website", 200),
  /** One link per line, e.g. from the order. */
  orderLinks: plainText("Order links", 4000, "many"),
  ownerEmail,
});

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
