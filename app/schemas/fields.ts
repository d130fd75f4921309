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
