// The form a card page's visitor fills in to share their details with the card's owner (/{slug}/connect). Every
// field is capped in length before any pattern sees it.
import { isEmailAddress, oneLine, oneLineMessage } from "~/schemas/fields";
import { z } from "~/schemas/zod";

export const SHARE_LIMITS = { name: 100, email: 254, phone: 40, company: 100, jobTitle: 100, note: 500 };

export const SHARE_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${SHARE_LIMITS.name} characters`,
  nameOneLine: oneLineMessage("Name"),
  emailInvalid: "Invalid email address",
  phoneInvalid: "Invalid phone number",
  emailOrPhone: "Enter an e-mail address or a phone number",
  companyTooLong: `Company must be at most ${SHARE_LIMITS.company} characters`,
  jobTitleTooLong: `Job title must be at most ${SHARE_LIMITS.jobTitle} characters`,
  noteTooLong: `Note must be at most ${SHARE_LIMITS.note} characters`,
  consent: "Please tick the box to agree",
} as const;

/** Optional text: trimmed, capped, blank becomes undefined; a company or job title is one line. */
const optionalText = (max: number, tooLong: string, singleLine?: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .pipe(singleLine ? oneLine(singleLine) : z.string())
    .optional()
    .transform((v) => v || undefined);

/** Spaces, dots, dashes and brackets people type in phone numbers; what is left must be 7 to 15 digits. */
const PHONE_PUNCTUATION = /[\s().-]/g;

export const ShareContactSchema = z
  .object({
    name: z
      .string({ error: SHARE_MESSAGES.nameRequired })
      .trim()
      .max(SHARE_LIMITS.name, SHARE_MESSAGES.nameTooLong)
      .pipe(z.string().min(1, SHARE_MESSAGES.nameRequired).pipe(oneLine("Name", SHARE_MESSAGES.nameOneLine))),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(SHARE_LIMITS.email, SHARE_MESSAGES.emailInvalid)
      .pipe(z.string().refine((v) => v === "" || isEmailAddress(v), SHARE_MESSAGES.emailInvalid))
      .optional()
      .transform((v) => v || undefined),
    phone: z
      .string()
      .trim()
      .max(SHARE_LIMITS.phone, SHARE_MESSAGES.phoneInvalid)
      .pipe(
        z
          .string()
          .refine(
            (v) => v === "" || /^\+?\d{7,15}$/.test(v.replace(PHONE_PUNCTUATION, "")),
            SHARE_MESSAGES.phoneInvalid,
          ),
      )
      .optional()
      .transform((v) => v || undefined),
    company: optionalText(SHARE_LIMITS.company, SHARE_MESSAGES.companyTooLong, "Company"),
    jobTitle: optionalText(SHARE_LIMITS.jobTitle, SHARE_MESSAGES.jobTitleTooLong, "Job title"),
    note: optionalText(SHARE_LIMITS.note, SHARE_MESSAGES.noteTooLong),
    consent: z.literal("on", { error: SHARE_MESSAGES.consent }),
  })
  // On the object's whole input, so the message shows beside the others, not only once they are fixed.
  .refine((v) => Boolean(v.email || v.phone), {
    path: ["email"],
    message: SHARE_MESSAGES.emailOrPhone,
    when: (payload) => {
      const raw = payload.value as Record<string, unknown> | undefined;
      const blank = (x: unknown) => typeof x !== "string" || x.trim() === "";
      return Boolean(raw && blank(raw.email) && blank(raw.phone));
    },
  });

export type ShareContactInput = z.infer<typeof ShareContactSchema>;

/** The form's fields in the order they are shown. */
export const SHARE_FIELDS = ["name", "email", "phone", "company", "jobTitle", "note", "consent"] as const;
export type ShareField = (typeof SHARE_FIELDS)[number];
