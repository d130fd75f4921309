// The old address's link after an e-mail change was made: it undoes the change only while the owner has not
// secured the account since (signed in with the new address, or changed the password), and an undo or a stop
// leaves the account to whoever can reset its password from the restored address.

import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, users } from "~/db/schema";
import * as dashboard from "~/routes/dashboard/settings/profile";
import type { Auth } from "~/server/accounts/auth.server";
import { requestEmailChange } from "~/server/accounts/email-change.server";
import { enqueueEmail } from "~/server/platform/email/outbox.server";
import { routeContext, signInCookie, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, CookieJar, getRequest, multipartRequest, postForm } from "../../../tests/support/routes";
import { testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import * as emailChange from "./email-change";
import * as forgotPassword from "./forgot-password";
import * as login from "./login";
import * as resetPassword from "./reset-password";

const SITE = "http://shop.test";
const PASSWORD = "customer-pass-1";
const SECURED =
  "This change can no longer be undone here: since it was made, the account has been signed in to with its new address or its password has been changed. If that was not you, please contact us.";
let t: TestDb;
let auth: Auth;
let context: AppLoadContext;
const config = testConfig("email-change-undo");

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config, (m) => enqueueEmail(t.db, m).then(() => {}));
  context = routeContext(t.db, config, auth);
});
afterAll(() => t?.close());

const mailsTo = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
const lastLink = async (to: string, pattern: RegExp) => {
  const links = (await mailsTo(to)).flatMap((m) => m.text.match(pattern) ?? []);
  return links.at(-1)!;
};
const emailOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.email;
const open = (link: string) => answer(emailChange.loader, new Request(link), context);
const press = (link: string, intent: "confirm" | "stop") =>
  answer(
    emailChange.action,
    multipartRequest(`${SITE}/email-change`, { intent, token: new URL(link).searchParams.get("token")! }),
    context,
  );
// A fresh context per request, as the server gives: the session is looked up again.
const signedIn = async (cookie: string) =>
  (
    await answer(
      dashboard.loader,
      getRequest(`${SITE}/dashboard/settings`, cookie),
      routeContext(t.db, config, auth),
    )
  ).status === 200;
const logIn = (email: string, password: string) =>
  answer(login.action, postForm(`${SITE}/login`, new CookieJar(), { email, password }), context);

/** An account whose address was changed from old to new (both links used as the owner would): its undo link. */
async function changed(name: string) {
  const oldEmail = `${name}@example.com`;
  const newEmail = `${name}.new@example.com`;
  const owner = await verifiedCustomer(auth, t.db, name, oldEmail);
  await requestEmailChange(
    t.db,
    { userId: owner.id, oldEmail, newEmail },
    { shop: "TapCard", publicUrl: SITE },
  );
  const emailChangeLink = /http:\/\/shop\.test\/email-change\?token=[\w-]+/g;
  expect((await press(await lastLink(newEmail, emailChangeLink), "confirm")).status).toBe(302);
  expect(await emailOf(owner.id)).toBe(newEmail);
  return { ...owner, oldEmail, newEmail, undoLink: await lastLink(oldEmail, emailChangeLink) };
}

async function expectNoUndo(account: Awaited<ReturnType<typeof changed>>) {
  const page = await open(account.undoLink);
  expect(page.status).toBe(410);
  expect(page.data).toEqual({ state: "problem", message: SECURED });
  const pressed = await press(account.undoLink, "stop");
  expect(pressed.status).toBe(409);
  expect(pressed.data).toEqual({ done: false, message: SECURED });
  expect(await emailOf(account.id)).toBe(account.newEmail);
  expect(await signedIn(account.cookie)).toBe(true);
}

describe("undoing an e-mail change from the old address", () => {
  it("works while the account has not been secured since, and then needs a reset from the restored address", async () => {
    const ann = await changed("ann");
    // A reset link the new address asked for before the undo...
    await answer(
      forgotPassword.action,
      postForm(`${SITE}/forgot-password`, new CookieJar(), { email: ann.newEmail }),
      context,
    );
    const resetToken = /\/reset-password\/([\w-]+)/;
    const newAddressReset = resetToken.exec(
      await lastLink(ann.newEmail, /\S+\/reset-password\/[\w-]+\S*/g),
    )![1]!;

    expect((await open(ann.undoLink)).data).toMatchObject({ state: "stop", confirmed: true });
    const undone = await press(ann.undoLink, "stop");
    expect(undone.status).toBe(200);
    expect(undone.data).toMatchObject({ done: true });
    expect(await emailOf(ann.id)).toBe(ann.oldEmail);
    // Every session has ended, and the password no longer signs in, with either address.
    expect(await signedIn(ann.cookie)).toBe(false);
    expect((await logIn(ann.oldEmail, PASSWORD)).status).toBe(401);
    expect((await logIn(ann.newEmail, PASSWORD)).status).toBe(401);
    // ...no longer works: only a reset from the restored address does.
    const choose = (token: string, password: string) =>
      answer(
        resetPassword.action,
        postForm(`${SITE}/reset-password`, new CookieJar(), { token, password, confirmPassword: password }),
        context,
      );
    expect((await choose(newAddressReset, "taken-over-1")).status).toBe(400);
    await answer(
      forgotPassword.action,
      postForm(`${SITE}/forgot-password`, new CookieJar(), { email: ann.oldEmail }),
      context,
    );
    const restoredReset = resetToken.exec(
      await lastLink(ann.oldEmail, /\S+\/reset-password\/[\w-]+\S*/g),
    )![1]!;
    expect((await choose(restoredReset, "chosen-again-1")).status).toBe(302);
    expect((await logIn(ann.oldEmail, "chosen-again-1")).location).toBe("/dashboard");
  }, 60_000);

  it("stops working once the new address has signed in since the change", async () => {
    const bea = await changed("bea");
    expect(await signInCookie(auth, bea.newEmail, PASSWORD)).toContain("session_token");
    await expectNoUndo(bea);
  }, 60_000);

  it("stops working once the password has been changed since the change", async () => {
    const cal = await changed("cal");
    await auth.api.changePassword({
      body: { currentPassword: PASSWORD, newPassword: "a-new-password-1" },
      headers: new Headers({ Cookie: cal.cookie }),
    });
    await expectNoUndo(cal);
    expect((await logIn(cal.newEmail, "a-new-password-1")).location).toBe("/dashboard");
  }, 60_000);
});
