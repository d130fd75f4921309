// What e-mail a customer agreed to receive (Settings → Notifications), and the signed links in the weekly digests
// that turn them off without signing in (docs/product.md#notifications).
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { customerPreferences, users } from "~/db/schema";
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from "~/schemas/notifications";
import type { DbOrTx } from "../platform/db.server";

const columns = {
  emailNotifications: customerPreferences.emailNotifications,
  cardTapsDigest: customerPreferences.cardTapsDigest,
  linkClicksDigest: customerPreferences.linkClicksDigest,
  marketingUpdates: customerPreferences.marketingUpdates,
  newContactEmails: customerPreferences.newContactEmails,
};

/** The account's choices; an account that never saved any has the defaults. */
export async function getNotificationPreferences(
  db: DbOrTx,
  userId: string,
): Promise<NotificationPreferences> {
  const [row] = await db
    .select(columns)
    .from(customerPreferences)
    .where(eq(customerPreferences.userId, userId));
  return row ?? DEFAULT_NOTIFICATION_PREFERENCES;
}

/**
 * Saves the notification choices. The row also holds the saved delivery address (Billing), which this never
 * touches: one upsert of these columns only.
 */
export async function saveNotificationPreferences(
  db: DbOrTx,
  userId: string,
  preferences: Partial<NotificationPreferences>,
) {
  await db
    .insert(customerPreferences)
    .values({ ...DEFAULT_NOTIFICATION_PREFERENCES, ...preferences, userId })
    .onConflictDoUpdate({ target: customerPreferences.userId, set: preferences });
}

// --- Unsubscribe links ---

/** Keeps the signature of these links apart from any other use of the auth secret. */
const PURPOSE = "weekly-digest-unsubscribe";
/** A user id and a base64url SHA-256 signature are far shorter; anything longer is refused unread. */
const UNSUBSCRIBE_TOKEN_MAX_LENGTH = 200;

function signature(secret: string, userId: string) {
  return createHmac("sha256", secret).update(`${PURPOSE}:${userId}`).digest("base64url");
}

/**
 * The token of an account's unsubscribe link: its id and an HMAC of it with the auth secret. It never expires
 * (an unsubscribe link must keep working) and it can only turn digests off, so it needs no row of its own.
 */
export function unsubscribeToken(secret: string, userId: string) {
  return `${userId}.${signature(secret, userId)}`;
}

/** The account a token was made for, or null when it is malformed or its signature is not ours. */
function verifyUnsubscribeToken(secret: string, token: unknown): string | null {
  if (typeof token !== "string" || token.length > UNSUBSCRIBE_TOKEN_MAX_LENGTH) return null;
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, userId));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return userId;
}

/** The account behind a valid token, for the confirmation page; null when the token or account is gone. */
export async function unsubscribeAccount(db: DbOrTx, secret: string, token: unknown) {
  const userId = verifyUnsubscribeToken(secret, token);
  if (!userId) return null;
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** Turns both weekly digests off for the token's account; false when the token is not valid. */
export async function unsubscribeFromDigests(db: DbOrTx, secret: string, token: unknown) {
  const user = await unsubscribeAccount(db, secret, token);
  if (!user) return false;
  await saveNotificationPreferences(db, user.id, { cardTapsDigest: false, linkClicksDigest: false });
  return true;
}
