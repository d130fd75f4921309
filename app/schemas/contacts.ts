// The Contacts detail page's form: 'Add to prospects' names the business type the new prospect gets (the page
// preselects a default). Capped before any pattern; the server checks it is a known type.
import { z } from "~/schemas/zod";

export const AddContactToProspectsSchema = z.object({
  businessType: z
    .string()
    .trim()
    .max(60, "Choose a business type")
    .optional()
    .transform((v) => (v ? v : undefined)),
});
