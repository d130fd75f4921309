// Settings, Profile tab: one schema per form (profile details, avatar, e-mail change), checked by the
// action. Every text field is capped before anything else looks at it.
import { z } from "~/schemas/zod";
import { currentPassword, twoFactorCode } from "./account";
import { IMAGE_MAX_BYTES } from "./card-page";
import { emailAddress, isOneLine, oneLineMessage } from "./fields";
import { PROFILE_LIMITS } from "./profile-limits";

/** Control characters (tabs and line breaks aside) have no place in a name, a bio or a place. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern is exactly the control characters
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Trimmed text with line breaks as "\n" (browsers post "\r\n"). The raw value is capped first (line breaks may
 * count twice there), so nothing else runs on an over-long post; the clean value then gets the real cap.
 */
const text = (label: string, max: number, opts: { required?: boolean; singleLine?: boolean } = {}) =>
  z
    .string({ error: `${label} is required` })
    .max(max * 2, `${label} must be at most ${max} characters`)
    .transform((raw, ctx) => {
      const value = raw.replace(/\r\n?/g, "\n").trim();
      const problem =
        value.length > max
          ? `${label} must be at most ${max} characters`
          : opts.required && !value
            ? `${label} is required`
            : opts.singleLine && !isOneLine(value)
              ? oneLineMessage(label)
              : CONTROL.test(value)
                ? `${label} contains characters that are not allowed`
                : null;
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return value;
    });

/** Blank (posted empty or not at all) is saved as no value. */
const optionalText = (label: string, max: number, opts: { singleLine?: boolean } = {}) =>
  text(label, max, opts)
    .optional()
    .transform((v) => v ?? "");

export const ProfileSchema = z.object({
  firstName: text("First name", PROFILE_LIMITS.firstName, { required: true, singleLine: true }),
  lastName: optionalText("Last name", PROFILE_LIMITS.lastName, { singleLine: true }),
  bio: optionalText("Bio", PROFILE_LIMITS.bio),
  location: optionalText("Location", PROFILE_LIMITS.location, { singleLine: true }),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

export const AVATAR_MESSAGES = {
  notAnImage: "Please select an image file",
  tooLarge: "Image should be less than 5MB",
} as const;

/** The file is checked here for presence and size; its content is checked by the server's image rule. */
export const AvatarSchema = z.object({
  avatar: z
    .instanceof(File, { error: AVATAR_MESSAGES.notAnImage })
    .refine((f) => f.size > 0, AVATAR_MESSAGES.notAnImage)
    .refine((f) => f.size <= IMAGE_MAX_BYTES, AVATAR_MESSAGES.tooLarge),
});

/** The password, and with two-factor on a code too: a signed-in browser alone cannot move the account away. */
export const ChangeEmailSchema = z.object({
  newEmail: emailAddress(
    { required: "Please enter the new e-mail address", invalid: "Invalid email address" },
    { lowerCase: true },
  ),
  password: currentPassword,
  code: twoFactorCode.optional(),
});

/**
 * users.name holds one name. The form shows it as first name = up to the first space, last name = the rest,
 * and joins them back with one space, so a name saved unchanged comes back unchanged.
 */
export function splitName(name: string) {
  const clean = name.trim().replace(/\s+/g, " ");
  const space = clean.indexOf(" ");
  if (space < 0) return { firstName: clean, lastName: "" };
  return { firstName: clean.slice(0, space), lastName: clean.slice(space + 1) };
}

export function joinName(firstName: string, lastName: string) {
  return [firstName, lastName]
    .map((part) => part.trim().replace(/\s+/g, " "))
    .filter(Boolean)
    .join(" ");
}
