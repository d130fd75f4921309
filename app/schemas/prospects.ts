// Cold Calling's prospect forms (add by hand, change status, add a note) and the row rules a CSV import shares
// with the add form. Every text is capped before any pattern looks at it (a failed cap aborts, or pipes into the
// pattern). The form parser turns a blank string into undefined at every string schema, piped ones included, so
// a piped required string carries the 'required' message again.
import { z } from "~/schemas/zod";
import { oneLine, optionalEmailAddress } from "./fields";
import { PROSPECT_LIMITS, PROSPECT_STATUSES } from "./prospect-options";

const hasControlCharacter = (v: string) =>
  [...v].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** Optional one-line text: trimmed, capped, no control characters; blank becomes undefined. */
function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .pipe(oneLine(label))
    .optional()
    .transform((v) => (v ? v : undefined));
}

/** Digits with the usual separators; at least 6 digits so 'n/a' or '-' is not taken for a number. */
const PHONE_PATTERN = /^\+?[0-9 ().-]+$/;

/** The fields of one prospect, whether typed into the form or read from a CSV row. */
export const ProspectFieldsSchema = z.object({
  businessName: z
    .string({ error: "Enter the business name" })
    .trim()
    .max(
      PROSPECT_LIMITS.businessName,
      `Business name must be at most ${PROSPECT_LIMITS.businessName} characters`,
    )
    .pipe(
      z
        .string({ error: "Enter the business name" })
        .min(1, "Enter the business name")
        .pipe(oneLine("Business name")),
    ),
  contactName: optionalText("Contact name", PROSPECT_LIMITS.contactName),
  phone: z
    .string()
    .trim()
    .max(PROSPECT_LIMITS.phone, {
      message: `Phone must be at most ${PROSPECT_LIMITS.phone} characters`,
      abort: true,
    })
    .refine(
      (v) => v === "" || (PHONE_PATTERN.test(v) && v.replace(/\D/g, "").length >= 6),
      "Phone numbers should only contain numbers and optionally a + character.",
    )
    .optional()
    .transform((v) => (v ? v : undefined)),
  email: optionalEmailAddress("Enter a valid e-mail address"),
  address: optionalText("Address", PROSPECT_LIMITS.address),
  businessType: z
    .string({ error: "Choose a business type" })
    .trim()
    .max(60, "Choose a business type")
    .pipe(z.string({ error: "Choose a business type" }).min(1, "Choose a business type")),
});
export type ProspectFields = z.output<typeof ProspectFieldsSchema>;

/** A posted prospect id: capped; its shape and owner are checked by the server, which answers 404. */
const prospectId = z
  .string({ error: "Prospect is missing" })
  .trim()
  .min(1, "Prospect is missing")
  .max(36, "Prospect not found");

export const AddProspectSchema = ProspectFieldsSchema;

export const SetProspectStatusSchema = z.object({
  prospectId,
  status: z.enum(PROSPECT_STATUSES, { error: "Choose a status" }),
});

export const AddProspectNoteSchema = z.object({
  prospectId,
  note: z
    .string({ error: "Write a note" })
    .trim()
    .max(PROSPECT_LIMITS.note, `A note must be at most ${PROSPECT_LIMITS.note} characters`)
    .pipe(
      z
        .string({ error: "Write a note" })
        .min(1, "Write a note")
        // Line breaks and tabs are fine in a note; other control characters are not.
        .refine(
          (v) => !hasControlCharacter(v.replace(/[\t\r\n]/g, "")),
          "A note may not contain control characters",
        ),
    ),
});
