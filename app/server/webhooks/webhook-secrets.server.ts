// Signing secrets, kept encrypted: the worker needs them back to sign, the database never holds them bare.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const secretKey = (authSecret: string) =>
  Buffer.from(hkdfSync("sha256", authSecret, "", "tapcard webhook signing secrets", 32));

export function encryptWebhookSecret(authSecret: string, secret: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secretKey(authSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

/** The secret back, or null when it was sealed with another AUTH_SECRET (the endpoint must be added again). */
export function decryptWebhookSecret(authSecret: string, stored: string) {
  if (!stored.startsWith("v1.")) return null;
  try {
    const raw = Buffer.from(stored.slice(3), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", secretKey(authSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
