// Signed-in sessions for integration tests: an account made through the app's own auth, and its cookie header.
import { type Auth, callAuth, upsertAdmin } from "~/server/platform/auth.server";
import type { Database } from "~/server/platform/db.server";

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
