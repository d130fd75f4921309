// Settings, Profile: an e-mail change needs the password (and a code with two-factor on), mails the new address
// a link and the old address a way to stop it, answers alike whether or not the new address is taken, and changes
// nothing until the new address confirms.

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailChanges, emailOutbox } from "~/db/schema";
import * as emailChange from "~/routes/auth/email-change";
import { routeContext, signInCookie, verifiedCustomer } from "../../../../tests/support/auth";
import {
  type Answer,
  answer,
  CookieJar,
  getPage,
  multipartRequest,
  postForm,
} from "../../../../tests/support/routes";
import { toastOf } from "../../../../tests/support/shop";
import { totpCode } from "../../../../tests/support/totp";
import * as account from "./account";
import * as profile from "./profile";
import { auth, config, context, fieldErrors, get, PASSWORD, post, row, t } from "./profile-fixture";

describe("Settings, Profile: e-mail change", () => {
  // Sign-up mailed each address its verification link: only what came after counts here.
  const outboxTo = async (to: string) =>
    (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter(
      (m) => !m.subject.startsWith("Verify your e-mail"),
    );
  const linkIn = (text: string) => /http:\/\/shop\.test\/email-change\?token=[\w-]+/.exec(text)![0];
  const open = (link: string) => answer(emailChange.loader, new Request(link), context);
  const press = async (link: string, intent: "confirm" | "stop") => {
    const token = new URL(link).searchParams.get("token")!;
    return answer(
      emailChange.action,
      multipartRequest("http://shop.test/email-change", { intent, token }),
      context,
    );
  };
  // A context of its own, as each HTTP request has: the session is looked up afresh.
  const signedIn = async (cookie: string) =>
    (await answer(profile.loader, get(cookie), routeContext(t.db, config, auth))).status === 200;
  const change = (cookie: string, fields: Record<string, string>) =>
    answer(profile.action, post(cookie, { intent: "email", ...fields }), context);

  it("needs the current password: without it, or with a wrong one, nothing is asked and nobody is mailed", async () => {
    const hal = await verifiedCustomer(auth, t.db, "Hal", "hal@example.com");
    const none = await change(hal.cookie, { newEmail: "hal.new@example.com" });
    expect(none.status).toBe(400);
    expect(fieldErrors(none).password).toEqual(["Please enter your current password"]);
    const wrong = await change(hal.cookie, { newEmail: "hal.new@example.com", password: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect(fieldErrors(wrong).password).toEqual(["Current password is incorrect"]);
    expect(await outboxTo("hal.new@example.com")).toHaveLength(0);
    expect(await outboxTo("hal@example.com")).toHaveLength(0);

    const same = await change(hal.cookie, { newEmail: "HAL@example.com", password: PASSWORD });
    expect(fieldErrors(same).newEmail).toEqual(["This is already your e-mail address"]);
    const bad = await change(hal.cookie, { newEmail: "not an address", password: PASSWORD });
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad).newEmail).toEqual(["Invalid email address"]);
    expect((await row(hal.id)).email).toBe("hal@example.com");
  });

  it("answers the same whether or not the new address has an account, and tells that address instead", async () => {
    const ivy = await verifiedCustomer(auth, t.db, "Ivy", "ivy@example.com");
    await verifiedCustomer(auth, t.db, "Jay", "jay@example.com");
    const free = await change(ivy.cookie, { newEmail: "ivy.free@example.com", password: PASSWORD });
    const taken = await change(ivy.cookie, { newEmail: "JAY@example.com", password: PASSWORD });
    const shape = async (a: Answer, address: string) => ({
      status: a.status,
      location: a.location,
      toast: JSON.stringify({ ...(await toastOf(a.headers)), id: "" }).replace(address, "{new}"),
    });
    expect(await shape(taken, "jay@example.com")).toEqual(await shape(free, "ivy.free@example.com"));
    expect(free).toMatchObject({ status: 302, location: "/dashboard/settings" });

    // The taken address learns someone tried, with no link; its account and Ivy's stay as they were.
    const [notice, ...more] = await outboxTo("jay@example.com");
    expect(more).toHaveLength(0);
    expect(notice!.subject).toBe("Your e-mail is already on a TapCard account");
    expect(notice!.text).not.toMatch(/email-change\?token=/);
    expect((await row(ivy.id)).email).toBe("ivy@example.com");
  });

  it("mails the old address a link that stops the change: the new address's link then does nothing", async () => {
    const kit = await verifiedCustomer(auth, t.db, "Kit Secret-Name", "kit@example.com");
    const phone = await signInCookie(auth, "kit@example.com", PASSWORD);
    const asked = await change(kit.cookie, { newEmail: " Kit.Thief@Example.com ", password: PASSWORD });
    expect(asked).toMatchObject({ status: 302, location: "/dashboard/settings" });
    expect(await toastOf(asked.headers)).toMatchObject({ type: "success", title: "Check your new inbox" });

    const [warning, ...moreOld] = await outboxTo("kit@example.com");
    expect(moreOld).toHaveLength(0);
    expect(warning!.subject).toBe("Your TapCard e-mail address is being changed");
    expect(warning!.text).toContain("kit.thief@example.com");
    const [confirmMail] = await outboxTo("kit.thief@example.com");
    expect(confirmMail!.subject).toBe("Confirm your new e-mail for TapCard");
    // The new address has not proven it is the account holder's: the account's free text is not sent to it.
    expect(confirmMail!.text).not.toContain("Secret-Name");

    const stopLink = linkIn(warning!.text);
    const page = await open(stopLink);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ state: "stop", newEmail: "kit.thief@example.com", confirmed: false });
    // Opening the page stops nothing; the button does, and signs the account out everywhere.
    expect(await signedIn(kit.cookie)).toBe(true);
    const stopped = await press(stopLink, "stop");
    expect(stopped.status).toBe(200);
    expect(stopped.data).toMatchObject({ done: true });
    expect(await signedIn(kit.cookie)).toBe(false);
    expect(await signedIn(phone)).toBe(false);

    const confirmLink = linkIn(confirmMail!.text);
    expect((await open(confirmLink)).status).toBe(404);
    expect((await press(confirmLink, "confirm")).status).toBe(409);
    expect((await row(kit.id)).email).toBe("kit@example.com");
    // Whoever asked knew the password: it no longer works until reset from this address.
    expect(await signInCookie(auth, "kit@example.com", PASSWORD)).not.toContain("session_token");
  });

  it("changes the address once the new address's link is confirmed, and the old address can undo it", async () => {
    const jo = await verifiedCustomer(auth, t.db, "Jo", "jo@example.com");
    await change(jo.cookie, { newEmail: "jo.new@example.com", password: PASSWORD });
    const confirmLink = linkIn((await outboxTo("jo.new@example.com"))[0]!.text);
    const stopLink = linkIn((await outboxTo("jo@example.com"))[0]!.text);
    expect((await row(jo.id)).email).toBe("jo@example.com");

    const page = await open(confirmLink);
    expect(page.data).toMatchObject({ state: "confirm", newEmail: "jo.new@example.com" });
    const confirmed = await press(confirmLink, "confirm");
    expect(confirmed).toMatchObject({ status: 302, location: "/dashboard/settings?email=confirmed" });
    expect(await row(jo.id)).toMatchObject({ email: "jo.new@example.com", emailVerified: true });
    const settings = await answer(profile.loader, get(jo.cookie, "?email=confirmed"), context);
    expect(settings.data.notice).toMatchObject({
      tone: "success",
      text: "Your account's e-mail address is now jo.new@example.com.",
    });
    // The link works once.
    expect((await open(confirmLink)).status).toBe(410);
    expect((await press(confirmLink, "confirm")).status).toBe(409);

    // The old address's link still undoes it, for a week.
    expect((await open(stopLink)).data).toMatchObject({ state: "stop", confirmed: true });
    expect((await press(stopLink, "stop")).data).toMatchObject({ done: true });
    expect((await row(jo.id)).email).toBe("jo@example.com");
    expect(await signedIn(jo.cookie)).toBe(false);
    // Whoever asked knew the password: it no longer works until reset from this address.
    expect(await signInCookie(auth, "jo@example.com", PASSWORD)).not.toContain("session_token");
  });

  it("asks for a code from the app or a backup code when two-factor is on", async () => {
    const lee = await verifiedCustomer(auth, t.db, "Lee", "lee@example.com");
    const jar = new CookieJar(lee.cookie);
    const ACCOUNT = "http://shop.test/dashboard/settings/account";
    await answer(
      account.action,
      postForm(ACCOUNT, jar, { intent: "enable-2fa", password: PASSWORD }),
      context,
    );
    const pending = (await answer(account.loader, getPage(ACCOUNT, jar), context)).data.twoFactor as {
      secret: string;
    };
    const on = await answer(
      account.action,
      postForm(ACCOUNT, jar, { intent: "confirm-2fa", code: totpCode(pending.secret.replace(/\s/g, "")) }),
      context,
    );
    jar.apply(on.headers);
    const shown = await answer(account.loader, getPage(ACCOUNT, jar), context);
    jar.apply(shown.headers);
    const backupCodes = shown.data.backupCodes as string[];

    const page = await answer(profile.loader, get(jar.header()), context);
    expect(page.data.profile).toMatchObject({ twoFactor: true });
    const noCode = await change(jar.header(), { newEmail: "lee.new@example.com", password: PASSWORD });
    expect(noCode.status).toBe(400);
    expect(fieldErrors(noCode).code).toEqual([
      "Please enter the code from your authenticator app or a backup code",
    ]);
    const wrongCode = await change(jar.header(), {
      newEmail: "lee.new@example.com",
      password: PASSWORD,
      code: "aaaaa-bbbbb",
    });
    expect(wrongCode.status).toBe(400);
    expect(fieldErrors(wrongCode).code).toEqual([
      "That code is not correct. Please check your authenticator app and try again.",
    ]);
    expect(await outboxTo("lee.new@example.com")).toHaveLength(0);

    const asked = await change(jar.header(), {
      newEmail: "lee.new@example.com",
      password: PASSWORD,
      code: backupCodes[0]!,
    });
    expect(asked.status).toBe(302);
    expect(await outboxTo("lee.new@example.com")).toHaveLength(1);
  });

  it("lets the new address confirm within 24 hours, and the old address stop it within 7 days", async () => {
    const max = await verifiedCustomer(auth, t.db, "Max", "max@example.com");
    await change(max.cookie, { newEmail: "max.new@example.com", password: PASSWORD });
    const confirmLink = linkIn((await outboxTo("max.new@example.com"))[0]!.text);
    const stopLink = linkIn((await outboxTo("max@example.com"))[0]!.text);
    const age = (hours: number) =>
      t.db
        .update(emailChanges)
        .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
        .where(eq(emailChanges.userId, max.id));
    await age(25);
    expect((await open(confirmLink)).status).toBe(410);
    expect((await press(confirmLink, "confirm")).status).toBe(409);
    expect((await open(stopLink)).status).toBe(200);
    await age(7 * 24 + 1);
    expect((await open(stopLink)).status).toBe(410);
    expect((await press(stopLink, "stop")).status).toBe(409);
    expect(await signedIn(max.cookie)).toBe(true);
    expect((await row(max.id)).email).toBe("max@example.com");
  });

  it("says so when a link is unknown", async () => {
    const unknown = await open("http://shop.test/email-change?token=not-a-real-token");
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ state: "problem" });
    const refused = await press("http://shop.test/email-change?token=not-a-real-token", "stop");
    expect(refused.status).toBe(409);
  });
});
