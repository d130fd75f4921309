// Signing in with two-factor on: the login's code step (wrong codes refused, rate limited, no way round it), each
// code and backup code taken once, and Google or Apple sign-in making no session for such an account.

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import * as dashboard from "~/routes/dashboard/layout";
import * as account from "~/routes/dashboard/settings/account";
import { answer, CookieJar, getPage, postForm } from "../../../tests/support/routes";
import { totpCode, wrongTotpCode } from "../../../tests/support/totp";
import { refuseSocialSignInWithTwoFactor } from "./auth.server";
import { TWO_FACTOR_MESSAGES } from "./two-factor.server";
import {
  ACCOUNT,
  at,
  codeStep,
  customer,
  enrol,
  nextCode,
  nextIp,
  PASSWORD,
  passwordStep,
  SITE,
  signedIn,
  t,
} from "./two-factor-fixture";
import { SIGN_IN_CODE_MESSAGES } from "./two-factor-sign-in.server";

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
