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

export const LIMITS = {
  /**
   * Failed sign-ins per client address: what stops one machine guessing passwords across accounts. Successful
   * ones do not count, so many people behind one address (an office, a school) can all sign in.
   */
  signInFailures: { max: 10, windowSeconds: 15 * 60 },
  /** Every sign-in attempt per client address, right or wrong: a generous ceiling on the password work asked. */
  signIn: { max: 100, windowSeconds: 15 * 60 },
  /**
   * Per account: a short back-off, so a stranger who types wrong passwords for someone's e-mail locks that
   * account for a minute at most, while guessing stays slow.
   */
  signInPerAccount: { max: 5, windowSeconds: 60 },
  register: { max: 10, windowSeconds: 60 * 60 },
  /**
   * Verification and password-reset e-mails per recipient address, each kind counted apart: a stranger can make
   * the shop write to any address (registering it, signing in to it, asking for a reset), so only a few times.
   */
  accountEmailPerHour: { max: 3, windowSeconds: 60 * 60 },
  accountEmailPerDay: { max: 10, windowSeconds: 24 * 60 * 60 },
  passwordReset: { max: 5, windowSeconds: 60 * 60 },
  contact: { max: 5, windowSeconds: 60 * 60 },
  /** Details shared from card pages, per client address: no sign-in is needed to share. */
  shareContactPerAddress: { max: 5, windowSeconds: 60 * 60 },
  /** Details shared from one card page, whoever sends them: what a crowd of addresses can add to one owner. */
  shareContactPerCard: { max: 100, windowSeconds: 24 * 60 * 60 },
  /** Update requests per client address, counted before the form is read: no sign-in is needed to send one. */
  updateRequest: { max: 30, windowSeconds: 60 * 60 },
  /** New carts per client address: a cart costs a row, and a stranger must not fill the table. */
  newCart: { max: 30, windowSeconds: 60 * 60 },
  /** Orders placed, counted per client address and per recipient e-mail: each one sends an e-mail. */
  placeOrder: { max: 10, windowSeconds: 60 * 60 },
  /** Adding a card to an account by number + edit password, per client address and per account: slows guessing. */
  claimCard: { max: 10, windowSeconds: 60 * 60 },
  /**
   * Wrong edit passwords per card number, shared by the update form and 'Add a card to my account': however many
   * addresses and accounts guess, one card's password gets this many tries. Numbers no card has count alike.
   */
  editPasswordPerCard: { max: 10, windowSeconds: 60 * 60 },
  /** E-mail change requests per account: each one mails an address that has not proven it is the owner's. */
  changeEmail: { max: 5, windowSeconds: 60 * 60 },
  /** Sign-in codes (TOTP or backup) per client address: every attempt counts, right or wrong. */
  twoFactorCode: { max: 10, windowSeconds: 15 * 60 },
  /**
   * Wrong passwords and codes typed in Settings by a signed-in account: a stolen session must not become a way
   * to guess the password or a code.
   */
  accountSecret: { max: 10, windowSeconds: 15 * 60 },
  /**
   * 'Send test event' per webhook endpoint and per account: each one is a request the worker must make, and a
   * flood of them would hold it for other accounts.
   */
  webhookTestPerEndpoint: { max: 10, windowSeconds: 60 * 60 },
  webhookTestPerAccount: { max: 30, windowSeconds: 60 * 60 },
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

/** Whether key has used up its limit in the current window, without counting a hit. */
async function isLimited(db: DbOrTx, key: string, limit: Limit) {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(
      sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} > now() - make_interval(secs => ${limit.windowSeconds})`,
    );
  return (row?.count ?? 0) >= limit.max;
}

type SignInForm = "sign-in" | "admin-sign-in";

/**
 * Before a sign-in: counts the attempt against the client address's ceiling, and takes one of the account's
 * failures and one of the address's in advance (given back by recordSuccessfulSignIn), so guesses sent all at
 * once, from one address or many, cannot pass either limit before any of them has failed. Returns why the
 * attempt is refused, or null.
 */
export async function checkSignInAttempt(
  db: DbOrTx,
  form: SignInForm,
  ip: string,
  email: string,
): Promise<keyof typeof SIGN_IN_REFUSED | null> {
  const address = addressKey(ip);
  if (!(await hitRateLimit(db, `${form}:ip:${address}`, LIMITS.signIn)).allowed) return "address";
  if (!(await hitRateLimit(db, `${form}:email:${email}`, LIMITS.signInPerAccount)).allowed) return "account";
  if (!(await hitRateLimit(db, `${form}:ip-failed:${address}`, LIMITS.signInFailures)).allowed) {
    // Refused at the address, the attempt never reaches the password check: it is no failure of the account.
    await giveBackRateLimitHit(db, `${form}:email:${email}`);
    return "address";
  }
  return null;
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

/** After the right password: the failures taken in advance by checkSignInAttempt are given back. */
export async function recordSuccessfulSignIn(db: DbOrTx, form: SignInForm, ip: string, email: string) {
  await giveBackRateLimitHit(db, `${form}:ip-failed:${addressKey(ip)}`);
  await giveBackRateLimitHit(db, `${form}:email:${email}`);
}

/**
 * Before a verification or password-reset e-mail: counts it for the recipient and says whether it may be sent.
 * Refused ones are not sent at all; the page that asked answers the same either way.
 */
export async function allowAccountEmail(db: DbOrTx, kind: "verification" | "reset", to: string) {
  const address = to.trim().toLowerCase();
  if (!(await hitRateLimit(db, `${kind}-email:hour:${address}`, LIMITS.accountEmailPerHour)).allowed)
    return false;
  return (await hitRateLimit(db, `${kind}-email:day:${address}`, LIMITS.accountEmailPerDay)).allowed;
}

/** The longest window of any limit; counters older than a day can be dropped. */
const LONGEST_WINDOW_SECONDS = Math.max(...Object.values(LIMITS).map((l) => l.windowSeconds));

/** Before checking a signed-in account's password or code in Settings: whether its failures are used up. */
export async function accountSecretLimited(db: DbOrTx, userId: string) {
  return isLimited(db, `account-secret:user:${userId}`, LIMITS.accountSecret);
}

/** After a wrong password or code in Settings. */
export async function recordFailedAccountSecret(db: DbOrTx, userId: string) {
  await hitRateLimit(db, `account-secret:user:${userId}`, LIMITS.accountSecret);
}

/** Drops counters whose window passed more than a day ago: every new e-mail or address tried adds a row. */
export async function pruneRateLimits(db: DbOrTx) {
  const removed = await db
    .delete(rateLimits)
    .where(
      sql`${rateLimits.windowStart} < now() - make_interval(secs => ${Math.max(LONGEST_WINDOW_SECONDS, 86_400)})`,
    )
    .returning({ key: rateLimits.key });
  return { counters: removed.length };
}

/**
 * Signed-in writes that cost rows or image work, each counted per account and per client address (an office
 * behind one address shares the second, so it allows more). Every attempt counts, accepted or not.
 */
export const WRITE_LIMITS = {
  /** A file is up to 2,000 rows: ten files an hour is more than any real list. */
  prospectImport: { account: { max: 10, windowSeconds: 3600 }, address: { max: 30, windowSeconds: 3600 } },
  addProspect: { account: { max: 120, windowSeconds: 3600 }, address: { max: 360, windowSeconds: 3600 } },
  prospectNote: { account: { max: 240, windowSeconds: 3600 }, address: { max: 720, windowSeconds: 3600 } },
  prospectStatus: { account: { max: 600, windowSeconds: 3600 }, address: { max: 1800, windowSeconds: 3600 } },
  /** One upload is a decode of up to 24 megapixels and up to seven encodes. */
  avatar: { account: { max: 10, windowSeconds: 3600 }, address: { max: 30, windowSeconds: 3600 } },
  adminImage: { account: { max: 200, windowSeconds: 3600 }, address: { max: 200, windowSeconds: 3600 } },
} satisfies Record<string, { account: Limit; address: Limit }>;

export const WRITE_LIMITED = "Too many changes in the last hour. Please wait a while and try again.";

/** Counts one write for the account and for the address; false when either has used up its hour. */
export async function hitWriteLimit(
  db: DbOrTx,
  what: keyof typeof WRITE_LIMITS,
  who: { userId: string; clientIp: string },
) {
  const byAccount = await hitRateLimit(db, `${what}:user:${who.userId}`, WRITE_LIMITS[what].account);
  const byAddress = await hitRateLimit(
    db,
    `${what}:ip:${addressKey(who.clientIp)}`,
    WRITE_LIMITS[what].address,
  );
  return byAccount.allowed && byAddress.allowed;
}
