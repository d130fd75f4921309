// Two-factor sign-in end to end through the routes: enrolment from Settings (password, QR secret, first code,
// ten backup codes shown once), the login's code step (wrong codes refused, rate limited, no way round it),
// backup codes used once, switching it off, and the admin login and admin Account page honouring it too.

import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { twoFactors, users } from "~/db/schema";
import * as adminAccount from "~/routes/admin/account";
import * as adminLayout from "~/routes/admin/layout";
import * as adminLogin from "~/routes/auth/admin-login";
import * as login from "~/routes/auth/login";
import * as dashboard from "~/routes/dashboard/layout";
import * as account from "~/routes/dashboard/settings/account";
import { routeContext, signInCookie, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, CookieJar, getPage, postForm } from "../../../tests/support/routes";
import { ipSequence, testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { totpCode, wrongTotpCode } from "../../../tests/support/totp";
import { upsertAdmin } from "./admin-accounts.server";
import { type Auth, refuseSocialSignInWithTwoFactor } from "./auth.server";
import { TWO_FACTOR_MESSAGES } from "./two-factor.server";
import { SIGN_IN_CODE_MESSAGES } from "./two-factor-sign-in.server";

const SITE = "http://shop.test";
const ACCOUNT = `${SITE}/dashboard/settings/account`;
const PASSWORD = "customer-pass-1";
let t: TestDb;
let auth: Auth;
const config = testConfig("two-factor");
const nextIp = ipSequence();
const at = (ip = nextIp()): AppLoadContext => routeContext(t.db, config, auth, ip);

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
function nextCode(secret: string) {
  vi.setSystemTime(Date.now() + 30_000);
  return totpCode(secret);
}

let seq = 0;
async function customer() {
  const email = `two-factor-${++seq}@example.com`;
  const { cookie } = await verifiedCustomer(auth, t.db, "Tess", email);
  return { email, jar: new CookieJar(cookie) };
}

/** Enrols through the Account tab as a browser would; returns the secret shown and the backup codes. */
async function enrol(jar: CookieJar, page = ACCOUNT, route: typeof account | typeof adminAccount = account) {
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
async function passwordStep(email: string, password = PASSWORD) {
  const jar = new CookieJar();
  const reply = await answer(login.action, postForm(`${SITE}/login`, jar, { email, password }), at());
  jar.apply(reply.headers);
  return { jar, reply };
}

const codeStep = (jar: CookieJar, code: string, context = at()) =>
  answer(login.action, postForm(`${SITE}/login`, jar, { intent: "two-factor", code }), context);

const signedIn = async (jar: CookieJar) =>
  (await answer(dashboard.loader, getPage(`${SITE}/dashboard`, jar), at())).status === 200;

describe("enrolment from Settings → Account", () => {
  it("needs the password, shows a QR code and the secret, and switches on only with a right code", async () => {
    const { jar } = await customer();
    const wrong = await answer(
      account.action,
      postForm(ACCOUNT, jar, { intent: "enable-2fa", password: "not-my-password" }),
      at(),
    );
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain(TWO_FACTOR_MESSAGES.wrongPassword);
    expect((await answer(account.loader, getPage(ACCOUNT, jar), at())).data.twoFactor).toEqual({
      state: "off",
    });

    await answer(account.action, postForm(ACCOUNT, jar, { intent: "enable-2fa", password: PASSWORD }), at());
    const pending = (await answer(account.loader, getPage(ACCOUNT, jar), at())).data.twoFactor as {
      secret: string;
    };
    const secret = pending.secret.replace(/\s/g, "");
    const refused = await answer(
      account.action,
      postForm(ACCOUNT, jar, { intent: "confirm-2fa", code: wrongTotpCode(secret) }),
      at(),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain(TWO_FACTOR_MESSAGES.wrongCode);
    const [user] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, `two-factor-${seq}@example.com`));
    expect(user!.twoFactorEnabled).toBe(false);

    const confirmed = await answer(
      account.action,
      postForm(ACCOUNT, jar, { intent: "confirm-2fa", code: totpCode(secret) }),
      at(),
    );
    expect(confirmed.status).toBe(302);
    jar.apply(confirmed.headers);
    const ticket = jar.header();
    const next = await answer(account.loader, getPage(ACCOUNT, jar), at());
    const codes = next.data.backupCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(next.data.twoFactor).toEqual({ state: "on", backupCodesLeft: 10 });
    // Shown once: the page never returns them again, not even to a browser that kept the ticket cookie.
    jar.apply(next.headers);
    for (const cookie of [jar.header(), ticket]) {
      const after = await answer(account.loader, new Request(ACCOUNT, { headers: { Cookie: cookie } }), at());
      expect(after.data.twoFactor).toEqual({ state: "on", backupCodesLeft: 10 });
      expect(after.data.backupCodes).toBeNull();
      expect(JSON.stringify(after.data)).not.toContain(codes[0]);
    }
  });

  it("can be cancelled before it is confirmed", async () => {
    const { jar } = await customer();
    await answer(account.action, postForm(ACCOUNT, jar, { intent: "enable-2fa", password: PASSWORD }), at());
    const cancelled = await answer(account.action, postForm(ACCOUNT, jar, { intent: "cancel-2fa" }), at());
    expect(cancelled.status).toBe(302);
    expect((await answer(account.loader, getPage(ACCOUNT, jar), at())).data.twoFactor).toEqual({
      state: "off",
    });
  });

  it("an enrolment never confirmed does not change how the account signs in", async () => {
    const { email, jar } = await customer();
    await answer(account.action, postForm(ACCOUNT, jar, { intent: "enable-2fa", password: PASSWORD }), at());
    const { reply } = await passwordStep(email);
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/dashboard");
  });
});

describe("signing in with two-factor on", () => {
  it("asks for the code, refuses a wrong one, and gives no session until a right one", async () => {
    const { email, jar: first } = await customer();
    const { secret } = await enrol(first);

    const { jar, reply } = await passwordStep(email);
    expect(reply.status).toBe(200);
    expect(reply.data.step).toBe("two-factor");
    // The half-finished sign-in is not a session: the dashboard still sends the visitor to /login.
    const skipped = await answer(dashboard.loader, getPage(`${SITE}/dashboard`, jar), at());
    expect(skipped.status).toBe(302);
    expect(skipped.location).toMatch(/^\/login/);
    expect(await signedIn(jar)).toBe(false);

    const wrong = await codeStep(jar, wrongTotpCode(secret));
    expect(wrong.status).toBe(401);
    expect(wrong.data.step).toBe("two-factor");
    expect(JSON.stringify(wrong.data)).toContain(SIGN_IN_CODE_MESSAGES.wrongCode);
    expect(await signedIn(jar.apply(wrong.headers))).toBe(false);

    const right = await codeStep(jar, nextCode(secret));
    expect(right.status).toBe(302);
    expect(right.location).toBe("/dashboard");
    expect(await signedIn(jar.apply(right.headers))).toBe(true);
  });

  it("accepts each code once: the one that turned two-factor on, or signed in, never signs in again", async () => {
    const { email, jar: first } = await customer();
    const { secret } = await enrol(first);
    const enrolmentCode = totpCode(secret);

    const { jar } = await passwordStep(email);
    const replayed = await codeStep(jar, enrolmentCode);
    expect(replayed.status).toBe(401);
    expect(JSON.stringify(replayed.data)).toContain(SIGN_IN_CODE_MESSAGES.wrongCode);
    expect(await signedIn(jar.apply(replayed.headers))).toBe(false);

    // The app's next code signs in, once; the enrolment's code, still within the accepted window, stays refused.
    const next = nextCode(secret);
    const right = await codeStep(jar, next);
    expect(right.status).toBe(302);
    expect(await signedIn(jar.apply(right.headers))).toBe(true);
    const again = await passwordStep(email);
    expect((await codeStep(again.jar, next)).status).toBe(401);
    expect((await codeStep(again.jar, enrolmentCode)).status).toBe(401);
    expect(await signedIn(again.jar)).toBe(false);

    // Nor does a used code switch two-factor off.
    const off = await answer(
      account.action,
      postForm(ACCOUNT, first, { intent: "disable-2fa", password: PASSWORD, code: next }),
      at(),
    );
    expect(off.status).toBe(400);
    expect(JSON.stringify(off.data)).toContain(TWO_FACTOR_MESSAGES.wrongCode);
    expect((await answer(account.loader, getPage(ACCOUNT, first), at())).data.twoFactor).toMatchObject({
      state: "on",
    });
  });

  it("lets one of two sign-ins racing with the same code through, not both", async () => {
    const { email, jar: first } = await customer();
    const { secret } = await enrol(first);
    const [one, two] = await Promise.all([passwordStep(email), passwordStep(email)]);
    const code = nextCode(secret);
    const replies = await Promise.all([codeStep(one.jar, code), codeStep(two.jar, code)]);
    expect(replies.map((r) => r.status).sort()).toEqual([302, 401]);
  });

  it("a code without a password step first signs nobody in", async () => {
    const { email, jar: first } = await customer();
    const { secret } = await enrol(first);
    expect(email).toBeTruthy();
    const stranger = new CookieJar();
    const reply = await codeStep(stranger, nextCode(secret));
    expect(reply.status).toBe(401);
    expect(JSON.stringify(reply.data)).toContain(SIGN_IN_CODE_MESSAGES.expired);
    expect(await signedIn(stranger.apply(reply.headers))).toBe(false);
  });

  it("ends a sign-in after 5 wrong codes: even the right code then needs the password again", async () => {
    const { email, jar: first } = await customer();
    const { secret } = await enrol(first);
    const { jar } = await passwordStep(email);
    for (let i = 0; i < 5; i++) expect((await codeStep(jar, wrongTotpCode(secret))).status).toBe(401);
    const code = nextCode(secret);
    const late = await codeStep(jar, code);
    expect(late.status).toBe(429);
    expect(JSON.stringify(late.data)).toContain(SIGN_IN_CODE_MESSAGES.tooManyForSignIn);
    expect(await signedIn(jar.apply(late.headers))).toBe(false);
    // That code was not accepted, so it still works after the password.
    const again = await passwordStep(email);
    expect((await codeStep(again.jar, code)).status).toBe(302);
  });

  it("counts every code from one address: the 11th in 15 minutes is refused, right or not", async () => {
    const { email, jar: first } = await customer();
    const { secret } = await enrol(first);
    const ip = nextIp();
    for (let round = 0; round < 2; round++) {
      const { jar } = await passwordStep(email);
      for (let i = 0; i < 4; i++)
        expect((await codeStep(jar, wrongTotpCode(secret), at(ip))).status).toBe(401);
      expect((await codeStep(jar, nextCode(secret), at(ip))).status).toBe(302);
    }
    const { jar } = await passwordStep(email);
    const refused = await codeStep(jar, nextCode(secret), at(ip));
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.data)).toContain(SIGN_IN_CODE_MESSAGES.tooManyFromAddress);
    // Another address can still finish the same sign-in.
    expect((await codeStep(jar, nextCode(secret))).status).toBe(302);
  });

  it("takes a backup code once, with or without its hyphen", async () => {
    const { email, jar: first } = await customer();
    const { backupCodes } = await enrol(first);
    const [code, other] = backupCodes as [string, string];

    const one = await passwordStep(email);
    const used = await codeStep(one.jar, code);
    expect(used.status).toBe(302);
    expect(await signedIn(one.jar.apply(used.headers))).toBe(true);

    const two = await passwordStep(email);
    const again = await codeStep(two.jar, code);
    expect(again.status).toBe(401);
    expect(await signedIn(two.jar.apply(again.headers))).toBe(false);
    const plain = await codeStep(two.jar, other.replace("-", ""));
    expect(plain.status).toBe(302);

    const page = await answer(account.loader, getPage(ACCOUNT, one.jar), at());
    expect(page.data.twoFactor).toEqual({ state: "on", backupCodesLeft: 8 });
  });
});

