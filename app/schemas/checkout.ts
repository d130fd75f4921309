// The delivery form of the checkout (specification section 5) and the payment choice.
import { DELIVERY_OPTION_IDS, UK_COUNTRY } from "~/delivery-options";
import { z } from "~/schemas/zod";
import { countryCodeFor } from "~/utils/countries";
import { emailAddress, oneLine } from "./fields";

/** A required line of the address: 'Full name' gives 'Full name is required'. */
const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(200, "This field is too long")
    .pipe(oneLine(label));

export const DeliverySchema = z.object({
  fullName: required("Full name"),
  email: emailAddress({ required: "Email is required", invalid: "Invalid email address" }),
  phone: required("Phone number"),
  addressLine1: required("Address"),
  addressLine2: z.string().trim().max(200).pipe(oneLine("Address line 2")).optional(),
  city: required("City"),
  postalCode: required("Postal code"),
  country: required("Country")
    // An ISO 3166-1 code from the select; an address saved when Country was free text is read by its name.
    .transform((value, ctx) => {
      const code = countryCodeFor(value);
      if (code) return code;
      ctx.addIssue({ code: "custom", message: COUNTRY_NOT_LISTED });
      return z.NEVER;
    }),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const COUNTRY_NOT_LISTED = "Please choose your country from the list";

export const DEFAULT_COUNTRY = UK_COUNTRY;

/** The checkout's delivery step: the address and how to post the card (refused later if it does not serve the country). */
export const CheckoutDeliverySchema = DeliverySchema.extend({
  deliveryOption: z.enum(DELIVERY_OPTION_IDS, { error: "Please choose a delivery option" }).optional(),
});

export const PAYMENT_METHODS = ["card", "bank_transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PaymentChoiceSchema = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, { error: "Please choose how to pay" }),
});

export const CHECKOUT_MESSAGES = {
  emptyCart: "Please add at least one card to your cart before checking out.",
  noValidLinks: "Card has no valid links. Please add at least one link.",
  failed: "An error occurred during checkout. Please try again.",
  noUrl: "No checkout URL received from payment processor",
  invalidUrl: "Invalid checkout URL received",
  sessionFailed: "Failed to create checkout session",
  bankTransferOff: "Bank transfer is not available. Please pay by card.",
  tooManyOrders: "Too many orders in the last hour. Please try again later, or contact us if you need help.",
} as const;
