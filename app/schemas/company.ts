// Companies: the forms that create one and invite its people, and one row of the people CSV; shared by the forms and
// the actions. Every text is capped before a pattern reads it.
import { z } from "~/schemas/zod";
import { CardLinkSchema } from "./card-page";
import { emailAddress, oneLine, optionalEmailAddress, optionalPhone } from "./fields";

export const COMPANY_NAME_MAX_LENGTH = 100;
export const COMPANY_ROLE_CHOICES = ["member", "admin", "owner"] as const;

/** An optional single line: trimmed, capped, blank becomes undefined. */
const optionalLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .pipe(oneLine(label))
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
        (v) => !v || (/^https?:\/\/[^\s/]+\.[^\s]*$/i.test(v) && URL.canParse(v)),
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

/** The fields of a member's company card the company decides about, in the order forms show them. */
export const MEMBER_FIELDS = ["jobTitle", "phone", "bio"] as const;
export type MemberField = (typeof MEMBER_FIELDS)[number];
export const MEMBER_FIELD_LABELS: Record<MemberField, string> = {
  jobTitle: "Job title",
  phone: "Phone",
  bio: "Bio",
};
export const FIELD_POLICIES = ["editable", "required", "locked"] as const;
export type FieldPolicy = (typeof FIELD_POLICIES)[number];

/**
 * A company's look for its members' cards: for each member field whether the member may change it, must fill it
 * or has it set by the company (the company's phone and bio for everyone when given; a locked job title is the one
 * an admin gave the member), and whether the design of one of its cards is everyone's.
 */
export interface CompanyTemplate {
  policies: Record<MemberField, FieldPolicy>;
  phone: string | null;
  bio: string | null;
  /** A stored card design (app/utils/card-design), or null: each member keeps their own. */
  design: object | null;
  /** What a departed member's card says under '{name} no longer works at {company}'; null: 'Contact {company}: …'. */
  fallback?: string | null;
  /**
   * The company's links, first on every member's card: a locked one the member cannot change, hide, move or
   * remove; an editable one is given to each card once, and is then the member's.
   */
  links?: CompanyLink[];
}

export interface CompanyLink {
  /** Kept while the link's address stays, so a changed title updates the link on every card. */
  id: string;
  title: string;
  url: string;
  locked: boolean;
}

/** Links a company's template may hold. */
export const COMPANY_LINKS_MAX = 5;
export const COMPANY_LINK_POLICIES = ["locked", "editable"] as const;

const companyLinkFields = CardLinkSchema.pick({ title: true, url: true });

/** One of the template's link rows: blank is no link; otherwise a card link's rules hold. */
const companyLinkRow = z
  .object({
    title: z.string().max(200, "Link title is too long").optional(),
    url: z.string().max(2100, "URL is too long").optional(),
    policy: z.enum(COMPANY_LINK_POLICIES, { error: "Choose who sets the link" }).optional(),
  })
  .transform((row, ctx) => {
    if (!row.title?.trim() && !row.url?.trim()) return null;
    const parsed = companyLinkFields.safeParse(row);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return { ...parsed.data, locked: row.policy !== "editable" };
  });

export const FALLBACK_MAX_LENGTH = 300;

export const BIO_MAX_LENGTH = 500;

const optionalBio = z
  .string()
  .trim()
  .max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`)
  .optional()
  .transform((v) => v || undefined);

const policy = (label: string) =>
  z.enum(FIELD_POLICIES, { error: `Choose who sets the ${label.toLowerCase()}` });

export const CompanyTemplateSchema = z.object({
  jobTitlePolicy: policy("Job title"),
  phonePolicy: policy("Phone"),
  bioPolicy: policy("Bio"),
  phone: optionalPhone,
  bio: optionalBio,
  fallback: optionalLine("What a departed member's card says", FALLBACK_MAX_LENGTH),
  /** 'card': the design of the admin's own company card becomes everyone's; 'own': each member keeps theirs. */
  design: z.enum(["own", "card"], { error: "Choose whose design the cards have" }),
  links: z
    .array(companyLinkRow)
    .max(COMPANY_LINKS_MAX, `At most ${COMPANY_LINKS_MAX} company links`)
    .optional()
    .transform((rows) => (rows ?? []).filter((r) => r !== null)),
});

/** A member's own company card fields; the server then refuses any the company set. */
export const CompanyCardFieldsSchema = z.object({
  jobTitle: optionalLine("Job title", 100),
  phone: optionalPhone,
  bio: optionalBio,
});
