// Fields shared by the form schemas. Each caps the length of what was posted before any pattern, refinement or
// transform sees it (zod runs a refinement even after max() has failed; only pipe() stops it), so no posted
// value can keep a check busy.
import { z } from "~/schemas/zod";

/** The longest address mail can be delivered to (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** The address rule of every form: the one the account system and the mailer accept, a linear-time pattern. */
const ADDRESS = z.email();

export function isEmailAddress(value: string) {
  return value.length <= EMAIL_MAX_LENGTH && ADDRESS.safeParse(value).success;
}

/** A required e-mail address with the form's own messages; account forms also lower-case it. */
export function emailAddress(
  messages: { required: string; invalid: string },
  opts: { lowerCase?: boolean } = {},
) {
  const trimmed = z.string({ error: messages.required }).trim();
  return (opts.lowerCase ? trimmed.toLowerCase() : trimmed)
    .min(1, messages.required)
    .max(EMAIL_MAX_LENGTH, messages.invalid)
    .pipe(z.string().refine(isEmailAddress, messages.invalid));
}

/** An optional e-mail address (lower-cased): blank becomes undefined. */
export function optionalEmailAddress(invalid: string) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH, invalid)
    .pipe(z.string().refine((v) => v === "" || isEmailAddress(v), invalid))
    .optional()
    .transform((v) => (v ? v : undefined));
}

/**
 * What has no place in a single-line field (a name, company, job title, title, label): line breaks, tabs and every
 * other control character (C0, DEL, C1), and the Unicode line and paragraph separators. Such a value is one line
 * wherever it is shown, e-mailed, put in a vCard or exported.
 */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029]/u;

export function isOneLine(value: string) {
  return !NOT_ONE_LINE.test(value);
}

export const oneLineMessage = (label: string) => `${label} must be a single line of text`;

/** The one-line rule, for .pipe() behind a field's length cap (line breaks at either end are trimmed first). */
export function oneLine(label: string, message = oneLineMessage(label)) {
  return z.string().refine(isOneLine, message);
}

const PHONE_MESSAGE = "Phone numbers should only contain numbers and optionally a + character.";

/** An optional phone number as a card shows it: digits and spaces, a leading +; blank becomes undefined. */
export const optionalPhone = z
  .string()
  .trim()
  .max(31, PHONE_MESSAGE)
  .pipe(z.string().refine((v) => !v || /^\+?[0-9 ]{3,30}$/.test(v), PHONE_MESSAGE))
  .optional()
  .transform((v) => (v ? v : undefined));
