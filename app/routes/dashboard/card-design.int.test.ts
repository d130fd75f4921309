// My Cards -> Design through its routes: the owner saves a design and the public page is drawn in it (its policy
// hashing the new stylesheet), a bad colour is refused with the form's message and saves nothing, a hidden link
// leaves the page, the vCard and /go/, links move up and down, the preview shows what is not saved, and nobody
// but the owner can see or change any of it.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages } from "~/db/schema";
import { DESIGN_MESSAGES } from "~/schemas/card-design";
import { paletteOf } from "~/utils/card-design/design";
import { DEFAULT_DESIGN } from "~/utils/card-design/options";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, getRequest, postRequest } from "../../../tests/support/routes";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { LINK_ORDER_MAX_LENGTH } from "../../server/cards/card-design-actions.server";
import { getCardPageBySlug, getLinkTarget } from "../../server/cards/card-reads.server";
import { createCardPage } from "../../server/cards/cards.server";
import { renderCardPageHtml } from "../../server/cards/page-html.server";
import { loadConfig } from "../../server/platform/env.server";
import * as vcard from "../card/vcard";
import * as design from "./card-design";
import * as preview from "./card-design-preview";

let t: TestDb;
let context: AppLoadContext;
const cookies = { anonymous: "", alice: "", bob: "", admin: "" };
let card: { id: string; cardNumber: string; slug: string };
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "card-design-")),
  PUBLIC_URL: "http://shop.test",
});
const LINKS = [
  { title: "Website", url: "https://example.com", icon: "globe" as const },
  { title: "Portfolio", url: "https://portfolio.example.com", icon: "globe" as const },
  { title: "Blog", url: "https://blog.example.com", icon: "globe" as const },
];

beforeAll(async () => {
  t = await createTestDb();
  const auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  cookies.admin = await adminCookieFor(auth, t.db);
  const alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
  cookies.alice = alice.cookie;
  cookies.bob = (await verifiedCustomer(auth, t.db, "Bob", "bob@example.com")).cookie;
  card = await createCardPage(
    t.db,
    {
      name: "Alice Design",
      slug: "alice-design",
      password: "alice-edit-1",
      ownerUserId: alice.id,
      links: LINKS,
    },
    { announce: false },
  );
});
afterAll(() => t?.close());

const url = () => `http://shop.test/dashboard/cards/${card.cardNumber}/design`;
const params = () => ({ cardNumber: card.cardNumber });
const post = (who: keyof typeof cookies, fields: Record<string, string>) =>
  answer(design.action, postRequest(url(), fields, cookies[who]), context, params());
const stored = async () => (await t.db.select().from(cardPages).where(eq(cardPages.id, card.id)))[0]!;
const publicPage = async () =>
  renderCardPageHtml((await getCardPageBySlug(t.db, card.slug))!, {
    publicUrl: config.publicUrl,
    siteName: "TapCard",
    source: "link",
  });
const linksOf = async () =>
  (await answer(design.loader, getRequest(url(), cookies.alice), context, params())).data.links as {
    id: string;
    title: string;
    hidden: boolean;
  }[];
const MIDNIGHT = {
  theme: "midnight",
  variant: "dark",
  brand: "#FF5500",
  brandPicker: "#4338ca",
  brandSaved: "#4338ca",
  buttonFill: "outlined",
  buttonShape: "square",
  font: "serif",
};

