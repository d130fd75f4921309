// Fixed-window rate limits kept in the database, so every app process shares them
// (docs/product.md#running-more-than-one-process).
import { sql } from "drizzle-orm";
import { rateLimits } from "~/db/schema";
import type { DbOrTx } from "./db.server";
import { addressKey } from "./rate-limit-address.server";

export interface Limit {
  /** How many hits a window allows. */
  max: number;
  windowSeconds: number;
}

/** The longest window a limit may have: counters older than this are dropped (pruneRateLimits). */
const LONGEST_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * A domain's named limits (each domain keeps its own in its limits.server.ts). Refuses a window longer than a day
 * at start, since older counters are dropped.
 */
export function defineLimits<T extends Record<string, Limit>>(limits: T): T {
  for (const [name, limit] of Object.entries(limits))
    if (limit.windowSeconds > LONGEST_WINDOW_SECONDS)
      throw new Error(`Rate limit ${name}: window over a day`);
  return limits;
}

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

/** Whether key has used up its limit in the current window, without counting a hit. */
export async function isLimited(db: DbOrTx, key: string, limit: Limit) {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(
      sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} > now() - make_interval(secs => ${limit.windowSeconds})`,
    );
  return (row?.count ?? 0) >= limit.max;
}

/**
 * Gives back one hit counted in advance for something that turned out not to be a failure (a right password), so
 * a limit on failures can be checked and counted in one atomic step before the work.
 */
export async function giveBackRateLimitHit(db: DbOrTx, key: string) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key}`);
}

/** Drops counters whose window passed more than a day ago: every new e-mail or address tried adds a row. */
export async function pruneRateLimits(db: DbOrTx) {
  const removed = await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < now() - make_interval(secs => ${LONGEST_WINDOW_SECONDS})`)
    .returning({ key: rateLimits.key });
  return { counters: removed.length };
}

/**
 * A signed-in write that costs rows or image work, counted per account and per client address (an office behind
 * one address shares the second, so it allows more). Every attempt counts, accepted or not.
 */
export interface WriteLimit {
  name: string;
  account: Limit;
  address: Limit;
}

export const WRITE_LIMITED = "Too many changes in the last hour. Please wait a while and try again.";

/** Counts one write for the account and for the address; false when either has used up its window. */
export async function hitWriteLimit(
  db: DbOrTx,
  limit: WriteLimit,
  who: { userId: string; clientIp: string },
) {
  const byAccount = await hitRateLimit(db, `${limit.name}:user:${who.userId}`, limit.account);
  const byAddress = await hitRateLimit(db, `${limit.name}:ip:${addressKey(who.clientIp)}`, limit.address);
  return byAccount.allowed && byAddress.allowed;
}
