// The admin's Owner field: a customer's e-mail sets the card's owner on create, edit and 'Create client page';
// blank clears it; an e-mail no customer has (or an admin's) is refused beside the field and nothing is written.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookieFor, routeContext, testAuth } from "../../../tests/support/auth";
import { type Answer, answer, getRequest, postRequest } from "../../../tests/support/routes";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { cardPages, users } from "../../db/schema";
import { createCardPage } from "../../server/cards/cards.server";
import { loadConfig } from "../../server/platform/env.server";
import * as cards from "./cards";
import * as createCard from "./create-card";
import * as customers from "./customers";
import * as editCard from "./edit-card";

let t: TestDb;
let context: AppLoadContext;
let adminCookie: string;
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "card-owner-")),
  PUBLIC_URL: "http://shop.test",
});
const NO_CUSTOMER = "No customer account has this e-mail";

beforeAll(async () => {
  t = await createTestDb();
  const auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  adminCookie = await adminCookieFor(auth, t.db);
  await t.db.insert(users).values([
    { id: "cust-ann", name: "Ann", email: "ann@example.com", role: "customer" },
    { id: "cust-ben", name: "Ben", email: "ben@example.com", role: "customer" },
  ]);
});
afterAll(() => t?.close());

const get = (url: string, cookie = adminCookie) => getRequest(`http://shop.test${url}`, cookie);
const post = (url: string, fields: Record<string, string>) =>
  postRequest(`http://shop.test${url}`, fields, adminCookie);

const cardFields = (slug: string, ownerEmail: string) => ({
  name: "Owned Card",
  slug,
  password: "edit-password-1",
  ownerEmail,
});

const ownerOf = async (slug: string) => {
  const [row] = await t.db
    .select({ ownerUserId: cardPages.ownerUserId })
    .from(cardPages)
    .where(eq(cardPages.slug, slug));
  return row ? row.ownerUserId : "no page";
};

const fieldErrors = (a: Answer) =>
  (a.data.result as { error?: Record<string, string[]> } | undefined)?.error ?? {};

describe("the admin's Owner field", () => {
  it("create with a customer's e-mail (any case) makes the card theirs; blank leaves it without owner", async () => {
    const made = await answer(
      createCard.action,
      post("/admin-dashboard/cards/new", cardFields("owner-create", " ANN@Example.com ")),
      context,
    );
    expect(made.status).toBe(302);
    expect(await ownerOf("owner-create")).toBe("cust-ann");

    await answer(
      createCard.action,
      post("/admin-dashboard/cards/new", cardFields("owner-none", "")),
      context,
    );
    expect(await ownerOf("owner-none")).toBeNull();
  });

  it("refuses an unknown e-mail and an admin's e-mail beside the field, and writes nothing", async () => {
    for (const email of ["nobody@example.com", "boss@example.com"]) {
      const slug = `refused-${email.split("@")[0]}`;
      const a = await answer(
        createCard.action,
        post("/admin-dashboard/cards/new", cardFields(slug, email)),
        context,
      );
      expect({ email, status: a.status, errors: fieldErrors(a) }).toEqual({
        email,
        status: 400,
        errors: { ownerEmail: [NO_CUSTOMER] },
      });
      expect(await ownerOf(slug)).toBe("no page");
    }
  });

  it("edit changes the owner, shows it on the form, refuses an unknown e-mail unchanged and blank clears it", async () => {
    const card = await createCardPage(t.db, {
      name: "Edited",
      slug: "owner-edit",
      password: "edit-password-1",
      links: [],
      ownerUserId: "cust-ann",
    });
    const url = `/admin-dashboard/cards/${card.id}/edit`;
    const edit = (ownerEmail: string, name = "Edited") =>
      answer(editCard.action, post(url, { name, slug: "owner-edit", ownerEmail }), context, { id: card.id });
    const shown = async () =>
      (
        await answer(editCard.loader, get(url), context, {
          id: card.id,
        })
      ).data.ownerEmail;

    expect(await shown()).toBe("ann@example.com");
    expect((await edit("ben@example.com")).status).toBe(302);
    expect(await ownerOf("owner-edit")).toBe("cust-ben");
    expect(await shown()).toBe("ben@example.com");

    const refused = await edit("boss@example.com", "Renamed");
    expect({ status: refused.status, errors: fieldErrors(refused) }).toEqual({
      status: 400,
      errors: { ownerEmail: [NO_CUSTOMER] },
    });
    const [row] = await t.db.select().from(cardPages).where(eq(cardPages.id, card.id));
    expect({ name: row?.name, owner: row?.ownerUserId }).toEqual({ name: "Edited", owner: "cust-ben" });

    expect((await edit("")).status).toBe(302);
    expect(await ownerOf("owner-edit")).toBeNull();
    expect(await shown()).toBe("");
  });

  it("'Create client page' takes an owner, and refuses an unknown one beside the field without a page", async () => {
    const made = await answer(
      cards.action,
      post("/admin-dashboard/cards", {
        intent: "create-client",
        name: "Client Owned",
        ownerEmail: "ben@example.com",
      }),
      context,
    );
    expect(made.status).toBe(200);
    expect(await ownerOf("client-owned")).toBe("cust-ben");

    const refused = await answer(
      cards.action,
      post("/admin-dashboard/cards", {
        intent: "create-client",
        name: "Client Refused",
        ownerEmail: "x@example.com",
      }),
      context,
    );
    expect({ status: refused.status, errors: fieldErrors(refused) }).toEqual({
      status: 400,
      errors: { ownerEmail: [NO_CUSTOMER] },
    });
    expect(await ownerOf("client-refused")).toBe("no page");
  });

  it("suggests at most 10 customers by e-mail prefix, to an admin only, and never an admin or a wildcard match", async () => {
    await t.db.insert(users).values(
      Array.from({ length: 12 }, (_, i) => ({
        id: `cust-many-${i}`,
        name: `Many ${i}`,
        email: `many-${String(i).padStart(2, "0")}@example.com`,
        role: "customer",
      })),
    );
    const search = async (q: string, cookie = adminCookie) => {
      const a = await answer(
        customers.loader,
        get(`/admin-dashboard/customers?q=${encodeURIComponent(q)}`, cookie),
        context,
      );
      return a.status === 200 && !a.location ? JSON.parse(a.body).customers : a.status;
    };
    expect(await search("ANN@")).toEqual([{ email: "ann@example.com", name: "Ann" }]);
    expect(await search("an")).toEqual([]);
    expect(await search("bos")).toEqual([]);
    expect(await search("%%%")).toEqual([]);
    expect(await search("___")).toEqual([]);
    expect((await search("many")).map((c: { email: string }) => c.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `many-${String(i).padStart(2, "0")}@example.com`),
    );
    expect(await search("ann@", "")).toBe(302);
  });
});
