// The login, registration and password-reset forms through their routes, as a browser posts them: what the
// per-address and per-account limits count, and the e-mails a stranger can make the shop send to an address.

import { and, eq, like, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "~/db/schema";
import * as adminLogin from "~/routes/auth/admin-login";
import * as forgotPassword from "~/routes/auth/forgot-password";
import * as login from "~/routes/auth/login";
import * as register from "~/routes/auth/register";
import { routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, CookieJar, postForm } from "../../../tests/support/routes";
import { ipSequence, testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { enqueueEmail } from "../platform/email/outbox.server";
import { upsertAdmin } from "./admin-accounts.server";
import type { Auth } from "./auth.server";
import { ACCOUNT_LIMITS, SIGN_IN_REFUSED } from "./limits.server";

const SITE = "http://shop.test";
const PASSWORD = "customer-pass-1";
let t: TestDb;
let auth: Auth;
const config = testConfig("sign-in");
const nextIp = ipSequence();
const at = (ip = nextIp()): AppLoadContext => routeContext(t.db, config, auth, ip);

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config, (m) => enqueueEmail(t.db, m).then(() => {}));
});
afterAll(() => t?.close());

const logIn = (email: string, password: string, context: AppLoadContext) =>
  answer(login.action, postForm(`${SITE}/login`, new CookieJar(), { email, password }), context);

const logInAsAdmin = (email: string, password: string, context: AppLoadContext) =>
  answer(adminLogin.action, postForm(`${SITE}/admin-login`, new CookieJar(), { email, password }), context);

/** The account's short back-off window passes (its counters are dated back by a window). */
const accountWindowPasses = (email: string) =>
  t.db.execute(
    sql`update rate_limits set window_start = window_start - make_interval(secs => ${ACCOUNT_LIMITS.signInPerAccount.windowSeconds}) where key like ${`%:email:${email}`}`,
  );

const mailTo = (to: string, subject: string) =>
  t.db
    .select({ text: emailOutbox.text, html: emailOutbox.html })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), like(emailOutbox.subject, `%${subject}%`)));

describe("signing in from one address", () => {
  it("lets everyone behind one address sign in: only failures use up its limit", async () => {
    const office = nextIp();
    const staff: string[] = [];
    for (let i = 0; i < 3; i++) {
      const email = `office-${i}@example.com`;
      await verifiedCustomer(auth, t.db, `Staff ${i}`, email);
      staff.push(email);
    }
    // More right sign-ins than the address may fail...
    for (let i = 0; i <= ACCOUNT_LIMITS.signInFailures.max; i++) {
      const reply = await logIn(staff[i % staff.length]!, PASSWORD, at(office));
      expect(reply.status).toBe(302);
      expect(reply.location).toBe("/dashboard");
    }
    // ...while wrong passwords, spread over accounts so no account's own back-off is reached, do use it up...
    for (let i = 0; i < ACCOUNT_LIMITS.signInFailures.max; i++)
      expect((await logIn(staff[i % staff.length]!, "not-the-password", at(office))).status).toBe(401);
    const refused = await logIn(staff[0]!, PASSWORD, at(office));
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.data)).toContain(SIGN_IN_REFUSED.address);
    // ...for that address only.
    expect((await logIn(staff[0]!, PASSWORD, at())).status).toBe(302);
  }, 120_000);
});

describe("guesses for one account sent all at once from many addresses", () => {
  const forms = [
    { form: "/login", email: "pat@example.com", logIn, home: "/dashboard" },
    { form: "/admin-login", email: "chief@example.com", logIn: logInAsAdmin, home: "/admin-dashboard" },
  ];
  it.each(forms)(
    "reach $form's password check only as often as the account's limit allows",
    async (f) => {
      if (f.form === "/login") await verifiedCustomer(auth, t.db, "Pat", f.email);
      else await upsertAdmin(auth, t.db, { email: f.email, password: PASSWORD });
      const replies = await Promise.all(
        Array.from({ length: 30 }, () => f.logIn(f.email, "not-the-password", at())),
      );
      // Only the attempts that reached the password check are told it was wrong; every other one is refused.
      expect(replies.filter((r) => r.status === 401)).toHaveLength(ACCOUNT_LIMITS.signInPerAccount.max);
      const refused = replies.filter((r) => r.status === 429);
      expect(refused).toHaveLength(30 - ACCOUNT_LIMITS.signInPerAccount.max);
      for (const reply of refused) expect(JSON.stringify(reply.data)).toContain(SIGN_IN_REFUSED.account);

      // The right password waits for the window too...
      const waiting = await f.logIn(f.email, PASSWORD, at());
      expect(waiting.status).toBe(429);
      expect(JSON.stringify(waiting.data)).toContain(SIGN_IN_REFUSED.account);
      // ...and works once it has passed.
      await accountWindowPasses(f.email);
      expect((await f.logIn(f.email, PASSWORD, at())).location).toBe(f.home);
    },
    120_000,
  );

  it("gives a right password's attempt back: the owner signing in often is never backed off", async () => {
    const email = "often@example.com";
    await verifiedCustomer(auth, t.db, "Often", email);
    for (let i = 0; i <= ACCOUNT_LIMITS.signInPerAccount.max * 2; i++)
      expect((await logIn(email, PASSWORD, at())).location).toBe("/dashboard");
  }, 120_000);
});

