// The admin's featured referrers: listed from the database, toggled only by an admin, shown in the cart.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referrers, users } from "~/db/schema";
import { action as adminAction, loader as adminLoader } from "~/routes/admin/referrers";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, getRequest, postRequest } from "../../../tests/support/routes";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../accounts/auth.server";
import { loadConfig } from "../platform/env.server";
import { allowedReferrers, listReferrersForAdmin, seedDemoReferrers } from "./referrals.server";

let t: TestDb;
let auth: Auth;
let context: AppLoadContext;
let adminCookie: string;
let customerCookie: string;
let reseller: { id: string; name: string };

const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "referrers-")),
  PUBLIC_URL: "http://shop.test",
});

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  await seedDemoReferrers(t.db);
  adminCookie = await adminCookieFor(auth, t.db);
  customerCookie = (await verifiedCustomer(auth, t.db, "Carla Customer", "carla@example.com")).cookie;
  const [r] = await t.db
    .insert(users)
    .values({ id: crypto.randomUUID(), name: "Rowan Reseller", email: "rowan@resellers.example" })
    .returning();
  reseller = { id: r!.id, name: r!.name };
});
afterAll(() => t?.close());

const REFERRERS = "http://shop.test/admin-dashboard/referrers";
const post = (cookie: string, fields: Record<string, string>) =>
  answer(adminAction, postRequest(REFERRERS, fields, cookie), context);

const cartNames = async () =>
  (await allowedReferrers(t.db, { refCode: null, cartReferrerUserId: null, viewerUserId: null })).map(
    (r) => r.name,
  );

describe("featured referrers", () => {
  it("lists customer accounts with their codes and featured state, never admins, searchable", async () => {
    const all = await listReferrersForAdmin(t.db, {});
    const names = all.referrers.map((r) => r.name);
    expect(names).toEqual(["Carla Customer", "Priya Shah", "Rowan Reseller", "Sam Taylor"]);
    expect(all.referrers.find((r) => r.name === "Sam Taylor")).toMatchObject({
      featured: true,
      code: "SAMTAYLOR",
      referredOrders: 0,
    });
    expect(all.referrers.find((r) => r.name === "Rowan Reseller")).toMatchObject({
      featured: false,
      code: null,
    });

    expect((await listReferrersForAdmin(t.db, { q: "rowan@" })).referrers.map((r) => r.name)).toEqual([
      "Rowan Reseller",
    ]);
    expect((await listReferrersForAdmin(t.db, { q: "priyash" })).referrers.map((r) => r.name)).toEqual([
      "Priya Shah",
    ]);
    expect((await listReferrersForAdmin(t.db, { q: "100%" })).referrers).toEqual([]);
    expect((await listReferrersForAdmin(t.db, { featuredOnly: true })).referrers.map((r) => r.name)).toEqual([
      "Priya Shah",
      "Sam Taylor",
    ]);

    const tab = (await answer(adminLoader, getRequest(`${REFERRERS}?q=rowan`, adminCookie), context))
      .data as {
      referrers: { name: string }[];
    };
    expect(tab.referrers.map((r) => r.name)).toEqual(["Rowan Reseller"]);
  });

  it("refuses a non-admin or a visitor with 403 and changes nothing", async () => {
    for (const cookie of [customerCookie, ""]) {
      const reply = await post(cookie, { intent: "set-featured", userId: reseller.id, featured: "true" });
      expect(reply.status).toBe(403);
    }
    expect(await t.db.select().from(referrers).where(eq(referrers.userId, reseller.id))).toEqual([]);
    expect(await cartNames()).not.toContain(reseller.name);
  });

  it("an admin features a customer, who then appears in the cart's selector, and can take it back", async () => {
    const featured = await post(adminCookie, {
      intent: "set-featured",
      userId: reseller.id,
      featured: "true",
    });
    expect(featured.data.ok).toBe(true);
    expect(await cartNames()).toEqual(["Priya Shah", "Rowan Reseller", "Sam Taylor"]);
    const [row] = await t.db.select().from(referrers).where(eq(referrers.userId, reseller.id));
    expect(row).toMatchObject({ featured: true });
    expect(row!.code).toMatch(/^[A-Za-z0-9_-]{4,40}$/);

    await post(adminCookie, { intent: "set-featured", userId: reseller.id, featured: "false" });
    expect(await cartNames()).toEqual(["Priya Shah", "Sam Taylor"]);
  });

  it("answers bad input with 4xx and a message, never 500", async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, "boss@example.com"));
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "set-featured", userId: "nobody", featured: "true" }, 404, "Referrer not found"],
      [{ intent: "set-featured", userId: admin!.id, featured: "true" }, 404, "Referrer not found"],
      [
        { intent: "set-featured", userId: reseller.id, featured: "maybe" },
        400,
        "The request was not understood",
      ],
      [{ intent: "set-featured", featured: "true" }, 400, "The request was not understood"],
    ];
    for (const [fields, status, message] of cases) {
      const reply = await post(adminCookie, fields);
      expect(reply.status, JSON.stringify(fields)).toBe(status);
      expect(reply.data.error).toBe(message);
    }
    expect(await cartNames()).toEqual(["Priya Shah", "Sam Taylor"]);
  });
});
