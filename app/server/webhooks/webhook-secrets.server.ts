// Signing secrets, kept sealed: the worker needs them back to sign, the database never holds them bare.
import { seal, unseal } from "~/db/sealing";

const PURPOSE = "tapcard webhook signing secrets";

export const encryptWebhookSecret = (authSecret: string, secret: string) => seal(authSecret, PURPOSE, secret);

/** The secret back, or null when it was sealed with another AUTH_SECRET (the endpoint must be added again). */
export const decryptWebhookSecret = (authSecret: string, stored: string) =>
  unseal(authSecret, PURPOSE, stored);
