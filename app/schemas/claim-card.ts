// The 'Add a card to my account' form on the dashboard's Cards section: card number and the card's edit password.
import { z } from "~/schemas/zod";
import { normaliseCardNumber } from "./update-request-options";

const CARD_NUMBER_MESSAGE = "Please enter a valid card number (WC + 4 digits)";

export const ClaimCardSchema = z.object({
  cardNumber: z
    .string({ error: "Please enter your card number" })
    .max(32, CARD_NUMBER_MESSAGE)
    .transform(normaliseCardNumber)
    .pipe(z.string().regex(/^WC\d{4}$/, CARD_NUMBER_MESSAGE)),
  password: z
    .string({ error: "Please enter the card's edit password" })
    .max(128, "Edit password must be at most 128 characters"),
});
