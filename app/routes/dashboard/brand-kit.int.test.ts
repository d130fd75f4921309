// My Cards -> Brand kit through its routes: every QR code it draws (background, print, signature) scans to the
// card's QR address and a visit there counts as a scan; the pictures have their sizes whatever the name; the
// signature is safe to paste; the brand colour is used on a QR code only when it reads; nobody else gets any of it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import jsQR from "jsqr";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, cardViewsDaily, members, organizations } from "~/db/schema";
import { DEFAULT_DESIGN } from "~/utils/card-design/options";
import { routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, getRequest } from "../../../tests/support/routes";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { flushAnalytics } from "../../server/cards/analytics.server";
import { createCardPage } from "../../server/cards/cards.server";
import { loadConfig } from "../../server/platform/env.server";
import * as cardPage from "../card/page";
import * as cardQr from "../card/qr";
import * as page from "./brand-kit";
import * as files from "./brand-kit-files";

let t: TestDb;
let context: AppLoadContext;
const cookies = { anonymous: "", alice: "", bob: "", carol: "" };
let card: { id: string; cardNumber: string; slug: string };
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "brand-kit-")),
  PUBLIC_URL: "http://shop.test",
});
const QR_ADDRESS = "http://shop.test/alice-brand?s=qr";

beforeAll(async () => {
  t = await createTestDb();
  const auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  const alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
  cookies.alice = alice.cookie;
  const bob = await verifiedCustomer(auth, t.db, "Bob", "bob@example.com");
  cookies.bob = bob.cookie;
  const carol = await verifiedCustomer(auth, t.db, "Carol", "carol@example.com");
  cookies.carol = carol.cookie;
  card = await createCardPage(
    t.db,
    { name: "Alice Brand", slug: "alice-brand", password: "alice-edit-1", ownerUserId: alice.id, links: [] },
    { announce: false },
  );
  // Carol is an admin of a company; Bob is only a member of it.
  await t.db.insert(organizations).values({ id: "org-brand", name: "Brand Co", slug: "brand-co" });
  await t.db.insert(members).values([
    { id: "m-carol", organizationId: "org-brand", userId: carol.id, role: "admin" },
    { id: "m-bob", organizationId: "org-brand", userId: bob.id, role: "member" },
  ]);
  await edit({ jobTitle: "Head of Things", businessName: "Brand & Co", contactPhone: "+44 20 7946 0000" });
});
afterAll(() => t?.close());

const params = (file?: string) => ({ cardNumber: card.cardNumber, ...(file ? { file } : {}) });
const base = () => `http://shop.test/dashboard/cards/${card.cardNumber}/brand-kit`;
async function edit(set: Partial<typeof cardPages.$inferInsert>) {
  await t.db
    .update(cardPages)
    .set({ ...set, version: sql`${cardPages.version} + 1` })
    .where(eq(cardPages.id, card.id));
}
async function download(file: string, query = "", who: keyof typeof cookies = "alice") {
  const request = getRequest(`${base()}/${file}${query}`, cookies[who]);
  return answer(files.loader, request, context, params(file));
}
/** The file's bytes (answer() reads bodies as text, which would spoil an image). */
async function bytes(file: string, query = "") {
  const request = getRequest(`${base()}/${file}${query}`, cookies.alice);
  const res = (await files.loader({ request, context, params: params(file) } as never)) as Response;
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}
async function decode(image: Buffer) {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}
const size = async (image: Buffer) => {
  const { width, height, format } = await sharp(image).metadata();
  return { width, height, format };
};

