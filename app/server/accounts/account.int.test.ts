// Settings -> Account through its route: the tab itself, changing the password (the old one stops working, the
// session stays), and signing out every other session.

import { describe, expect, it } from "vitest";
import * as account from "~/routes/dashboard/settings/account";
import { signInCookie } from "../../../tests/support/auth";
import { answer, CookieJar, getPage } from "../../../tests/support/routes";
import { ACCOUNT, at, auth, canSignIn, customer, PASSWORD, post, signedIn } from "./account-fixture";
import { ACCOUNT_MESSAGES } from "./account-secrets.server";

describe("the Account tab", () => {
  it("sends anonymous visitors to /login and refuses unknown intents", async () => {
    const anonymous = await answer(account.loader, getPage(ACCOUNT, new CookieJar()), at());
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login\?redirectTo=/);
    const { jar } = await customer();
    expect((await post(jar, { intent: "make-me-admin" })).status).toBe(400);
  });
});

describe("changing the password", () => {
  it("needs the current password and signs every other session out", async () => {
    const { email, jar } = await customer();
    const phone = new CookieJar(await signInCookie(auth, email, PASSWORD));
    expect(await signedIn(phone)).toBe(true);
    expect((await answer(account.loader, getPage(ACCOUNT, jar), at())).data.otherSessions).toBe(1);

    const mismatch = await post(jar, {
      intent: "change-password",
      currentPassword: PASSWORD,
      newPassword: "brand-new-pass-1",
      confirmPassword: "brand-new-pass-2",
    });
    expect(mismatch.status).toBe(400);
    expect(JSON.stringify(mismatch.data)).toContain("The passwords do not match");
    const short = await post(jar, {
      intent: "change-password",
      currentPassword: PASSWORD,
      newPassword: "short",
      confirmPassword: "short",
    });
    expect(JSON.stringify(short.data)).toContain("Password must be at least 8 characters");
    const wrong = await post(jar, {
      intent: "change-password",
      currentPassword: "not-my-password",
      newPassword: "brand-new-pass-1",
      confirmPassword: "brand-new-pass-1",
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain(ACCOUNT_MESSAGES.wrongPassword);
    expect(await canSignIn(email, PASSWORD)).toBe(true);

    const changed = await post(jar, {
      intent: "change-password",
      currentPassword: PASSWORD,
      newPassword: "brand-new-pass-1",
      confirmPassword: "brand-new-pass-1",
    });
    expect(changed.status).toBe(302);
    expect(changed.location).toBe("/dashboard/settings/account");
    expect(await signedIn(jar.apply(changed.headers))).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect(await canSignIn(email, PASSWORD)).toBe(false);
    expect(await canSignIn(email, "brand-new-pass-1")).toBe(true);
  });

  it("stops taking guesses after 10 wrong current passwords in 15 minutes", async () => {
    const { jar } = await customer();
    const attempt = (currentPassword: string) =>
      post(jar, {
        intent: "change-password",
        currentPassword,
        newPassword: "brand-new-pass-1",
        confirmPassword: "brand-new-pass-1",
      });
    for (let i = 0; i < 10; i++) expect((await attempt(`guess-${i}-password`)).status).toBe(400);
    const refused = await attempt(PASSWORD);
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.data)).toContain(ACCOUNT_MESSAGES.tooMany);
  });
});

describe("signing out all other sessions", () => {
  it("ends the other sessions and keeps this one", async () => {
    const { email, jar } = await customer();
    const laptop = new CookieJar(await signInCookie(auth, email, PASSWORD));
    const phone = new CookieJar(await signInCookie(auth, email, PASSWORD));
    const reply = await post(jar, { intent: "sign-out-others" });
    expect(reply.status).toBe(302);
    expect(await signedIn(jar)).toBe(true);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(false);
    expect((await answer(account.loader, getPage(ACCOUNT, jar), at())).data.otherSessions).toBe(0);
  });
});
