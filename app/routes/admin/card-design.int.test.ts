// The admin's design controls: any card's Design page (the owner's controls, from the card form), and the shop's
// default design, which every new card page starts in and an owner's 'Reset to default' goes back to, while
// pages that exist keep theirs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, pageLinks } from "~/db/schema";
import { designFromStored } from "~/schemas/card-design";
import { DEFAULT_DESIGN } from "~/utils/card-design/options";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, getRequest, postRequest } from "../../../tests/support/routes";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createCardPage } from "../../server/cards/cards.server";
import { loadConfig } from "../../server/platform/env.server";
import * as ownerDesign from "../dashboard/card-design";
import * as design from "./card-design";
import * as defaultDesign from "./default-design";
import * as defaultPreview from "./default-design-preview";

let t: TestDb;
let context: AppLoadContext;
const cookies = { admin: "", alice: "" };
let aliceId = "";
let card: { id: string; cardNumber: string; slug: string };
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "admin-card-design-")),
  PUBLIC_URL: "http://shop.test",
});
const MONO = {
  theme: "mono",
  variant: "dark",
  brand: "#B45309",
  brandPicker: "#4338ca",
  brandSaved: "#4338ca",
  buttonFill: "outlined",
  buttonShape: "square",
  font: "mono",
};
const links = [
  { title: "Website", url: "https://example.com", icon: "globe" },
  { title: "Blog", url: "https://blog.example.com", icon: "globe" },
];

beforeAll(async () => {
  t = await createTestDb();
  const auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  cookies.admin = await adminCookieFor(auth, t.db);
  const alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
  cookies.alice = alice.cookie;
  aliceId = alice.id;
  card = await createCardPage(
    t.db,
    { name: "Alice Admin", slug: "alice-admin", password: "alice-edit-1", ownerUserId: aliceId, links },
    { announce: false },
  );
});
afterAll(() => t?.close());

const stored = async (id = card.id) => (await t.db.select().from(cardPages).where(eq(cardPages.id, id)))[0]!;
const adminPost = (fields: Record<string, string>) =>
  answer(
    design.action,
    postRequest(`http://shop.test/admin-dashboard/edit/${card.id}/design`, fields, cookies.admin),
    context,
    { id: card.id },
  );
const defaultPost = (fields: Record<string, string>, who: keyof typeof cookies = "admin") =>
  answer(
    defaultDesign.action,
    postRequest("http://shop.test/admin-dashboard/default-design", fields, cookies[who]),
    context,
  );
const newCard = (slug: string) =>
  createCardPage(t.db, { name: "New Card", slug, password: "new-edit-12", links: [] }, { announce: false });

describe("the admin's design controls", () => {
  it("design any card from its Design page: saved, a link hidden, the card's version moved on", async () => {
    const page = await answer(
      design.loader,
      getRequest(`http://shop.test/admin-dashboard/edit/${card.id}/design`, cookies.admin),
      context,
      { id: card.id },
    );
    expect(page.data).toMatchObject({ card: { cardNumber: card.cardNumber }, isDefault: true });
    const version = (await stored()).version;
    expect(await adminPost({ intent: "save-design", ...MONO })).toMatchObject({
      status: 302,
      location: `/admin-dashboard/edit/${card.id}/design`,
    });
    expect((await stored()).design).toMatchObject({ theme: "mono", brand: "#b45309", font: "mono" });
    const [blog] = await t.db.select().from(pageLinks).where(eq(pageLinks.title, "Blog"));
    await adminPost({ intent: "hide-link", linkId: blog!.id });
    const [hidden] = await t.db.select().from(pageLinks).where(eq(pageLinks.id, blog!.id));
    expect(hidden!.hidden).toBe(true);
    expect((await stored()).version).toBe(version + 2);
  });

  it("answers 404 for a card that does not exist", async () => {
    const missing = crypto.randomUUID();
    const page = await answer(
      design.loader,
      getRequest(`http://shop.test/admin-dashboard/edit/${missing}/design`, cookies.admin),
      context,
      { id: missing },
    );
    expect(page.status).toBe(404);
  });
});

describe("the shop's default design", () => {
  it("is where every new card page starts, and pages that exist keep theirs", async () => {
    const before = await stored();
    expect(
      await defaultPost({ intent: "save-design", ...MONO, theme: "paper", variant: "light" }),
    ).toMatchObject({ status: 302, location: "/admin-dashboard/default-design" });
    const created = await newCard("new-in-default");
    expect(designFromStored((await stored(created.id)).design)).toMatchObject({
      theme: "paper",
      variant: "light",
      brand: "#b45309",
    });
    expect((await stored()).design).toEqual(before.design);
  });

  it("is what an owner's 'Reset to default' goes back to", async () => {
    await answer(
      ownerDesign.action,
      postRequest(
        `http://shop.test/dashboard/cards/${card.cardNumber}/design`,
        { intent: "reset-design" },
        cookies.alice,
      ),
      context,
      { cardNumber: card.cardNumber },
    );
    expect(designFromStored((await stored()).design)).toMatchObject({ theme: "paper", brand: "#b45309" });
    const page = await answer(
      ownerDesign.loader,
      getRequest(`http://shop.test/dashboard/cards/${card.cardNumber}/design`, cookies.alice),
      context,
      { cardNumber: card.cardNumber },
    );
    expect(page.data.isDefault).toBe(true);
  });

  it("refuses a colour that is not one, saving nothing", async () => {
    const refused = await defaultPost({
      intent: "save-design",
      ...MONO,
      brand: "#12345",
    });
    expect(refused.status).toBe(400);
    const page = await answer(
      defaultDesign.loader,
      getRequest("http://shop.test/admin-dashboard/default-design", cookies.admin),
      context,
    );
    expect(page.data).toMatchObject({ custom: true, design: { theme: "paper", brand: "#b45309" } });
  });

  it("shows a sample card in the design in its address, framed only by our own pages", async () => {
    const preview = await answer(
      defaultPreview.loader,
      getRequest(
        "http://shop.test/admin-dashboard/default-design/preview?theme=bold&brand=%23b45309",
        cookies.admin,
      ),
      context,
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toContain("Your Name");
    expect(preview.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
  });

  it("reset goes back to the built-in design for new cards", async () => {
    await defaultPost({ intent: "reset-design" });
    const created = await newCard("new-after-reset");
    expect(designFromStored((await stored(created.id)).design)).toEqual(DEFAULT_DESIGN);
  });

  it("is the admin's only: a customer's post changes nothing", async () => {
    const refused = await defaultPost({ intent: "save-design", ...MONO }, "alice");
    expect(refused.status).not.toBe(302);
    const created = await newCard("new-after-refusal");
    expect(designFromStored((await stored(created.id)).design)).toEqual(DEFAULT_DESIGN);
  });
});