describe("Google and Apple sign-in", () => {
  it("makes no session for an account with two-factor on: they cannot ask for the code", async () => {
    const on = await customer();
    await enrol(on.jar);
    const off = await customer();
    const idOf = async (email: string) =>
      (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    const hook = refuseSocialSignInWithTwoFactor(t.db);
    expect(await hook({ userId: await idOf(on.email) }, { path: "/callback/google" })).toBe(false);
    expect(await hook({ userId: await idOf(on.email) }, { path: "/sign-in/social" })).toBe(false);
    expect(await hook({ userId: await idOf(off.email) }, { path: "/callback/apple" })).toBeUndefined();
    // The code step itself makes the session after the password: that one goes ahead.
    expect(await hook({ userId: await idOf(on.email) }, { path: "/two-factor/verify-totp" })).toBeUndefined();
  });
});

describe("switching two-factor off", () => {
  it("needs the password and a current code; a wrong password leaves the backup code unused", async () => {
    const { email, jar } = await customer();
    const { secret, backupCodes } = await enrol(jar);
    const off = (password: string, code: string) =>
      answer(account.action, postForm(ACCOUNT, jar, { intent: "disable-2fa", password, code }), at());

    const badPassword = await off("not-my-password", backupCodes[0]!);
    expect(badPassword.status).toBe(400);
    const badCode = await off(PASSWORD, wrongTotpCode(secret));
    expect(badCode.status).toBe(400);
    expect(JSON.stringify(badCode.data)).toContain(TWO_FACTOR_MESSAGES.wrongCode);
    expect((await answer(account.loader, getPage(ACCOUNT, jar), at())).data.twoFactor).toEqual({
      state: "on",
      backupCodesLeft: 10,
    });

    const done = await off(PASSWORD, backupCodes[0]!);
    expect(done.status).toBe(302);
    jar.apply(done.headers);
    expect((await answer(account.loader, getPage(ACCOUNT, jar), at())).data.twoFactor).toEqual({
      state: "off",
    });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user!.id))).toEqual([]);
    const { reply } = await passwordStep(email);
    expect(reply.location).toBe("/dashboard");
  });
});