describe("card design", () => {
  it("saves the owner's design and draws the public page in it, its policy allowing exactly the new stylesheet", async () => {
    const version = (await stored()).version;
    const saved = await post("alice", { intent: "save-design", ...MIDNIGHT });
    expect(saved).toMatchObject({ status: 302, location: `/dashboard/cards/${card.cardNumber}/design` });
    const row = await stored();
    expect(row.version).toBe(version + 1);
    expect(row.design).toMatchObject({ theme: "midnight", brand: "#ff5500", font: "serif" });

    const { html, csp } = await publicPage();
    const accent = paletteOf({ ...DEFAULT_DESIGN, theme: "midnight", brand: "#ff5500" }, "dark").accent;
    expect(html).toContain(`--ac:${accent}`);
    expect(html).not.toContain("prefers-color-scheme");
    const css = html.match(/<style>([\s\S]*?)<\/style>/)![1]!;
    expect(csp).toContain(`'sha256-${createHash("sha256").update(css).digest("base64")}'`);
    expect(html).not.toMatch(/<script|url\(/);
  });

  it("refuses a colour that is not # and six hex digits with the form's message, and saves nothing", async () => {
    const before = await stored();
    const refused = await post("alice", {
      ...MIDNIGHT,
      intent: "save-design",
      brand: "red",
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain(DESIGN_MESSAGES.colour);
    expect(await stored()).toMatchObject({ version: before.version, design: before.design });
  });

  it("takes the colour picker's choice when only the picker changed (no JavaScript to keep the two in step)", async () => {
    await post("alice", {
      ...MIDNIGHT,
      intent: "save-design",
      brand: "#ff5500",
      brandSaved: "#ff5500",
      brandPicker: "#00aa88",
    });
    expect((await stored()).design).toMatchObject({ brand: "#00aa88" });
  });

  it("hides a link from the page, its vCard and its /go/ address, and shows it again", async () => {
    const blog = (await linksOf()).find((l) => l.title === "Blog")!;
    await post("alice", { intent: "hide-link", linkId: blog.id });
    expect((await publicPage()).html).not.toContain("Blog");
    expect(await getLinkTarget(t.db, blog.id)).toBeNull();
    const vcf = await answer(
      vcard.loader,
      getRequest(`http://shop.test/card/${card.slug}/contact.vcf`),
      context,
      {
        slug: card.slug,
      },
    );
    expect(vcf.body).not.toContain("blog.example.com");
    expect((await linksOf()).find((l) => l.id === blog.id)).toMatchObject({ hidden: true });

    await post("alice", { intent: "show-link", linkId: blog.id });
    expect((await publicPage()).html).toContain("Blog");
    expect(await getLinkTarget(t.db, blog.id)).not.toBeNull();
  });

  it("moves a link up and down, and a move past either end changes nothing", async () => {
    const [first, second] = await linksOf();
    await post("alice", { intent: "move-up", linkId: second!.id });
    expect((await linksOf()).map((l) => l.title)).toEqual(["Portfolio", "Website", "Blog"]);
    await post("alice", { intent: "move-down", linkId: second!.id });
    await post("alice", { intent: "move-up", linkId: first!.id });
    expect((await linksOf()).map((l) => l.title)).toEqual(["Website", "Portfolio", "Blog"]);
    const html = (await publicPage()).html;
    expect(html.indexOf("Website")).toBeLessThan(html.indexOf("Portfolio"));
  });

  it("puts the links in a dragged order, and refuses an order that leaves a link out or names another card's", async () => {
    const [website, portfolio, blog] = await linksOf();
    const version = (await stored()).version;
    const reorder = (order: string[]) => post("alice", { intent: "reorder-links", order: order.join(",") });
    expect(await reorder([blog!.id, website!.id, portfolio!.id])).toMatchObject({ status: 302 });
    expect((await linksOf()).map((l) => l.title)).toEqual(["Blog", "Website", "Portfolio"]);
    expect((await stored()).version).toBe(version + 1);
    const html = (await publicPage()).html;
    expect(html.indexOf("Blog")).toBeLessThan(html.indexOf("Website"));

    expect(await reorder([website!.id, blog!.id])).toMatchObject({ status: 409 });
    expect(await reorder([website!.id, website!.id, blog!.id])).toMatchObject({ status: 409 });
    expect(await reorder([website!.id, blog!.id, crypto.randomUUID()])).toMatchObject({ status: 409 });
    expect(await reorder(["not-an-id"])).toMatchObject({ status: 404 });
    expect(
      await post("alice", { intent: "reorder-links", order: "x".repeat(LINK_ORDER_MAX_LENGTH + 1) }),
    ).toMatchObject({
      status: 400,
    });
    expect((await linksOf()).map((l) => l.title)).toEqual(["Blog", "Website", "Portfolio"]);
    await reorder([website!.id, portfolio!.id, blog!.id]);
  });

  it("previews a design that is not saved, framed only by the dashboard, and saves nothing", async () => {
    const before = await stored();
    const query = new URLSearchParams({
      ...MIDNIGHT,
      theme: "bold",
      brand: "#123456",
      brandPicker: "#123456",
    });
    const shown = await answer(
      preview.loader,
      getRequest(`http://shop.test/dashboard/cards/${card.cardNumber}/preview?${query}`, cookies.alice),
      context,
      params(),
    );
    expect(shown.status).toBe(200);
    expect(shown.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
    expect(shown.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(shown.body).toContain(
      `--pg:${paletteOf({ ...DEFAULT_DESIGN, theme: "bold", brand: "#123456" }, "dark").page}`,
    );
    expect(shown.body).not.toContain("/go/");
    expect(await stored()).toMatchObject({ version: before.version, design: before.design });
  });

  it("resets the design to the default", async () => {
    await post("alice", { intent: "reset-design" });
    expect((await stored()).design).toBeNull();
    expect((await publicPage()).html).toContain(`--ac:${paletteOf(DEFAULT_DESIGN, "light").accent}`);
  });

  it("lets nobody but the owner see or change the design: anonymous to sign-in, others not found", async () => {
    await post("alice", { intent: "save-design", ...MIDNIGHT });
    const before = await stored();
    const anonymous = await answer(design.loader, getRequest(url()), context, params());
    expect(anonymous.status).toBe(302);
    for (const who of ["bob", "admin"] as const) {
      expect((await answer(design.loader, getRequest(url(), cookies[who]), context, params())).status).toBe(
        404,
      );
      const previewOf = getRequest(
        `http://shop.test/dashboard/cards/${card.cardNumber}/preview`,
        cookies[who],
      );
      expect((await answer(preview.loader, previewOf, context, params())).status).toBe(404);
      for (const fields of [
        { intent: "reset-design" },
        { intent: "save-design", ...MIDNIGHT, theme: "paper" },
      ])
        expect((await post(who, fields)).status).toBe(404);
    }
    expect((await post("anonymous", { intent: "reset-design" })).status).toBe(302);
    expect(await stored()).toMatchObject({ version: before.version, design: before.design });
  });
});
