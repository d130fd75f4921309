// Card edit passwords, stored as scrypt hashes: generated here or by the admin, shown once, never stored plain.
// Checking one typed by a visitor is limited per card number (checkEditPassword).
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { DbOrTx } from "../platform/db.server";
import { giveBackRateLimitHit, hitRateLimit } from "../platform/rate-limit.server";
import { CARD_LIMITS } from "./limits.server";

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export async function hashEditPassword(password: string) {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32);
  return `scrypt$${salt.toString("base64")}$${hash.toString("base64")}`;
}

async function verifyEditPassword(password: string, stored: string) {
  const [kind, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64"), expected.length);
  return timingSafeEqual(actual, expected);
}

/** A hash no password matches, checked in place of a card that does not exist. */
let dummyHash: Promise<string> | undefined;

/**
 * An edit password typed for a card number by someone who is not proven its owner: the update form and 'Add a
 * card to my account' share one failure limit per number. The try is counted before the password work (so
 * guesses sent at once cannot pass the limit) and given back when the password is right. A number no card has
 * (`stored` null) is counted and hashed alike, so neither the answer nor the time it takes says whether the card
 * exists.
 */
export async function checkEditPassword(
  db: DbOrTx,
  cardNumber: string,
  password: string,
  stored: string | null,
): Promise<"right" | "wrong" | "limited"> {
  const key = `edit-password:card:${cardNumber}`;
  if (!(await hitRateLimit(db, key, CARD_LIMITS.editPasswordPerCard)).allowed) return "limited";
  dummyHash ??= hashEditPassword(randomBytes(16).toString("base64url"));
  const valid = await verifyEditPassword(password, stored ?? (await dummyHash));
  if (!valid || !stored) return "wrong";
  await giveBackRateLimitHit(db, key);
  return "right";
}
