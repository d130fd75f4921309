// Fixed-window rate limits kept in the database, so every app process shares them (DESIGN.md section 7).
import { sql } from "drizzle-orm";
import { rateLimits } from "~/db/schema";
import type { DbOrTx } from "./db.server";

export interface Limit {
  /** How many hits a window allows. */
  max: number;
  windowSeconds: number;
}

export const LIMITS = {
  /** Per client address: what stops one machine guessing passwords across accounts. */
  signIn: { max: 10, windowSeconds: 15 * 60 },
  /**
   * Per account: a short back-off, so a stranger who types wrong passwords for someone's e-mail locks that
   * account for a minute at most, while guessing stays slow.
   */
  signInPerAccount: { max: 5, windowSeconds: 60 },
  register: { max: 10, windowSeconds: 60 * 60 },
  passwordReset: { max: 5, windowSeconds: 60 * 60 },
  contact: { max: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/** Counts one hit for key; returns whether it is still within the limit. One atomic upsert, no read-then-write. */
export async function hitRateLimit(db: DbOrTx, key: string, limit: Limit) {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${limit.windowSeconds}) then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${limit.windowSeconds}) then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return { allowed: row!.count <= limit.max };
}

export const SIGN_IN_REFUSED = {
  address: "Too many sign-in attempts. Please wait 15 minutes and try again.",
  account: "Too many sign-in attempts for this account. Please wait a minute and try again.",
} as const;

/**
 * A sign-in form counts each attempt per client address, then, if that allows it, per account. Returns why
 * the attempt is refused, or null. An address that is already refused does not count against the account,
 * so a blocked stranger cannot keep someone else's account locked.
 */
export async function checkSignInAttempt(
  db: DbOrTx,
  form: "sign-in" | "admin-sign-in",
  ip: string,
  email: string,
): Promise<keyof typeof SIGN_IN_REFUSED | null> {
  if (!(await hitRateLimit(db, `${form}:ip:${ip}`, LIMITS.signIn)).allowed) return "address";
  if (!(await hitRateLimit(db, `${form}:email:${email}`, LIMITS.signInPerAccount)).allowed) return "account";
  return null;
}
