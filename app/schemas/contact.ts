// The contact form (docs/product.md#forms-and-messages), checked by the action; the page's script only
// keeps Send disabled while a required field is empty.
import { z } from "~/schemas/zod";
import { emailField, requiredString } from "./auth";
import { CONTACT_SUBJECTS, type ContactSubject } from "./contact-subjects";
import { oneLine } from "./fields";

/** The longest text any form takes: the contact form's message. */
export const MESSAGE_MAX_LENGTH = 5000;

/** The name of a field no person sees; simple bots fill it in, and the action then drops the message. */
export const CONTACT_HONEYPOT = "website";

const subjectValues = CONTACT_SUBJECTS.map((s) => s.value) as [ContactSubject, ...ContactSubject[]];

/** An optional single line: trimmed, capped, blank becomes undefined. */
const optionalText = (label: string, max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .pipe(oneLine(label))
    .optional()
    .transform((v) => v || undefined);

export const ContactSchema = z
  .object({
    name: requiredString("Name is required").pipe(
      z.string().max(100, "Name is too long").pipe(oneLine("Name")),
    ),
    email: emailField,
    subject: z.enum(subjectValues, { error: "Please choose a subject" }),
    customSubject: optionalText("Subject", 150, "Subject is too long"),
    orderNumber: optionalText("Order number", 20, "Order number is too long"),
    message: requiredString("Message is required").pipe(
      z.string().max(MESSAGE_MAX_LENGTH, "Message is too long"),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.subject === "custom" && !v.customSubject)
      ctx.addIssue({ code: "custom", path: ["customSubject"], message: "Please specify the subject" });
    if (v.subject === "delivery" && !v.orderNumber)
      ctx.addIssue({ code: "custom", path: ["orderNumber"], message: "Order number is required" });
  });

export type ContactInput = z.infer<typeof ContactSchema>;

/** The subject as the team reads it: the label, or the sender's own words for 'Other'. */
export function subjectText(v: Pick<ContactInput, "subject" | "customSubject">) {
  if (v.subject === "custom") return v.customSubject ?? "Other";
  return CONTACT_SUBJECTS.find((s) => s.value === v.subject)!.label;
}
