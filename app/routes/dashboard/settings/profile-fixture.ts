// The Settings, Profile tests' shared setup: a database, customers signed in, the tab read and posted to as a
// browser would, and pictures to upload.

import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll } from "vitest";
import { users } from "~/db/schema";
import type { Auth } from "~/server/accounts/auth.server";
import { enqueueEmail } from "~/server/platform/email/outbox.server";
import { routeContext, testAuth } from "../../../../tests/support/auth";
import { type Answer, getRequest, multipartRequest } from "../../../../tests/support/routes";
import { testConfig } from "../../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../../tests/support/test-db";

export let t: TestDb;
export let auth: Auth;
export let context: AppLoadContext;
export const config = testConfig("profile-settings");
export const PASSWORD = "customer-pass-1";

beforeAll(async () => {
  t = await createTestDb();
  // The real outbox: the test reads the messages the app queued.
  auth = testAuth(t.db, config, async (message) => {
    await enqueueEmail(t.db, message);
  });
  context = routeContext(t.db, config, auth);
});
afterAll(() => t?.close());

const URL_BASE = "http://shop.test/dashboard/settings";
export const get = (cookie: string, query = "") => getRequest(`${URL_BASE}${query}`, cookie);
export const post = (cookie: string, fields: Record<string, string | File>) =>
  multipartRequest(URL_BASE, fields, cookie);
export const fieldErrors = (a: Answer) => (a.data.result as { error?: Record<string, string[]> }).error ?? {};
export const row = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

export const png = async (background: string) =>
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
export const onDisk = (url: string) =>
  fs.existsSync(path.join(config.dataDir, url.replace(/^\/uploads\//, "uploads/")));
