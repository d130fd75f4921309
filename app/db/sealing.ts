// Secrets the shop must read back (webhook signing secrets, identity providers' settings) are sealed with
// AES-256-GCM under a key derived from AUTH_SECRET, one key per purpose, so the database never holds them bare.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const keyFor = (authSecret: string, purpose: string) =>
  Buffer.from(hkdfSync("sha256", authSecret, "", purpose, 32));

export function seal(authSecret: string, purpose: string, text: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(authSecret, purpose), iv);
  const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

/** The text back, or null when it was sealed with another AUTH_SECRET or altered. */
export function unseal(authSecret: string, purpose: string, stored: string) {
  if (!stored.startsWith("v1.")) return null;
  try {
    const raw = Buffer.from(stored.slice(3), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", keyFor(authSecret, purpose), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
