// The login, registration and password-reset forms through their routes, as a browser posts them: what the
// per-address and per-account limits count, and the e-mails a stranger can make the shop send to an address.
import { and, eq, like } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "~/db/schema";
import * as forgotPassword from "~/routes/auth/forgot-password";
import * as login from "~/routes/auth/login";
import * as register from "~/routes/auth/register";
import { routeContext, verifiedCustomer } from "../../../tests/support/auth";
import { answer, CookieJar, postForm } from "../../../tests/support/routes";
import { ipSequence, testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { enqueueEmail } from "../platform/email/outbox.server";
import { LIMITS, SIGN_IN_REFUSED } from "../platform/rate-limit.server";
import { type Auth, createAuth } from "./auth.server";

const SITE = "http://shop.test";
const PASSWORD = "customer-pass-1";
let t: TestDb;
let auth: Auth;
const config = testConfig("sign-in");
const nextIp = ipSequence();
const at = (ip = nextIp()): AppLoadContext => routeContext(t.db, config, auth, ip);

beforeAll(async () => {
  t = await createTestDb();
  auth = createAuth({ db: t.db, config, queueEmail: (m) => enqueueEmail(t.db, m).then(() => {}) });
});
afterAll(() => t?.close());

const logIn = (email: string, password: string, context: AppLoadContext) =>
  answer(login.action, postForm(`${SITE}/login`, new CookieJar(), { email, password }), context);

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
    for (let i = 0; i <= LIMITS.signInFailures.max; i++) {
      const reply = await logIn(staff[i % staff.length]!, PASSWORD, at(office));
      expect(reply.status).toBe(302);
      expect(reply.location).toBe("/dashboard");
    }
    // ...while wrong passwords, spread over accounts so no account's own back-off is reached, do use it up...
    for (let i = 0; i < LIMITS.signInFailures.max; i++)
      expect((await logIn(staff[i % staff.length]!, "not-the-password", at(office))).status).toBe(401);
    const refused = await logIn(staff[0]!, PASSWORD, at(office));
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.data)).toContain(SIGN_IN_REFUSED.address);
    // ...for that address only.
    expect((await logIn(staff[0]!, PASSWORD, at())).status).toBe(302);
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
    for (let i = 0; i < LIMITS.signInPerAccount.max; i++) {
      const reply = await logIn(email, PASSWORD, at());
      expect(reply.status).toBe(401);
      expect(JSON.stringify(reply.data)).toContain("Please verify your e-mail address first");
    }
    const backedOff = await logIn(email, PASSWORD, at());
    expect(backedOff.status).toBe(429);
    expect(JSON.stringify(backedOff.data)).toContain(SIGN_IN_REFUSED.account);

    const sent = await mailTo(email, "Verify your e-mail");
    expect(sent).toHaveLength(LIMITS.accountEmailPerHour.max);
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
    expect(toVerified).toHaveLength(LIMITS.accountEmailPerHour.max);
    expect(toVerified[0]!.text).toContain("Hello Rita,");
    const toUnverified = await mailTo(unverified, "Reset your");
    expect(toUnverified).toHaveLength(LIMITS.accountEmailPerHour.max);
    expect(toUnverified[0]!.text).not.toContain("Typed by a stranger");
  });
});
