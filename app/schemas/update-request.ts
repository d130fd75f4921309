// The 'Update Your Card' form (specification sections 2 and 5), shared by the form and the cart action.
import { z } from "~/schemas/zod";
import { normalizeLinkUrl } from "~/utils/card-links";
import { emailAddress, oneLine } from "./fields";
import { linkProblem } from "./link-rules";

/** The platform of an update link, as the link rules know it (e-mail and phone numbers have their own). */
export function updatePlatformRule(platform: string) {
  if (platform === "Email") return "email";
  if (platform === "Phone") return "phone";
  if (platform === "WhatsApp") return "whatsapp";
  return "website";
}

export const UpdateRequestSchema = z
  .object({
    cardNumber: z
      .string({ error: "Please enter your complete 6-character card number" })
      .trim()
      .toUpperCase()
      .length(6, "Please enter your complete 6-character card number")
      .pipe(z.string().regex(/^WC\d{4}$/, "Please enter a valid card number (WC + 4 digits)")),
    name: z
      .string({ error: "Name is required" })
      .trim()
      .min(1, "Name is required")
      .max(100, "Name must be at most 100 characters")
      .pipe(oneLine("Name")),
    email: emailAddress({
      required: "Please enter a valid email address",
      invalid: "Please enter a valid email address",
    }),
    updateType: z.enum(["add-link", "remove-link", "change-image"]).default("add-link"),
    platform: z.string().trim().max(40).pipe(oneLine("Platform")).optional(),
    url: z.string().trim().max(2000).optional(),
    linkToRemove: z.string().trim().max(2000).pipe(oneLine("The link to remove")).optional(),
    editPassword: z.string().max(200).optional(),
    // The image itself is checked on the server (type, 5 MB, decoded and re-encoded).
    image: z.any().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.updateType === "add-link") {
      if (!v.platform || !v.url) {
        ctx.addIssue({
          code: "custom",
          path: ["url"],
          message: "Please select a platform and enter a URL",
        });
        return;
      }
      // Refused for its length above: no pattern reads it.
      if (v.url.length > 2000) return;
      const problem = linkProblem(updatePlatformRule(v.platform), v.url);
      if (problem) ctx.addIssue({ code: "custom", path: ["url"], message: problem });
    }
    if (v.updateType === "remove-link" && !v.linkToRemove)
      ctx.addIssue({
        code: "custom",
        path: ["linkToRemove"],
        message: "Please enter the link you want to remove",
      });
    if (v.updateType === "change-image") {
      const file = v.image as { size?: number } | undefined | string;
      if (!file || typeof file === "string" || !file.size)
        ctx.addIssue({ code: "custom", path: ["image"], message: "Please upload a new profile image" });
    }
  })
  // A web address to add is kept in the form it will have on the card (e-mail and phone as typed).
  .transform((v) =>
    v.updateType === "add-link" && v.url && updatePlatformRule(v.platform ?? "") === "website"
      ? { ...v, url: normalizeLinkUrl(v.url) }
      : v,
  );
export type UpdateRequestInput = z.infer<typeof UpdateRequestSchema>;
