// Business lists and the lead pool: the shapes a form posts and a CSV row must have, shared by forms and actions.
import { z } from "~/schemas/zod";
import { oneLine } from "./fields";

/** A business type's id: what the admin's label becomes (lower case, hyphens). */
export const BUSINESS_TYPE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const BuyListSchema = z.object({
  businessType: z
    .string({ error: "Please choose a business type." })
    .trim()
    .max(60, "Please choose a business type.")
    .pipe(z.string().regex(BUSINESS_TYPE_ID, "Please choose a business type.")),
});

export const BusinessTypeSchema = z.object({
  label: z
    .string({ error: "Please enter the name of the business type." })
    .trim()
    .min(2, "Please enter the name of the business type.")
    .max(40, "The name of a business type is at most 40 characters.")
    // .pipe: the pattern runs only on a name within the cap.
    .pipe(
      z
        .string()
        .regex(/^[\p{L}\p{N}][\p{L}\p{N} &'-]*$/u, "Use letters, numbers, spaces, '&', '-' and apostrophes."),
    ),
});

/** Spaces, dots, dashes and brackets people type in phone numbers; what is left must be digits. */
export function normalisePhone(value: string) {
  return value.replace(/[\s().-]/g, "");
}

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} is longer than ${max} characters`)
    .pipe(oneLine(what))
    .transform((v) => v || null);

/** One lead as a CSV row gives it; cells are stored as typed (a CSV export neutralises formulas). */
export const LeadRowSchema = z.object({
  business_name: z
    .string()
    .trim()
    .min(1, "business_name is empty")
    .max(120, "business_name is longer than 120 characters")
    .pipe(oneLine("business_name")),
  contact_name: optionalText(80, "contact_name"),
  phone: z
    .string()
    .trim()
    .min(1, "phone is empty")
    .max(40, "phone is longer than 40 characters")
    .transform(normalisePhone)
    .refine((v) => /^\+?\d{7,15}$/.test(v), "phone is not a phone number"),
  email: optionalText(254, "email").refine(
    (v) => v === null || z.email().safeParse(v).success,
    "email is not an e-mail address",
  ),
  address: optionalText(200, "address"),
});
export type LeadRow = z.output<typeof LeadRowSchema>;
