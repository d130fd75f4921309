// Companies: the forms that create one and invite its people, and one row of the people CSV; shared by the forms and
// the actions. Every text is capped before a pattern reads it.
import { z } from "~/schemas/zod";
import { emailAddress, oneLine, optionalEmailAddress } from "./fields";

export const COMPANY_NAME_MAX_LENGTH = 100;
export const COMPANY_ROLE_CHOICES = ["member", "admin", "owner"] as const;

const PHONE_MESSAGE = "Phone numbers should only contain numbers and optionally a + character.";

/** An optional single line: trimmed, capped, blank becomes undefined. */
const optionalLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .pipe(oneLine(label))
    .optional()
    .transform((v) => v || undefined);

const optionalPhone = z
  .string()
  .trim()
  .max(31, PHONE_MESSAGE)
  .pipe(z.string().refine((v) => !v || /^\+?[0-9 ]{3,30}$/.test(v), PHONE_MESSAGE))
  .optional()
  .transform((v) => v || undefined);

const optionalWebsite = z
  .string()
  .trim()
  .max(200, "Website is too long")
  .pipe(
    z
      .string()
      .refine(
        (v) => !v || /^https?:\/\/[^\s/]+\.[^\s]*$/i.test(v),
        "Enter a full web address starting with https://",
      ),
  )
  .optional()
  .transform((v) => (v ? new URL(v).href : undefined));

export const CreateCompanySchema = z.object({
  name: z
    .string({ error: "Company name is required" })
    .trim()
    .min(2, "Company name is required")
    .max(COMPANY_NAME_MAX_LENGTH, "Company name is too long")
    .pipe(oneLine("Company name")),
  website: optionalWebsite,
  address: optionalLine("Address", 200),
  contactEmail: optionalEmailAddress("Invalid email address"),
});

const role = z.enum(COMPANY_ROLE_CHOICES, { error: "Choose a role" });

export const InviteMemberSchema = z.object({
  email: emailAddress(
    { required: "Email is required", invalid: "Invalid email address" },
    { lowerCase: true },
  ),
  role: role.default("member"),
  name: optionalLine("Name", 100),
  jobTitle: optionalLine("Job title", 100),
  phone: optionalPhone,
});

export const SetMemberRoleSchema = z.object({
  memberId: z.string().trim().min(1).max(64),
  role,
});

/** One person as a row of the people CSV gives them; the messages name the column, as the file does. */
export const MemberRowSchema = z.object({
  name: z.string().trim().max(100, "name is longer than 100 characters").pipe(oneLine("name")),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "email is empty")
    .max(254, "email is longer than 254 characters")
    .pipe(z.string().refine((v) => z.email().safeParse(v).success, "email is not an e-mail address")),
  job_title: z.string().trim().max(100, "job_title is longer than 100 characters").pipe(oneLine("job_title")),
  phone: z
    .string()
    .trim()
    .max(31, "phone is longer than 31 characters")
    .pipe(z.string().refine((v) => !v || /^\+?[0-9 ]{3,30}$/.test(v), "phone is not a phone number")),
});
export type MemberRow = z.output<typeof MemberRowSchema>;
