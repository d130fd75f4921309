// The admin dashboard's sections as routes: old ?tab= links still land, only an admin gets in, and every action
// answers an intent it does not know with 400 and changes nothing.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookieFor, routeContext, testAuth } from "../../../tests/support/auth";
import { answer, getRequest, postRequest } from "../../../tests/support/routes";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../../server/accounts/auth.server";
import { getCardPageById } from "../../server/cards/card-reads.server";
import { createCardPage } from "../../server/cards/cards.server";
import { createShop } from "../../server/cards/shops.server";
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
  auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  adminCookie = await adminCookieFor(auth, t.db);
});
afterAll(() => t?.close());

const get = (url: string, cookie = adminCookie) => getRequest(`http://shop.test${url}`, cookie);
const post = (url: string, fields: Record<string, string>, cookie = adminCookie) =>
  postRequest(`http://shop.test${url}`, fields, cookie);

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
      const a = await answer(index.loader, get(from), context);
      expect({ from, status: a.status, location: a.location }).toEqual({ from, status: 302, location: to });
    }
  });

  it("sends a visitor to the admin sign-in from every section and refuses their posts with 403", async () => {
    for (const [name, section] of Object.entries({ index, ...sections })) {
      const a = await answer(section.loader, get(`/admin-dashboard/${name}`, ""), context);
      expect({ name, status: a.status, location: a.location }).toEqual({
        name,
        status: 302,
        location: "/admin-login",
      });
    }
    for (const [name, section] of Object.entries(withActions)) {
      const a = await answer(
        section.action,
        post(`/admin-dashboard/${name}`, { intent: "bogus" }, ""),
        context,
      );
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
    const list = (await answer(cards.loader, get("/admin-dashboard/cards?q=ada-sections"), context)).data;
    expect((list.cards as { id: string }[]).map((c) => c.id)).toEqual([card.id]);
    expect((await answer(orders.loader, get("/admin-dashboard/orders"), context)).data).toHaveProperty(
      "queue",
    );
    expect((await answer(earnings.loader, get("/admin-dashboard/earnings"), context)).data).toHaveProperty(
      "totals",
    );
    expect((await answer(referrers.loader, get("/admin-dashboard/referrers"), context)).data).toHaveProperty(
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
        const a = await answer(section.action, post(`/admin-dashboard/${name}`, fields), context);
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

  const shopFields = { location: undefined, contactEmail: undefined, contactPhone: undefined };
  it("lists shops 20 a page, newest first, and still opens the edit and move dialogs for any shop", async () => {
    const made: { id: string; name: string }[] = [];
    for (let i = 0; i < 23; i++)
      made.push(await createShop(t.db, { ...shopFields, name: `Paged shop ${String(i).padStart(2, "0")}` }));
    const card = await createCardPage(t.db, {
      name: "Cy",
      slug: "cy-shops",
      password: "pw-123456",
      links: [],
    });
    type Page = { shops: { name: string }[]; shopPages: { page: number; pages: number } };
    const first = (await answer(cards.loader, get("/admin-dashboard/cards"), context)).data as Page;
    const second = (await answer(cards.loader, get("/admin-dashboard/cards?shops=2"), context)).data as Page;
    const names = (page: Page) => page.shops.map((s) => s.name);
    expect([names(first).length, names(second).length]).toEqual([20, 3]);
    expect(new Set([...names(first), ...names(second)])).toEqual(new Set(made.map((s) => s.name)));
    expect([first.shopPages, second.shopPages]).toEqual([
      { page: 1, pages: 2 },
      { page: 2, pages: 2 },
    ]);
    // A shop just added is at the top of the first page.
    await createShop(t.db, { ...shopFields, name: "Paged shop newest" });
    const again = (await answer(cards.loader, get("/admin-dashboard/cards"), context)).data as Page;
    expect(names(again)).toContain("Paged shop newest");
    // A page past the end (its last shop just deleted) shows the last page, and nonsense the first.
    const past = (await answer(cards.loader, get("/admin-dashboard/cards?shops=9"), context)).data as Page;
    expect(past.shopPages).toEqual({ page: 2, pages: 2 });
    expect(names(past)).toHaveLength(4);
    const nonsense = (await answer(cards.loader, get("/admin-dashboard/cards?shops=x"), context))
      .data as Page;
    expect(nonsense.shopPages.page).toBe(1);

    // The oldest shop is on page 2; its edit dialog opens from page 1 as well.
    const editing = await answer(cards.loader, get(`/admin-dashboard/cards?shop=${made[0].id}`), context);
    expect(editing.data.editedShop).toMatchObject({ id: made[0].id, name: made[0].name, cardCount: 0 });
    expect(
      (await answer(cards.loader, get("/admin-dashboard/cards?shop=nope"), context)).data.editedShop,
    ).toBeNull();
    // Every shop is offered, by name, only while a card is being moved.
    expect(first).toHaveProperty("allShops", null);
    const moving = await answer(cards.loader, get(`/admin-dashboard/cards?move=${card.id}`), context);
    const offered = (moving.data.allShops as { name: string }[]).map((s) => s.name);
    expect(offered).toEqual([...offered].sort());
    expect(offered).toEqual(expect.arrayContaining(made.map((s) => s.name)));
  });
});
