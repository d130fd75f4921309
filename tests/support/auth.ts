// Integration tests call loaders and actions as a route would: with what the server hands them, and with the
// session cookie of an account made through the app's own auth.
import pino from "pino";
import type { AppLoadContext } from "react-router";
import { type Auth, callAuth, upsertAdmin } from "~/server/platform/auth.server";
import type { Database } from "~/server/platform/db.server";
import type { Config } from "~/server/platform/env.server";

/** The Cookie header a browser would send after signing in with these credentials. */
export async function signInCookie(auth: Auth, email: string, password: string) {
  const { headers } = await callAuth(() =>
    auth.api.signInEmail({ body: { email, password }, headers: new Headers(), asResponse: true }),
  );
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
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
    clientIp,
    cspNonce: "n",
  } as unknown as AppLoadContext;
}
