// Settings, Profile tab as routes: the details save whole or not at all, an avatar replaces the old upload, and
// an e-mail change mails the new address and changes nothing until its link is followed.
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, users } from "~/db/schema";
import { loader as authLoader } from "~/routes/api/auth";
import { type Auth, createAuth } from "~/server/platform/auth.server";
import { enqueueEmail } from "~/server/platform/email/outbox.server";
import { routeContext, signInCookie, verifiedCustomer } from "../../../../tests/support/auth";
import { type Answer, answer, getRequest, multipartRequest } from "../../../../tests/support/routes";
import { testConfig, toastOf } from "../../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../../tests/support/test-db";
import * as profile from "./profile";

let t: TestDb;
let auth: Auth;
let context: AppLoadContext;
const config = testConfig("profile-settings");
const PASSWORD = "customer-pass-1";

beforeAll(async () => {
  t = await createTestDb();
  // The real outbox: the test reads the messages the app queued.
  auth = createAuth({
    db: t.db,
    config,
    queueEmail: async (message) => {
      await enqueueEmail(t.db, message);
    },
  });
  context = routeContext(t.db, config, auth);
});
afterAll(() => t?.close());

const URL_BASE = "http://shop.test/dashboard/settings";
const get = (cookie: string, query = "") => getRequest(`${URL_BASE}${query}`, cookie);
const post = (cookie: string, fields: Record<string, string | File>) =>
  multipartRequest(URL_BASE, fields, cookie);
const fieldErrors = (a: Answer) => (a.data.result as { error?: Record<string, string[]> }).error ?? {};
const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

const png = async (background: string) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 64, height: 64, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    ],
    "me.png",
    { type: "image/png" },
  );
