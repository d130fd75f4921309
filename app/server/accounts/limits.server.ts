// Accounts' rate limits and the sign-in policy built on them: what one address or one account may try.
import type { DbOrTx } from "../platform/db.server";
import {
  defineLimits,
  giveBackRateLimitHit,
  hitRateLimit,
  isLimited,
  type WriteLimit,
} from "../platform/rate-limit.server";
import { addressKey } from "../platform/rate-limit-address.server";

export const ACCOUNT_LIMITS = defineLimits({
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
  /** E-mail change requests per account: each one mails an address that has not proven it is the owner's. */
  changeEmail: { max: 5, windowSeconds: 60 * 60 },
  /** Sign-in codes (TOTP or backup) per client address: every attempt counts, right or wrong. */
  twoFactorCode: { max: 10, windowSeconds: 15 * 60 },
  /**
   * Wrong passwords and codes typed in Settings by a signed-in account: a stolen session must not become a way
   * to guess the password or a code.
   */
  accountSecret: { max: 10, windowSeconds: 15 * 60 },
});

/** One upload is a decode of up to 24 megapixels and up to seven encodes. */
export const AVATAR_WRITES: WriteLimit = {
  name: "avatar",
  account: { max: 10, windowSeconds: 3600 },
  address: { max: 30, windowSeconds: 3600 },
};

export const SIGN_IN_REFUSED = {
  address: "Too many sign-in attempts. Please wait 15 minutes and try again.",
  account: "Too many sign-in attempts for this account. Please wait a minute and try again.",
} as const;

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
  if (!(await hitRateLimit(db, `${form}:ip:${address}`, ACCOUNT_LIMITS.signIn)).allowed) return "address";
  if (!(await hitRateLimit(db, `${form}:email:${email}`, ACCOUNT_LIMITS.signInPerAccount)).allowed)
    return "account";
  if (!(await hitRateLimit(db, `${form}:ip-failed:${address}`, ACCOUNT_LIMITS.signInFailures)).allowed) {
    // Refused at the address, the attempt never reaches the password check: it is no failure of the account.
    await giveBackRateLimitHit(db, `${form}:email:${email}`);
    return "address";
  }
  return null;
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
  if (!(await hitRateLimit(db, `${kind}-email:hour:${address}`, ACCOUNT_LIMITS.accountEmailPerHour)).allowed)
    return false;
  return (await hitRateLimit(db, `${kind}-email:day:${address}`, ACCOUNT_LIMITS.accountEmailPerDay)).allowed;
}

/** Before checking a signed-in account's password or code in Settings: whether its failures are used up. */
export async function accountSecretLimited(db: DbOrTx, userId: string) {
  return isLimited(db, `account-secret:user:${userId}`, ACCOUNT_LIMITS.accountSecret);
}

/** After a wrong password or code in Settings. */
export async function recordFailedAccountSecret(db: DbOrTx, userId: string) {
  await hitRateLimit(db, `account-secret:user:${userId}`, ACCOUNT_LIMITS.accountSecret);
}