describe("admins", () => {
  it("enrol from the admin Account page, and the admin login then asks for the code", async () => {
    await upsertAdmin(auth, t.db, { email: "root@example.com", password: PASSWORD, name: "Root" });
    const jar = new CookieJar(await signInCookie(auth, "root@example.com", PASSWORD));
    const page = `${SITE}/admin-dashboard/account`;
    const { secret } = await enrol(jar, page, adminAccount);

    const loginJar = new CookieJar();
    const post = (fields: Record<string, string>) =>
      answer(adminLogin.action, postForm(`${SITE}/admin-login`, loginJar, fields), at());
    const first = await post({ email: "root@example.com", password: PASSWORD });
    expect(first.status).toBe(200);
    expect(first.data.step).toBe("two-factor");
    loginJar.apply(first.headers);
    const skipped = await answer(adminLayout.loader, getPage(`${SITE}/admin-dashboard`, loginJar), at());
    expect(skipped.status).toBe(302);
    expect(skipped.location).toBe("/admin-login");

    expect((await post({ intent: "two-factor", code: wrongTotpCode(secret) })).status).toBe(401);
    const done = await post({ intent: "two-factor", code: nextCode(secret) });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin-dashboard");
    loginJar.apply(done.headers);
    expect(
      (await answer(adminLayout.loader, getPage(`${SITE}/admin-dashboard`, loginJar), at())).status,
    ).toBe(200);
  });

  it("the admin Account page is for admins only", async () => {
    const { jar } = await customer();
    const page = `${SITE}/admin-dashboard/account`;
    const seen = await answer(adminAccount.loader, getPage(page, jar), at());
    expect(seen.status).toBe(302);
    expect(seen.location).toBe("/admin-login");
    const posted = await answer(
      adminAccount.action,
      postForm(page, jar, { intent: "enable-2fa", password: PASSWORD }),
      at(),
    );
    expect(posted.status).toBe(403);
  });
});