const onDisk = (url: string) =>
  fs.existsSync(path.join(config.dataDir, url.replace(/^\/uploads\//, "uploads/")));

describe("Settings, Profile", () => {
  it("sends an anonymous visitor to /login, for the page and for the form", async () => {
    const page = await answer(profile.loader, get(""), context);
    expect(page).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fdashboard%2Fsettings" });
    const save = await answer(profile.action, post("", { intent: "profile", firstName: "X" }), context);
    expect(save.status).toBe(302);
    expect(save.location).toMatch(/^\/login/);
  });

  it("saves first and last name as one name, with bio and location, and shows them again", async () => {
    const ada = await verifiedCustomer(auth, t.db, "Ada", "ada@example.com");
    const saved = await answer(
      profile.action,
      post(ada.cookie, {
        intent: "profile",
        firstName: "  Ada ",
        lastName: "Lovelace  King",
        bio: "Mathematician.\nFirst programmer.",
        location: "London",
      }),
      context,
    );
    expect(saved).toMatchObject({ status: 302, location: "/dashboard/settings" });
    expect(await toastOf(saved.headers)).toMatchObject({ type: "success", title: "Profile updated" });
    expect(await row(ada.id)).toMatchObject({
      name: "Ada Lovelace King",
      bio: "Mathematician.\nFirst programmer.",
      location: "London",
    });
    const page = await answer(profile.loader, get(ada.cookie), context);
    expect(page.data.profile).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace King",
      email: "ada@example.com",
      bio: "Mathematician.\nFirst programmer.",
      location: "London",
    });
  });

  it("refuses bad input with 400 and the field's message, and writes no field at all", async () => {
    const bea = await verifiedCustomer(auth, t.db, "Bea Before", "bea@example.com");
    const before = await row(bea.id);
    const cases: [Record<string, string>, string, string][] = [
      [{ firstName: "Bea", bio: "b".repeat(501) }, "bio", "Bio must be at most 500 characters"],
      [{ firstName: "Bea", bio: "b".repeat(200_000) }, "bio", "Bio must be at most 500 characters"],
      [{ firstName: "B".repeat(51) }, "firstName", "First name must be at most 50 characters"],
      [{ firstName: "  " }, "firstName", "First name is required"],
      [{ firstName: "Bea", lastName: "L".repeat(51) }, "lastName", "Last name must be at most 50 characters"],
      [
        { firstName: "Bea", location: "x".repeat(101) },
        "location",
        "Location must be at most 100 characters",
      ],
      [{ firstName: "Bea", location: "Line\none" }, "location", "Location must be on one line"],
      [{ firstName: "Bea\u0000" }, "firstName", "First name contains characters that are not allowed"],
    ];
    for (const [fields, field, message] of cases) {
      const refused = await answer(
        profile.action,
        post(bea.cookie, { intent: "profile", lastName: "Changed", location: "Paris", ...fields }),
        context,
      );
      expect(refused.status, message).toBe(400);
      expect(fieldErrors(refused)[field], message).toEqual([message]);
    }
    expect(await row(bea.id)).toMatchObject({ name: before.name, bio: null, location: null });
  });

  it("answers an unknown intent with 400 and changes nothing", async () => {
    const cy = await verifiedCustomer(auth, t.db, "Cy", "cy@example.com");
    const unknown = await answer(
      profile.action,
      post(cy.cookie, { intent: "delete", firstName: "Zed" }),
      context,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ error: "Unknown action" });
    const missing = await answer(profile.action, post(cy.cookie, { firstName: "Zed" }), context);
    expect(missing.status).toBe(400);
    expect((await row(cy.id)).name).toBe("Cy");
  });

  it("stores an avatar by the card form's image rule and deletes the upload it replaces", async () => {
    const dee = await verifiedCustomer(auth, t.db, "Dee", "dee@example.com");
    const first = await answer(
      profile.action,
      post(dee.cookie, { intent: "avatar", avatar: await png("#102030") }),
      context,
    );
    expect(first).toMatchObject({ status: 302, location: "/dashboard/settings" });
    const firstUrl = (await row(dee.id)).image!;
    expect(firstUrl).toMatch(/^\/uploads\/profiles\/[a-f0-9]{32}\.webp$/);
    expect(onDisk(firstUrl)).toBe(true);

    const second = await answer(
      profile.action,
      post(dee.cookie, { intent: "avatar", avatar: await png("#405060") }),
      context,
    );
    expect(second.status).toBe(302);
    const secondUrl = (await row(dee.id)).image!;
    expect(secondUrl).not.toBe(firstUrl);
    expect(onDisk(secondUrl)).toBe(true);
    expect(onDisk(firstUrl)).toBe(false);
    expect(onDisk(firstUrl.replace(/\.webp$/, ".jpg"))).toBe(false);
  });

  it("refuses a file that is not an image with 400 and keeps the avatar it has", async () => {
    const eve = await verifiedCustomer(auth, t.db, "Eve", "eve@example.com");
    await answer(
      profile.action,
      post(eve.cookie, { intent: "avatar", avatar: await png("#111111") }),
      context,
    );
    const kept = (await row(eve.id)).image!;
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "x.png", { type: "image/png" });
    const refused = await answer(
      profile.action,
      post(eve.cookie, { intent: "avatar", avatar: svg }),
      context,
    );
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused).avatar).toEqual(["Please select an image file"]);
    const none = await answer(profile.action, post(eve.cookie, { intent: "avatar" }), context);
    expect(none.status).toBe(400);
    expect(fieldErrors(none).avatar).toEqual(["Please select an image file"]);
    expect((await row(eve.id)).image).toBe(kept);
    expect(onDisk(kept)).toBe(true);
  });

  it("keeps a replaced avatar's file while another account shows the same image", async () => {
    const fay = await verifiedCustomer(auth, t.db, "Fay", "fay@example.com");
    const gus = await verifiedCustomer(auth, t.db, "Gus", "gus@example.com");
    const same = await png("#abcdef");
    await answer(profile.action, post(fay.cookie, { intent: "avatar", avatar: same }), context);
    await answer(profile.action, post(gus.cookie, { intent: "avatar", avatar: same }), context);
    const shared = (await row(fay.id)).image!;
    expect((await row(gus.id)).image).toBe(shared);
    await answer(
      profile.action,
      post(gus.cookie, { intent: "avatar", avatar: await png("#fedcba") }),
      context,
    );
    expect(onDisk(shared)).toBe(true);
  });
});

