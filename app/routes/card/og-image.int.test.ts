// A card's link preview as a messaging app fetches it: the page's Open Graph tags name an absolute 1200 x 630
// picture of this version, drawn in the card's design (its accent fills the edge, the photo sits in its circle);
// a new design is a new picture at a new address; a paused card's picture shows nothing of its owner.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages } from "~/db/schema";
import { designFromStored } from "~/schemas/card-design";
import { paletteOf } from "~/utils/card-design/design";
import { routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, postRequest } from "../../../tests/support/routes";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { setCardPaused } from "../../server/cards/card-page-state.server";
import { getCardPageBySlug } from "../../server/cards/card-reads.server";
import { createCardPage } from "../../server/cards/cards.server";
import { renderCardPageHtml } from "../../server/cards/page-html.server";
import { loadConfig } from "../../server/platform/env.server";
import { processProfileImage } from "../../server/platform/images.server";
import { storeProfileImage } from "../../server/platform/storage.server";
import * as design from "../dashboard/card-design";
import * as ogImage from "./og-image";

let t: TestDb;
let context: AppLoadContext;
let cookie = "";
let card: { id: string; cardNumber: string; slug: string };
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "og-image-")),
  PUBLIC_URL: "https://shop.test",
});
const PHOTO_COLOUR = { r: 34, g: 204, b: 68 };

beforeAll(async () => {
  t = await createTestDb();
  const auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  const alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
  cookie = alice.cookie;
  card = await createCardPage(
    t.db,
    {
      name: "Alice Preview",
      slug: "alice-preview",
      businessName: "Preview Studio",
      password: "alice-edit-1",
      ownerUserId: alice.id,
      links: [],
    },
    { announce: false },
  );
});
afterAll(() => t?.close());

const page = async () => (await getCardPageBySlug(t.db, card.slug))!;
const html = async () =>
  renderCardPageHtml(await page(), { publicUrl: config.publicUrl, siteName: "TapCard", source: "link" }).html;
const metaContent = (doc: string, property: string) =>
  doc.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];

/** Fetches the picture at the address the page's tag gives, as a messaging app would. */
async function fetchPicture(address: string) {
  const response = (await ogImage.loader({
    request: new Request(address),
    params: { slug: card.slug },
    context,
  } as never)) as Response;
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes };
}

async function pixel(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

const rgb = (hex: string) => ({
  r: Number.parseInt(hex.slice(1, 3), 16),
  g: Number.parseInt(hex.slice(3, 5), 16),
  b: Number.parseInt(hex.slice(5, 7), 16),
});

describe("a card's link preview", () => {
  it("is named by absolute Open Graph tags and drawn 1200 x 630 in the card's design", async () => {
    const saved = await answer(
      design.action,
      postRequest(
        `http://shop.test/dashboard/cards/${card.cardNumber}/design`,
        {
          intent: "save-design",
          theme: "paper",
          variant: "light",
          brand: "#0E7490",
          brandPicker: "#0e7490",
          brandSaved: "#4338ca",
          buttonFill: "filled",
          buttonShape: "rounded",
          font: "serif",
        },
        cookie,
      ),
      context,
      { cardNumber: card.cardNumber },
    );
    expect(saved.status).toBe(302);
    const doc = await html();
    const current = await page();
    const address = metaContent(doc, "og:image")!;
    expect(address).toBe(`https://shop.test/card/${card.slug}/og.png?v=${current.version}`);
    expect(metaContent(doc, "og:url")).toBe(`https://shop.test/${card.slug}`);
    expect(metaContent(doc, "og:title")).toBe("Alice Preview - Preview Studio");
    expect(metaContent(doc, "og:image:width")).toBe("1200");
    expect(metaContent(doc, "og:image:height")).toBe("630");
    expect(metaContent(doc, "twitter:card")).toBe("summary_large_image");

    const { response, bytes } = await fetchPicture(address);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    // This version's picture never changes, so it may be kept.
    expect(response.headers.get("Cache-Control")).toContain("immutable");
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    const accent = paletteOf(designFromStored(current.design), "light").accent;
    expect(await pixel(bytes, 20, 20)).toEqual(rgb(accent));
    expect(await pixel(bytes, 1180, 610)).toEqual(rgb(accent));
  });

  it("shows the owner's photo in its circle, at a new address once the photo changes", async () => {
    const before = (await page()).version;
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: PHOTO_COLOUR } })
      .png()
      .toBuffer();
    const url = await storeProfileImage(config, await processProfileImage(photo));
    await t.db
      .update(cardPages)
      .set({ profileImageUrl: url, version: sql`${cardPages.version} + 1` })
      .where(eq(cardPages.id, card.id));
    const address = metaContent(await html(), "og:image")!;
    expect(address).toBe(`https://shop.test/card/${card.slug}/og.png?v=${before + 1}`);
    const { bytes } = await fetchPicture(address);
    const centre = await pixel(bytes, 260, 315);
    // The photo went through WebP and JPEG on the way: near its colour, not exactly.
    for (const channel of ["r", "g", "b"] as const)
      expect(Math.abs(centre[channel] - PHOTO_COLOUR[channel])).toBeLessThan(12);
  });

  it("answers an old version's address with today's picture, not to be kept", async () => {
    const { response } = await fetchPicture(`https://shop.test/card/${card.slug}/og.png?v=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
  });

  it("shows nothing of the owner while the card is paused", async () => {
    const live = await fetchPicture(`https://shop.test/card/${card.slug}/og.png?v=${(await page()).version}`);
    await setCardPaused(t.db, card.id, true, { userId: null, label: "owner", by: "owner" });
    const { response, bytes } = await fetchPicture(
      `https://shop.test/card/${card.slug}/og.png?v=${(await page()).version}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    expect(bytes.equals(live.bytes)).toBe(false);
    const accent = paletteOf(designFromStored((await page()).design), "light").accent;
    expect(await pixel(bytes, 20, 20)).not.toEqual(rgb(accent));
    expect(await pixel(bytes, 260, 315)).not.toEqual(await pixel(live.bytes, 260, 315));
    await setCardPaused(t.db, card.id, false, { userId: null, label: "owner", by: "owner" });
  });

  it("answers 404 for a card that does not exist", async () => {
    const missing = (await ogImage.loader({
      request: new Request("https://shop.test/card/nobody-here/og.png"),
      params: { slug: "nobody-here" },
      context,
    } as never)) as Response;
    expect(missing.status).toBe(404);
  });
});