describe("IPv6 addresses", () => {
  it("count a whole /64 as one client: its failures share one limit", async () => {
    const emails = ["v6-a@example.com", "v6-b@example.com", "v6-c@example.com"];
    for (const email of emails) await verifiedCustomer(auth, t.db, email, email);
    // Wrong passwords spread over accounts (under each one's back-off) and over addresses of one /64...
    for (let i = 0; i < ACCOUNT_LIMITS.signInFailures.max; i++) {
      const reply = await logIn(
        emails[i % emails.length]!,
        "not-the-password",
        at(`2001:db8:46:1::${i + 1}`),
      );
      expect(reply.status).toBe(401);
    }
    // ...use up the limit of every address in that /64...
    const refused = await logIn(emails[0]!, PASSWORD, at("2001:db8:46:1:ffff:ffff:ffff:ffff"));
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.data)).toContain(SIGN_IN_REFUSED.address);
    // ...and of no other /64.
    expect((await logIn(emails[0]!, PASSWORD, at("2001:db8:46:2::1"))).location).toBe("/dashboard");
  }, 120_000);

  it("count an IPv4 address written as IPv6 as that IPv4 address", async () => {
    const email = "mapped@example.com";
    await verifiedCustomer(auth, t.db, "Mapped", email);
    const other = ["m1@example.com", "m2@example.com", "m3@example.com"];
    for (const e of other) await verifiedCustomer(auth, t.db, e, e);
    for (let i = 0; i < ACCOUNT_LIMITS.signInFailures.max; i++)
      await logIn(
        other[i % other.length]!,
        "not-the-password",
        at(i % 2 ? "198.51.100.9" : "::ffff:198.51.100.9"),
      );
    const refused = await logIn(email, PASSWORD, at("::ffff:198.51.100.9"));
    expect(JSON.stringify(refused.data)).toContain(SIGN_IN_REFUSED.address);
  }, 120_000);
});

describe("an address that has not been verified", () => {
  it("gets at most 3 verification e-mails an hour, without the name typed at registration", async () => {
    const email = "unverified@example.com";
    const name = "Visit evil.example for a prize";
    const registered = await answer(
      register.action,
      postForm(`${SITE}/register`, new CookieJar(), { name, email, password: PASSWORD, terms: "on" }),
      at(),
    );
    expect(registered.data).toEqual({ registered: true });
    // Each right-password sign-in asks for a new link; they count towards the account's back-off too.
    for (let i = 0; i < ACCOUNT_LIMITS.signInPerAccount.max; i++) {
      const reply = await logIn(email, PASSWORD, at());
      expect(reply.status).toBe(401);
      expect(JSON.stringify(reply.data)).toContain("Please verify your e-mail address first");
    }
    const backedOff = await logIn(email, PASSWORD, at());
    expect(backedOff.status).toBe(429);
    expect(JSON.stringify(backedOff.data)).toContain(SIGN_IN_REFUSED.account);

    const sent = await mailTo(email, "Verify your e-mail");
    expect(sent).toHaveLength(ACCOUNT_LIMITS.accountEmailPerHour.max);
    for (const mail of sent) {
      expect(mail.text).not.toContain("evil.example");
      expect(mail.html).not.toContain("evil.example");
    }
  });
});

describe("password reset e-mails", () => {
  it("go to one address at most 3 times an hour, however many addresses ask, and greet only a verified owner by name", async () => {
    const verified = "reset-verified@example.com";
    await verifiedCustomer(auth, t.db, "Rita", verified);
    const unverified = "reset-unverified@example.com";
    await auth.api.signUpEmail({
      body: { name: "Typed by a stranger", email: unverified, password: PASSWORD },
    });
    for (const email of [verified, unverified])
      for (let i = 0; i < 5; i++) {
        const reply = await answer(
          forgotPassword.action,
          postForm(`${SITE}/forgot-password`, new CookieJar(), { email }),
          at(),
        );
        expect(reply.data).toEqual({ sent: true });
      }
    const toVerified = await mailTo(verified, "Reset your");
    expect(toVerified).toHaveLength(ACCOUNT_LIMITS.accountEmailPerHour.max);
    expect(toVerified[0]!.text).toContain("Hello Rita,");
    const toUnverified = await mailTo(unverified, "Reset your");
    expect(toUnverified).toHaveLength(ACCOUNT_LIMITS.accountEmailPerHour.max);
    expect(toUnverified[0]!.text).not.toContain("Typed by a stranger");
  });
});
