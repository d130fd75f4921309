// Settings → Notifications as a route: the choices are saved per account, survive the next load, never touch
// another account or the saved delivery address, and bad posts change nothing.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerPreferences } from "~/db/schema";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "~/schemas/notifications";
import { routeContext, testAuth, verifiedCustomer } from "../../../../tests/support/auth";
import { answer, getRequest, postRequest } from "../../../../tests/support/routes";
import { toastOf } from "../../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../../tests/support/test-db";
import type { Auth } from "../../../server/accounts/auth.server";
import { loadConfig } from "../../../server/platform/env.server";
import * as notifications from "./notifications";

const URL = "http://shop.test/dashboard/settings/notifications";
let t: TestDb;
let auth: Auth;
let context: AppLoadContext;
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "notifications-")),
  PUBLIC_URL: "http://shop.test",
});

let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
  bob = await verifiedCustomer(auth, t.db, "Bob", "bob@example.com");
});
afterAll(() => t?.close());

const load = async (cookie: string) =>
  (await answer(notifications.loader, getRequest(URL, cookie), context)).data;
const save = (cookie: string, fields: Record<string, string>) =>
  answer(notifications.action, postRequest(URL, fields, cookie), context);

describe("Settings, Notifications", () => {
  it("sends an anonymous visitor to /login and saves nothing for them", async () => {
    expect(await answer(notifications.loader, getRequest(URL), context)).toMatchObject({
      status: 302,
      location: "/login?redirectTo=%2Fdashboard%2Fsettings%2Fnotifications",
    });
    const posted = await save("", { intent: "save", marketingUpdates: "on" });
    expect(posted.status).toBe(302);
    expect(posted.location).toMatch(/^\/login/);
    expect(await t.db.select().from(customerPreferences)).toEqual([]);
  });

  it("starts with e-mail, card taps and new contacts on, link clicks and marketing off", async () => {
    expect(await load(alice.cookie)).toEqual({ preferences: DEFAULT_NOTIFICATION_PREFERENCES });
    expect(DEFAULT_NOTIFICATION_PREFERENCES).toEqual({
      emailNotifications: true,
      cardTapsDigest: true,
      linkClicksDigest: false,
      marketingUpdates: false,
      newContactEmails: true,
    });
  });

  it("saves the ticked boxes with a toast, and the next load shows them; another account keeps its own", async () => {
    const saved = await save(alice.cookie, {
      intent: "save",
      linkClicksDigest: "on",
      marketingUpdates: "on",
    });
    expect(saved).toMatchObject({ status: 302, location: "/dashboard/settings/notifications" });
    expect(await toastOf(saved.headers)).toMatchObject({
      type: "success",
      title: "Notification preferences saved",
    });
    expect(await load(alice.cookie)).toEqual({
      preferences: {
        emailNotifications: false,
        cardTapsDigest: false,
        linkClicksDigest: true,
        marketingUpdates: true,
        newContactEmails: false,
      },
    });
    expect(await load(bob.cookie)).toEqual({ preferences: DEFAULT_NOTIFICATION_PREFERENCES });

    await save(alice.cookie, { intent: "save", emailNotifications: "on", cardTapsDigest: "on" });
    expect((await load(alice.cookie)).preferences).toEqual({
      emailNotifications: true,
      cardTapsDigest: true,
      linkClicksDigest: false,
      marketingUpdates: false,
      newContactEmails: false,
    });
  });

  it("leaves the saved delivery address of the same row alone", async () => {
    const delivery = {
      fullName: "Bob B",
      email: "bob@example.com",
      phone: "+44 7700 900000",
      addressLine1: "1 Road",
      city: "London",
      postalCode: "N1 1AA",
      country: "United Kingdom",
    };
    await t.db.insert(customerPreferences).values({ userId: bob.id, savedDelivery: delivery });
    await save(bob.cookie, { intent: "save", emailNotifications: "on" });
    const [row] = await t.db.select().from(customerPreferences).where(eq(customerPreferences.userId, bob.id));
    expect(row).toMatchObject({ savedDelivery: delivery, emailNotifications: true, cardTapsDigest: false });
  });

  it("answers a value that is not a tick, or an unknown intent, with 400 and changes nothing", async () => {
    const before = await load(alice.cookie);
    const bad = await save(alice.cookie, { intent: "save", emailNotifications: "x".repeat(5000) });
    expect(bad.status).toBe(400);
    const unknown = await save(alice.cookie, { intent: "delete-everything" });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.data)).toContain("Unknown action");
    expect(await load(alice.cookie)).toEqual(before);
  });
});