describe("a card's brand kit", () => {
  it("draws every QR code to the card's QR address, and a visit there counts as a scan", async () => {
    const decoded = {
      backgroundPng: await decode(await bytes("background.png")),
      backgroundJpg: await decode(await bytes("background.jpg")),
      printSvg: await decode(
        await sharp(await bytes("qr.svg"))
          .png()
          .toBuffer(),
      ),
      printPngBlack: await decode(await bytes("qr.png", "?colour=black")),
      printPngBrand: await decode(await bytes("qr.png", "?colour=brand")),
      printSvgBrand: await decode(
        await sharp(await bytes("qr.svg", "?colour=brand"))
          .png()
          .toBuffer(),
      ),
    };
    expect(Object.values(decoded)).toEqual(Object.values(decoded).map(() => QR_ADDRESS));

    // The signature's QR code is the card's public PNG, which mail clients load without signing in.
    const signature = (await download("signature.html")).body;
    const src = /<img src="([^"]+)"/.exec(signature)![1]!;
    expect(src).toBe(`http://shop.test/card/${card.slug}/qr.png`);
    const qr = (await cardQr.loader({
      request: new Request(src),
      context,
      params: { slug: card.slug },
    } as never)) as Response;
    expect(await decode(Buffer.from(await qr.arrayBuffer()))).toBe(QR_ADDRESS);

    const visit = new Request(QR_ADDRESS, {
      headers: {
        "User-Agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36",
      },
    });
    const answered = await answer(cardPage.loader, visit, context, { slug: card.slug });
    expect(answered.status).toBe(200);
    await flushAnalytics(t.db);
    const views = await t.db
      .select({ source: cardViewsDaily.source, count: sql<number>`sum(${cardViewsDaily.count})::int` })
      .from(cardViewsDaily)
      .where(eq(cardViewsDaily.cardPageId, card.id))
      .groupBy(cardViewsDaily.source);
    expect(views).toEqual([{ source: "qr", count: 1 }]);
  });

  it("draws the background at 1920 x 1080 in PNG and JPEG, and the print PNG 2048 wide", async () => {
    expect(await size(await bytes("background.png"))).toEqual({ width: 1920, height: 1080, format: "png" });
    expect(await size(await bytes("background.jpg"))).toEqual({ width: 1920, height: 1080, format: "jpeg" });
    expect(await size(await bytes("qr.png"))).toMatchObject({ width: 2048, height: 2048, format: "png" });
    const svg = await download("qr.svg");
    expect(svg.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(svg.headers.get("Content-Disposition")).toBe(
      `attachment; filename="${card.cardNumber}-qr-black.svg"`,
    );
  });

  it("draws long names, accents, right-to-left scripts and emoji at the right size, still scanning", async () => {
    const names = [
      "Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh de la Cruz y Montgomery-Smythe III",
      "Zoë Ångström-Čapek Ñúñez",
      "محمد عبد الرحمن",
      "דוד בן־גוריון",
      "Ana 👩🏽‍💻🚀 Li",
      "<b>&\"'</b> \u0007 control",
      "W".repeat(100),
    ];
    for (const name of names) {
      await edit({ name, jobTitle: name, businessName: name });
      const png = await bytes("background.png");
      expect({ name, ...(await size(png)) }).toEqual({ name, width: 1920, height: 1080, format: "png" });
      expect({ name, scans: await decode(png) }).toEqual({ name, scans: QR_ADDRESS });
      expect(await size(await bytes("background.jpg"))).toMatchObject({ width: 1920, height: 1080 });
    }
  });

  it("makes a signature that pastes safely: absolute addresses, no script or stylesheet, escaped, small", async () => {
    const longest = `<img src=x onerror=alert(1)>${"&".repeat(72)}`;
    await edit({ name: longest, jobTitle: "\"'<>&".repeat(20), businessName: "😀".repeat(100) });
    const file = await download("signature.html");
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const { signature } = (await answer(page.loader, getRequest(base(), cookies.alice), context, params()))
      .data as { signature: { html: string } };
    for (const html of [file.body, signature.html]) {
      expect(html).not.toMatch(/<script|<style|<link|<img src=x/i);
      expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
      expect(Buffer.byteLength(html)).toBeLessThan(10 * 1024);
      const addresses = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);
      expect(addresses.length).toBeGreaterThanOrEqual(3);
      for (const address of addresses) {
        expect(address.startsWith(`${config.publicUrl}/`)).toBe(true);
        expect(new URL(address).href).toBe(address);
      }
      expect(html.match(/<img/g)).toHaveLength(1);
    }
  });

  it("uses the brand colour on a print QR code only when it reads on white", async () => {
    /** The colour in the middle of the top-left finder pattern's corner module, inside the quiet zone. */
    const darkPixel = async (query: string) => {
      const svg = (await download("qr.svg", query)).body;
      const modulePixels = 2048 / Number(/viewBox="0 0 (\d+) /.exec(svg)![1]);
      const png = await bytes("qr.png", query);
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const at = Math.floor(4.5 * modulePixels);
      const i = (at * info.width + at) * info.channels;
      return `#${[...data.subarray(i, i + 3)].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
    };
    const brandKit = async () =>
      (await answer(page.loader, getRequest(base(), cookies.alice), context, params())).data as {
        qrColour: { readable: boolean };
      };

    await edit({ design: { ...DEFAULT_DESIGN, brand: "#fef08a" } });
    expect((await brandKit()).qrColour.readable).toBe(false);
    expect(await darkPixel("?colour=brand")).toBe("#000000");
    expect((await download("qr.svg", "?colour=brand")).body).toContain('fill="#000000"');

    await edit({ design: { ...DEFAULT_DESIGN, brand: "#1e3a8a" } });
    expect((await brandKit()).qrColour.readable).toBe(true);
    expect(await darkPixel("?colour=brand")).toBe("#1e3a8a");
    expect(await darkPixel("?colour=black")).toBe("#000000");
  });

  it("gives the kit to the owner and a company's admins, and to nobody else", async () => {
    expect((await answer(page.loader, getRequest(base(), cookies.alice), context, params())).status).toBe(
      200,
    );
    const anonymous = await answer(page.loader, getRequest(base()), context, params());
    expect({ status: anonymous.status, to: anonymous.location?.split("?")[0] }).toEqual({
      status: 302,
      to: "/login",
    });
    expect((await download("qr.svg", "", "anonymous")).status).toBe(302);
    for (const who of ["bob", "carol"] as const) {
      expect((await answer(page.loader, getRequest(base(), cookies[who]), context, params())).status).toBe(
        404,
      );
      expect((await download("background.png", "", who)).status).toBe(404);
    }
    expect((await download("nothing.exe")).status).toBe(404);

    // A company card: its company's admins get the kit too, its members do not.
    await t.db.update(cardPages).set({ organizationId: "org-brand" }).where(eq(cardPages.id, card.id));
    expect((await answer(page.loader, getRequest(base(), cookies.carol), context, params())).status).toBe(
      200,
    );
    expect((await download("qr.png", "", "carol")).status).toBe(200);
    expect((await answer(page.loader, getRequest(base(), cookies.bob), context, params())).status).toBe(404);
    expect((await download("qr.png", "", "bob")).status).toBe(404);
  });
});
