// Integration tests call loaders and actions as a route would: with what the server hands them, and with the
// session cookie of an account made through the app's own auth.
import { eq } from "drizzle-orm";
import pino from "pino";
import type { AppLoadContext } from "react-router";
import { users } from "~/db/schema";
import { upsertAdmin } from "~/server/accounts/admin-accounts.server";
import { type Auth, callAuth, createAuth } from "~/server/accounts/auth.server";
import { joinBySingleSignOn } from "~/server/companies/sso-providers.server";
import type { Database } from "~/server/platform/db.server";
import type { OutgoingEmail } from "~/server/platform/email/mailer.server";
import type { Config } from "~/server/platform/env.server";
import { getOrCreateReferralCode } from "~/server/referrals/referrals.server";

/** The Cookie header a browser would send after signing in with these credentials. */
/** The app's auth as the runtime makes it (a new customer gets a referral code); e-mails go nowhere unless asked. */
export function testAuth(
  db: Database,
  config: Config,
  queueEmail: (message: OutgoingEmail) => Promise<void> = async () => {},
) {
  return createAuth({
    db,
    config,
    queueEmail,
    onCustomerCreated: getOrCreateReferralCode,
    onCompanySignIn: joinBySingleSignOn,
  });
}

export async function signInCookie(auth: Auth, email: string, password: string) {
  const { headers } = await callAuth(() =>
    auth.api.signInEmail({ body: { email, password }, headers: new Headers(), asResponse: true }),
  );
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A customer account with a verified e-mail, signed in: its id and session cookie. */
export async function verifiedCustomer(auth: Auth, db: Database, name: string, email: string) {
  await auth.api.signUpEmail({ body: { name, email, password: "customer-pass-1" } });
  await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: u!.id, cookie: await signInCookie(auth, email, "customer-pass-1") };
}

/** Creates the admin boss@example.com and returns its session cookie. */
export async function adminCookieFor(auth: Auth, db: Database) {
  await upsertAdmin(auth, db, { email: "boss@example.com", password: "boss-pass-1", name: "Boss" });
  return signInCookie(auth, "boss@example.com", "boss-pass-1");
}

/** What the server hands a route's loader and action, for a visitor at this client address. */
export function routeContext(db: Database, config: Config, auth: Auth, clientIp = "127.0.0.1") {
  return {
    db,
    auth,
    config,
    logger: pino({ level: "silent" }),
    pokeOutbox: () => {},
    pokeWebhooks: () => {},
    clientIp,
    cspNonce: "n",
  } as unknown as AppLoadContext;
}
