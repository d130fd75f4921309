// The two-factor tests' shared setup: a database, customers, enrolment from an Account page, the current code of a
// secret, and the login's password and code steps from addresses of their own.

import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, expect, vi } from "vitest";
import type * as adminAccount from "~/routes/admin/account";
import * as login from "~/routes/auth/login";
import * as dashboard from "~/routes/dashboard/layout";
import * as account from "~/routes/dashboard/settings/account";
import { routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, CookieJar, getPage, postForm } from "../../../tests/support/routes";
import { ipSequence, testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { totpCode } from "../../../tests/support/totp";
import type { Auth } from "./auth.server";

export const SITE = "http://shop.test";
export const ACCOUNT = `${SITE}/dashboard/settings/account`;
export const PASSWORD = "customer-pass-1";
export let t: TestDb;
export let auth: Auth;
const config = testConfig("two-factor");
export const nextIp = ipSequence();
export const at = (ip = nextIp()): AppLoadContext => routeContext(t.db, config, auth, ip);

beforeAll(async () => {
  // Only the clock the codes are computed from is set by the tests (nextCode); timers run as usual.
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  t = await createTestDb();
  auth = testAuth(t.db, config);
});
afterAll(() => {
  vi.useRealTimers();
  return t?.close();
});

/** The app's next code, 30 seconds on, as a person waits for it: each code is accepted once. */
export function nextCode(secret: string) {
  vi.setSystemTime(Date.now() + 30_000);
  return totpCode(secret);
}

export let seq = 0;
export async function customer() {
  const email = `two-factor-${++seq}@example.com`;
  const { cookie } = await verifiedCustomer(auth, t.db, "Tess", email);
  return { email, jar: new CookieJar(cookie) };
}

/** Enrols through the Account tab as a browser would; returns the secret shown and the backup codes. */
export async function enrol(
  jar: CookieJar,
  page = ACCOUNT,
  route: typeof account | typeof adminAccount = account,
) {
  const started = await answer(
    route.action,
    postForm(page, jar, { intent: "enable-2fa", password: PASSWORD }),
    at(),
  );
  expect(started.status).toBe(302);
  const shown = await answer(route.loader, getPage(page, jar), at());
  const status = shown.data.twoFactor as { state: string; secret: string; qrCode: string };
  expect(status.state).toBe("pending");
  expect(status.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const secret = status.secret.replace(/\s/g, "");
  const confirmed = await answer(
    route.action,
    postForm(page, jar, { intent: "confirm-2fa", code: totpCode(secret) }),
    at(),
  );
  expect(confirmed.status).toBe(302);
  jar.apply(confirmed.headers);
  const next = await answer(route.loader, getPage(page, jar), at());
  jar.apply(next.headers);
  return { secret, backupCodes: next.data.backupCodes as string[] };
}

/** The password step of /login: the challenge (no session yet) when two-factor is on. */
export async function passwordStep(email: string, password = PASSWORD) {
  const jar = new CookieJar();
  const reply = await answer(login.action, postForm(`${SITE}/login`, jar, { email, password }), at());
  jar.apply(reply.headers);
  return { jar, reply };
}

export const codeStep = (jar: CookieJar, code: string, context = at()) =>
  answer(login.action, postForm(`${SITE}/login`, jar, { intent: "two-factor", code }), context);

export const signedIn = async (jar: CookieJar) =>
  (await answer(dashboard.loader, getPage(`${SITE}/dashboard`, jar), at())).status === 200;
