// The admin's 'Mark paid out' form: whose completed commissions were paid, the amount the admin saw and the
// reference the money was sent with.
import { z } from "~/schemas/zod";
import { isOneLine } from "./fields";

export const PAYOUT_REFERENCE_MAX = 100;

export const PayoutSchema = z.object({
  referrerUserId: z.string({ error: "Choose a referrer" }).trim().min(1).max(100),
  /** The amount owed as the admin saw it, in pence: if it has changed since, nothing is paid. */
  amount: z
    .string({ error: "The amount owed is missing" })
    .max(12)
    .pipe(z.string().regex(/^\d{1,9}$/, "The amount owed is missing"))
    .transform(Number),
  reference: z
    .string({ error: "Enter the payment reference" })
    .trim()
    .max(PAYOUT_REFERENCE_MAX, `The reference must be at most ${PAYOUT_REFERENCE_MAX} characters`)
    .pipe(
      z
        .string()
        .min(1, "Enter the payment reference")
        .refine(isOneLine, "The reference may not contain control characters"),
    ),
});
