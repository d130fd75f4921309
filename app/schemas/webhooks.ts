// Settings → Integrations: the add-endpoint form. The URL is capped before it is parsed; the server then
// normalises it and applies the address rules (app/server/webhooks/address-guard.server.ts).
import { z } from "~/schemas/zod";

export const WEBHOOK_URL_MAX_LENGTH = 500;

export const AddWebhookEndpointSchema = z.object({
  url: z
    .string({ error: "Enter the URL that receives the events" })
    .trim()
    .max(WEBHOOK_URL_MAX_LENGTH, {
      message: `The URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
      abort: true,
    })
    .refine((v) => /^https?:\/\//i.test(v), "Enter a full URL starting with https://"),
});