describe("Settings, Profile: e-mail change", () => {
  const outboxTo = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

  it("refuses an address another account has, with a clear message, and mails nobody", async () => {
    const hal = await verifiedCustomer(auth, t.db, "Hal", "hal@example.com");
    await verifiedCustomer(auth, t.db, "Ivy", "ivy@example.com");
    const ivysMail = (await outboxTo("ivy@example.com")).length;
    const taken = await answer(
      profile.action,
      post(hal.cookie, { intent: "email", newEmail: "IVY@example.com" }),
      context,
    );
    expect(taken.status).toBe(400);
    expect(fieldErrors(taken).newEmail).toEqual(["This e-mail address is already used by another account"]);
    const same = await answer(
      profile.action,
      post(hal.cookie, { intent: "email", newEmail: "hal@example.com" }),
      context,
    );
    expect(fieldErrors(same).newEmail).toEqual(["This is already your e-mail address"]);
    const bad = await answer(
      profile.action,
      post(hal.cookie, { intent: "email", newEmail: "not an address" }),
      context,
    );
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad).newEmail).toEqual(["Invalid email address"]);
    expect(await outboxTo("ivy@example.com")).toHaveLength(ivysMail);
    expect((await row(hal.id)).email).toBe("hal@example.com");
  });

  it("mails a link to the new address and changes the address only once the link is followed", async () => {
    const jo = await verifiedCustomer(auth, t.db, "Jo Secret-Name", "jo@example.com");
    const asked = await answer(
      profile.action,
      post(jo.cookie, { intent: "email", newEmail: " Jo.New@Example.com " }),
      context,
    );
    expect(asked).toMatchObject({ status: 302, location: "/dashboard/settings" });
    expect(await toastOf(asked.headers)).toMatchObject({ type: "success", title: "Check your new inbox" });

    // Queued for the new address; the account keeps its old one meanwhile, and still signs in with it.
    const [mail, ...more] = await outboxTo("jo.new@example.com");
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Confirm your new e-mail for TapCard");
    // The new address has not proven it is the account holder's: the account's free text is not sent to it.
    expect(mail!.text).not.toContain("Secret-Name");
    expect((await row(jo.id)).email).toBe("jo@example.com");
    expect(await signInCookie(auth, "jo@example.com", PASSWORD)).toContain("session_token");

    const link = /https?:\/\/\S+\/api\/auth\/verify-email\S+/.exec(mail!.text)![0];
    const followed = await answer(authLoader, new Request(link), context);
    expect(followed.status).toBe(302);
    expect(followed.location).toBe("/dashboard/settings?email=confirmed");
    expect(await row(jo.id)).toMatchObject({ email: "jo.new@example.com", emailVerified: true });
    const page = await answer(profile.loader, get(jo.cookie, "?email=confirmed"), context);
    expect(page.data.notice).toMatchObject({
      tone: "success",
      text: "Your account's e-mail address is now jo.new@example.com.",
    });

    // The link works once: the account's address is no longer the one it was issued for.
    const again = await answer(authLoader, new Request(link), context);
    expect(again.location).toMatch(/\/dashboard\/settings\?email=confirmed&error=/);
  });

  it("says so when a change link is broken", async () => {
    const kit = await verifiedCustomer(auth, t.db, "Kit", "kit@example.com");
    const page = await answer(
      profile.loader,
      get(kit.cookie, "?email=confirmed&error=INVALID_TOKEN"),
      context,
    );
    expect(page.data.notice).toMatchObject({ tone: "error" });
    const [user] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.id, kit.id), eq(users.email, "kit@example.com")));
    expect(user).toBeTruthy();
  });
});
