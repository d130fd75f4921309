// The admin dashboard's sections as routes: old ?tab= links still land, only an admin gets in, and every action
// answers an intent it does not know with 400 and changes nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookieFor, routeContext } from "../../../tests/support/auth";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createCardPage, getCardPageById } from "../../server/cards/cards.server";
import { type Auth, createAuth } from "../../server/platform/auth.server";
import { loadConfig } from "../../server/platform/env.server";
import * as cards from "./cards";
import * as earnings from "./earnings";
import * as index from "./index";
import * as orders from "./orders";
import * as referrers from "./referrers";

let t: TestDb;
let auth: Auth;
let context: AppLoadContext;
let adminCookie: string;
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "admin-sections-")),
  PUBLIC_URL: "http://shop.test",
});

beforeAll(async () => {
  t = await createTestDb();
  auth = createAuth({ db: t.db, config, queueEmail: async () => {} });
  context = routeContext(t.db, config, auth);
  adminCookie = await adminCookieFor(auth, t.db);
});
afterAll(() => t?.close());

type Answer = { status: number; location: string | null; data: Record<string, unknown> };

/** A loader's or action's answer as the browser sees it: status, redirect target and data. */
async function answer(run: (args: never) => unknown, request: Request): Promise<Answer> {
  let result: unknown;
  try {
    result = await run({ request, context, params: {} } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("Location"), data: {} };
  const d = result as { type?: string; init?: ResponseInit | null; data?: Record<string, unknown> };
  if (d?.type === "DataWithResponseInit")
    return { status: d.init?.status ?? 200, location: null, data: d.data ?? {} };
  return { status: 200, location: null, data: result as Record<string, unknown> };
}

const get = (url: string, cookie = adminCookie) =>
  new Request(`http://shop.test${url}`, { headers: { Cookie: cookie } });
const post = (url: string, fields: Record<string, string>, cookie = adminCookie) =>
  new Request(`http://shop.test${url}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

const sections = { orders, cards, earnings, referrers };
const withActions = { orders, cards, referrers };

describe("admin dashboard sections", () => {
  it("opens the Orders section, and old ?tab= links land on their section with the other parameters kept", async () => {
    const cases: [string, string][] = [
      ["/admin-dashboard", "/admin-dashboard/orders"],
      ["/admin-dashboard?tab=cards&q=wc341&page=2", "/admin-dashboard/cards?q=wc341&page=2"],
      ["/admin-dashboard?tab=referrers&q=sam&featured=1", "/admin-dashboard/referrers?q=sam&featured=1"],
      ["/admin-dashboard?tab=earnings", "/admin-dashboard/earnings"],
      [
        "/admin-dashboard?tab=orders&q=TC-1&status=paid&page=3",
        "/admin-dashboard/orders?q=TC-1&status=paid&page=3",
      ],
      // An unknown tab was shown as Orders before, and still is.
      ["/admin-dashboard?tab=nope&status=refunded", "/admin-dashboard/orders?status=refunded"],
    ];
    for (const [from, to] of cases) {
      const a = await answer(index.loader, get(from));
      expect({ from, status: a.status, location: a.location }).toEqual({ from, status: 302, location: to });
    }
  });

  it("sends a visitor to the admin sign-in from every section and refuses their posts with 403", async () => {
    for (const [name, section] of Object.entries({ index, ...sections })) {
      const a = await answer(section.loader, get(`/admin-dashboard/${name}`, ""));
      expect({ name, status: a.status, location: a.location }).toEqual({
        name,
        status: 302,
        location: "/admin-login",
      });
    }
    for (const [name, section] of Object.entries(withActions)) {
      const a = await answer(section.action, post(`/admin-dashboard/${name}`, { intent: "bogus" }, ""));
      expect({ name, status: a.status }).toEqual({ name, status: 403 });
    }
  });

  it("each section loads its own data for an admin", async () => {
    const card = await createCardPage(t.db, {
      name: "Ada",
      slug: "ada-sections",
      password: "pw-123456",
      links: [],
    });
    const list = (await answer(cards.loader, get("/admin-dashboard/cards?q=ada-sections"))).data;
    expect((list.cards as { id: string }[]).map((c) => c.id)).toEqual([card.id]);
    expect((await answer(orders.loader, get("/admin-dashboard/orders"))).data).toHaveProperty("queue");
    expect((await answer(earnings.loader, get("/admin-dashboard/earnings"))).data).toHaveProperty("totals");
    expect((await answer(referrers.loader, get("/admin-dashboard/referrers"))).data).toHaveProperty(
      "referrers",
    );
  });

  it("answers an intent a section does not know with 400 and a message, and does nothing", async () => {
    const card = await createCardPage(t.db, {
      name: "Bo",
      slug: "bo-sections",
      password: "pw-123456",
      links: [],
    });
    // Intents of one section posted to another, a made-up one and none at all.
    const foreign = { orders: "delete-card", cards: "set-featured", referrers: "mark-paid" };
    for (const [name, section] of Object.entries(withActions)) {
      for (const intent of [foreign[name as keyof typeof foreign], "bogus", undefined]) {
        const fields: Record<string, string> = { id: card.id, orderId: card.id, userId: card.id };
        if (intent) fields.intent = intent;
        const a = await answer(section.action, post(`/admin-dashboard/${name}`, fields));
        expect({ name, intent, status: a.status, error: a.data.error }).toEqual({
          name,
          intent,
          status: 400,
          error: "Unknown action",
        });
      }
    }
    expect(await getCardPageById(t.db, card.id)).not.toBeNull();
  });
});
