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
  signIn: { max: 10, windowSeconds: 15 * 60 },
  register: { max: 10, windowSeconds: 60 * 60 },
  passwordReset: { max: 5, windowSeconds: 60 * 60 },
  contact: { max: 5, windowSeconds: 60 * 60 },
  /** New carts per client address: a cart costs a row, and a stranger must not fill the table. */
  newCart: { max: 30, windowSeconds: 60 * 60 },
  /** Orders placed, counted per client address and per recipient e-mail: each one sends an e-mail. */
  placeOrder: { max: 10, windowSeconds: 60 * 60 },
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

/** A sign-in form counts each attempt per client address and per account; both must be within the limit. */
export async function allowSignInAttempt(
  db: DbOrTx,
  form: "sign-in" | "admin-sign-in",
  ip: string,
  email: string,
) {
  const perAddress = await hitRateLimit(db, `${form}:ip:${ip}`, LIMITS.signIn);
  const perAccount = await hitRateLimit(db, `${form}:email:${email}`, LIMITS.signIn);
  return perAddress.allowed && perAccount.allowed;
}
