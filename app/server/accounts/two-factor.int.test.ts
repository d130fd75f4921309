// Two-factor through the routes: enrolment from Settings (password, QR secret, first code, ten backup codes shown
// once), switching it off, and the admin login and admin Account page honouring it too.

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { twoFactors, users } from "~/db/schema";
import * as adminAccount from "~/routes/admin/account";
import * as adminLayout from "~/routes/admin/layout";
import * as adminLogin from "~/routes/auth/admin-login";
import * as account from "~/routes/dashboard/settings/account";
import { signInCookie } from "../../../tests/support/auth";
import { answer, CookieJar, getPage, postForm } from "../../../tests/support/routes";
import { totpCode, wrongTotpCode } from "../../../tests/support/totp";
import { upsertAdmin } from "./admin-accounts.server";
import { TWO_FACTOR_MESSAGES } from "./two-factor.server";
import {
  ACCOUNT,
  at,
  auth,
  customer,
  enrol,
  nextCode,
  PASSWORD,
  passwordStep,
  SITE,
  seq,
  t,
} from "./two-factor-fixture";

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
