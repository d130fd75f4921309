// The brand kit's QR codes for print with the card's logo in the middle: the PNG and the SVG (a file that stands
// alone) both still scan to the card's QR address, with the logo on a white plate no wider than a fifth of the
// code; a card without a logo gets the plain code, and the page says which of the two it gives.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import jsQR from "jsqr";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages } from "~/db/schema";
import { DEFAULT_DESIGN } from "~/utils/card-design/options";
import { routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, getRequest } from "../../../tests/support/routes";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createCardPage } from "../../server/cards/cards.server";
import { loadConfig } from "../../server/platform/env.server";
import { storeDesignImage } from "../../server/platform/storage.server";
import * as page from "./brand-kit";
import * as files from "./brand-kit-files";

let t: TestDb;
let context: AppLoadContext;
let cookie = "";
let card: { id: string; cardNumber: string; slug: string };
let logoUrl = "";
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "brand-kit-logo-")),
  PUBLIC_URL: "http://shop.test",
});
/** A logo in a colour no QR code here is drawn in. */
const LOGO = [225, 29, 72] as const;

beforeAll(async () => {
  t = await createTestDb();
  const auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  const alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
  cookie = alice.cookie;
  card = await createCardPage(
    t.db,
    { name: "Alice Logo", slug: "alice-logo", password: "alice-edit-1", ownerUserId: alice.id, links: [] },
    { announce: false },
  );
  const [r, g, b] = LOGO;
  const logo = (width: number) =>
    sharp({ create: { width, height: width, channels: 3, background: { r, g, b } } })
      .webp({ lossless: true })
      .toBuffer();
  logoUrl = await storeDesignImage(config, "logos", {
    hash: "b".repeat(32),
    files: await Promise.all([48, 96].map(async (width) => ({ width, webp: await logo(width) }))),
  });
  await edit({ logoImageUrl: logoUrl, design: { ...DEFAULT_DESIGN, brand: "#1e3a8a" } });
});
afterAll(() => t?.close());

const params = (file?: string) => ({ cardNumber: card.cardNumber, ...(file ? { file } : {}) });
const base = () => `http://shop.test/dashboard/cards/${card.cardNumber}/brand-kit`;
const qrAddress = () => `http://shop.test/${card.slug}?s=qr`;
async function edit(set: Partial<typeof cardPages.$inferInsert>) {
  await t.db
    .update(cardPages)
    .set({ ...set, version: sql`${cardPages.version} + 1` })
    .where(eq(cardPages.id, card.id));
}
async function bytes(file: string, query = "") {
  const request = getRequest(`${base()}/${file}${query}`, cookie);
  const res = (await files.loader({ request, context, params: params(file) } as never)) as Response;
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}
const pageData = async () =>
  (await answer(page.loader, getRequest(base(), cookie), context, params())).data as { qrLogo: boolean };

/** The print QR codes as pixels: the PNG at 2048 px and the SVG as a printer would draw it. */
async function printCodes(colour: "black" | "brand") {
  const svg = await bytes("qr.svg", `?colour=${colour}`);
  const png = await bytes("qr.png", `?colour=${colour}`);
  const svgPng = await sharp(svg).png().toBuffer();
  const codes = [];
  for (const image of [png, svgPng]) {
    const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 3),
    ];
    const isLogo = (x: number, y: number) => pixel(x, y).every((c, i) => Math.abs(c - LOGO[i]!) <= 8);
    const centre = Math.floor(info.width / 2);
    /** The share of dark pixels in a square of `side` pixels from (at, at). */
    const darkShare = (at: number, side: number) => {
      let dark = 0;
      for (let y = at; y < at + side; y++)
        for (let x = at; x < at + side; x++) if (pixel(x, y).every((c) => c < 128)) dark++;
      return dark / side ** 2;
    };
    // The logo's width along the middle row, and the colours around it (the plate is white).
    let logoWidth = 0;
    for (let x = 0; x < info.width; x++) if (isLogo(x, centre)) logoWidth++;
    codes.push({
      scans: jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data,
      width: info.width,
      logoShare: logoWidth / info.width,
      centreIsLogo: isLogo(centre, centre),
      centreDark: darkShare(centre - Math.floor(info.width / 10), Math.floor(info.width / 5)),
    });
  }
  return { svg: svg.toString("utf8"), codes };
}

describe("the print QR codes with the card's logo", () => {
  it("draws the logo in the middle of the PNG and the SVG, and both still scan to the card's QR address", async () => {
    expect((await pageData()).qrLogo).toBe(true);
    for (const colour of ["black", "brand"] as const) {
      const { svg, codes } = await printCodes(colour);
      for (const code of codes) {
        expect({ colour, scans: code.scans, centreIsLogo: code.centreIsLogo }).toEqual({
          colour,
          scans: qrAddress(),
          centreIsLogo: true,
        });
        // The plate takes at most a fifth of the code's width, so the logo inside it less.
        expect(code.logoShare).toBeGreaterThan(0.05);
        expect(code.logoShare).toBeLessThan(0.2);
      }
      expect(codes[0]!.width).toBe(2048);
      // The SVG stands alone: its only picture is embedded, and nothing is fetched from elsewhere.
      expect(svg.match(/<image /g)).toHaveLength(1);
      const references = [...svg.matchAll(/\bhref="([^"]*)"/g)].map((m) => m[1]!);
      expect(references.map((r) => r.slice(0, 22))).toEqual(["data:image/png;base64,"]);
    }
  });

  it("still scans with the longest slug, whose larger code has a pattern in the middle", async () => {
    const slug = `a${"b".repeat(62)}c`;
    await edit({ slug });
    card.slug = slug;
    const { codes } = await printCodes("black");
    expect(codes.map((c) => [c.scans, c.centreIsLogo])).toEqual([
      [qrAddress(), true],
      [qrAddress(), true],
    ]);
  });

  it("draws the plain code when the card has no logo, and the page knows it has none", async () => {
    await edit({ logoImageUrl: null });
    expect((await pageData()).qrLogo).toBe(false);
    const { svg, codes } = await printCodes("black");
    expect(svg).not.toMatch(/<image|href=|<rect [^>]*rx=/);
    for (const code of codes) {
      expect(code.scans).toBe(qrAddress());
      expect(code.logoShare).toBe(0);
      // The middle of the code is its own pattern of dark and light modules, not a plate.
      expect(code.centreDark).toBeGreaterThan(0.1);
      expect(code.centreDark).toBeLessThan(0.9);
    }
  });
});
