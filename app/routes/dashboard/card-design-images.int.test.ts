// A card design's cover and logo through the Design page: uploaded like the profile photo, stored as WebP in the
// widths the page's srcset offers (none larger than the page needs), drawn on the public page, replaced and removed
// with the old files deleted, refused with the form's message when not an image, and nobody else's to change.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages } from "~/db/schema";
import { routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, multipartRequest } from "../../../tests/support/routes";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { getCardPageBySlug } from "../../server/cards/card-reads.server";
import { createCardPage } from "../../server/cards/cards.server";
import { renderCardPageHtml } from "../../server/cards/page-html.server";
import { loadConfig } from "../../server/platform/env.server";
import { DESIGN_IMAGES } from "../../server/platform/images.server";
import { localUploadsDir } from "../../server/platform/storage.server";
import * as design from "./card-design";

let t: TestDb;
let context: AppLoadContext;
const cookies = { alice: "", bob: "" };
let card: { id: string; cardNumber: string; slug: string };
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "card-design-images-")),
  PUBLIC_URL: "http://shop.test",
});

beforeAll(async () => {
  t = await createTestDb();
  const auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  const alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
  cookies.alice = alice.cookie;
  cookies.bob = (await verifiedCustomer(auth, t.db, "Bob", "bob@example.com")).cookie;
  const links = [{ title: "Website", url: "https://example.com", icon: "globe" as const }];
  card = await createCardPage(
    t.db,
    { name: "Alice Images", slug: "alice-images", password: "alice-edit-1", ownerUserId: alice.id, links },
    { announce: false },
  );
});
afterAll(() => t?.close());

/** A photo-like PNG of the given size and colour. */
async function png(width: number, height: number, background: string, name = "picture.png") {
  const bytes = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

const post = (who: keyof typeof cookies, fields: Record<string, string | File>) =>
  answer(
    design.action,
    multipartRequest(`http://shop.test/dashboard/cards/${card.cardNumber}/design`, fields, cookies[who]),
    context,
    { cardNumber: card.cardNumber },
  );
const stored = async () => (await t.db.select().from(cardPages).where(eq(cardPages.id, card.id)))[0]!;
const fileOf = (url: string) => path.join(localUploadsDir(config), url.replace(/^.*\/uploads\//, ""));
const publicHtml = async () =>
  renderCardPageHtml((await getCardPageBySlug(t.db, card.slug))!, {
    publicUrl: config.publicUrl,
    siteName: "TapCard",
    source: "link",
  }).html;

describe("design cover and logo", () => {
  it("stores a cover in the widths the page offers, no larger, and draws it with its srcset", async () => {
    expect(
      await post("alice", { intent: "upload-cover", image: await png(3000, 2000, "#3366cc") }),
    ).toMatchObject({
      status: 302,
    });
    const url = (await stored()).coverImageUrl!;
    expect(url).toMatch(/\/covers\/[a-f0-9]{32}w880\.webp$/);
    for (const width of DESIGN_IMAGES.cover.widths) {
      const file = fileOf(url.replace(/w880\.webp$/, `w${width}.webp`));
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect(meta).toMatchObject({ format: "webp", width });
      expect(fs.statSync(file).size).toBeLessThanOrEqual(DESIGN_IMAGES.cover.maxBytes);
    }
    const html = await publicHtml();
    expect(html).toContain(`${url} 880w`);
    expect(html).toContain('class="cv"');
  });

  it("keeps a logo whole in its square, beside the name", async () => {
    await post("alice", { intent: "upload-logo", image: await png(400, 100, "#cc3300") });
    const url = (await stored()).logoImageUrl!;
    const meta = await sharp(fs.readFileSync(fileOf(url))).metadata();
    expect(meta).toMatchObject({ width: 96, height: 96, hasAlpha: true });
    expect(await publicHtml()).toMatch(/<div class="nm"><img class="lg"[^>]*alt="Alice Images logo"><h1>/);
  });

  it("deletes the old cover's files when it is replaced, and the cover's when it is removed", async () => {
    const old = (await stored()).coverImageUrl!;
    await post("alice", { intent: "upload-cover", image: await png(1200, 400, "#22aa55") });
    const replaced = (await stored()).coverImageUrl!;
    expect(replaced).not.toBe(old);
    expect(fs.existsSync(fileOf(old))).toBe(false);
    await post("alice", { intent: "remove-cover" });
    expect((await stored()).coverImageUrl).toBeNull();
    expect(fs.existsSync(fileOf(replaced))).toBe(false);
    expect(await publicHtml()).not.toContain('class="cv"');
  });

  it("refuses a file that is not an image with the form's message, storing nothing", async () => {
    const before = await stored();
    const refused = await post("alice", {
      intent: "upload-cover",
      image: new File(["<svg></svg>"], "cover.svg", { type: "image/svg+xml" }),
    });
    expect(refused.status).toBe(400);
    expect(await stored()).toMatchObject({ coverImageUrl: before.coverImageUrl, version: before.version });
  });

  it("lets no other customer upload or remove them", async () => {
    const before = await stored();
    expect((await post("bob", { intent: "upload-logo", image: await png(100, 100, "#000000") })).status).toBe(
      404,
    );
    expect((await post("bob", { intent: "remove-logo" })).status).toBe(404);
    expect(await stored()).toMatchObject({ logoImageUrl: before.logoImageUrl, version: before.version });
  });
});
