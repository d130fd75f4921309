// What a visitor or an admin posts through the image and card forms: a crafted e-mail cannot hold the server,
// a refused image is never stored, and a card's photo can only come from this shop's own storage.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems } from "~/db/schema";
import { action as createCardAction } from "~/routes/admin/create-card";
import { action as editCardAction } from "~/routes/admin/edit-card";
import { action as uploadImageAction } from "~/routes/admin/upload-image";
import { action as updateLinksAction } from "~/routes/shop/update-links";
import { adminCookieFor, routeContext, testAuth } from "../../../tests/support/auth";
import { type Answer, answer, multipartRequest } from "../../../tests/support/routes";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../accounts/auth.server";
import { getCardPageById, getCardPageBySlug } from "../cards/card-reads.server";
import { createCardPage } from "../cards/cards.server";
import { loadConfig } from "./env.server";

let t: TestDb;
let auth: Auth;
let adminCookie: string;
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "uploads-")),
  PUBLIC_URL: "http://shop.test",
});
const storedFiles = () => {
  const dir = path.join(config.dataDir, "uploads", "profiles");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/** Each visitor its own address, so the rate limit of one test does not reach another. */
function contextFor(clientIp: string) {
  return routeContext(t.db, config, auth, clientIp);
}

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  adminCookie = await adminCookieFor(auth, t.db);
});
afterAll(() => t?.close());

const post = (url: string, fields: Record<string, string | File>, cookie?: string) =>
  multipartRequest(`http://shop.test${url}`, fields, cookie);

const fieldErrors = (a: Answer) => (a.data.result as { error?: Record<string, string[]> }).error ?? {};

const pngFile = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123456" } })
          .png()
          .toBuffer(),
      ),
    ],
    "me.png",
    { type: "image/png" },
  );
const tiffFile = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123456" } })
          .tiff()
          .toBuffer(),
      ),
    ],
    "me.png",
    { type: "image/png" },
  );

const updateRequest = (fields: Record<string, string | File>) => ({
  cardNumber: "WC1234",
  name: "Dana",
  email: "dana@example.com",
  ...fields,
});

describe("/update-links", () => {
  it("refuses a crafted e-mail address by its length, with the field's one message", async () => {
    const email = `a@${".".repeat(1024 * 1024)}@`;
    const request = post(
      "/update-links",
      updateRequest({ email, platform: "Website", url: "https://dana.example" }),
    );
    const reply = await answer(updateLinksAction, request, contextFor("10.0.0.1"));
    expect(reply.status).toBe(400);
    expect(fieldErrors(reply).email).toEqual(["Please enter a valid email address"]);
  });

  it("counts a visitor against the rate limit before the form is checked", async () => {
    const context = contextFor("10.0.0.2");
    const invalid = post("/update-links", updateRequest({ email: "not-an-address" }));
    for (let i = 0; i < 30; i++)
      expect((await answer(updateLinksAction, invalid.clone(), context)).status).toBe(400);
    const refused = await answer(updateLinksAction, invalid.clone(), context);
    expect(refused.status).toBe(429);
    expect((refused.data.result as { error: Record<string, string[]> }).error[""]).toEqual([
      "Too many update requests. Please try again later.",
    ]);
  });

  it("refuses a TIFF sent as a PNG and stores nothing; takes a real PNG into the cart", async () => {
    const context = contextFor("10.0.0.3");
    const before = storedFiles();
    const refused = await answer(
      updateLinksAction,
      post("/update-links", updateRequest({ updateType: "change-image", image: await tiffFile() })),
      context,
    );
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused).image).toEqual(["Please select an image file"]);
    expect(storedFiles()).toEqual(before);

    const accepted = await answer(
      updateLinksAction,
      post("/update-links", updateRequest({ updateType: "change-image", image: await pngFile() })),
      context,
    );
    expect(accepted.status).toBe(302);
    const items = await t.db.select().from(cartItems).where(eq(cartItems.kind, "update-request"));
    const imageUrl = items.map((i) => (i.details as { imageUrl?: string }).imageUrl).find(Boolean);
    expect(imageUrl).toMatch(/^\/uploads\/profiles\/[0-9a-f]{32}\.webp$/);
    expect(storedFiles()).toContain(path.basename(imageUrl!));
  });
});

describe("the card form's profile image", () => {
  const foreign = `https://evil.example/profiles/${"a".repeat(32)}.webp`;
  const cardFields = (slug: string, profileImageUrl: string) => ({
    name: "Nora",
    slug,
    password: "edit-password-1",
    profileImageUrl,
    "links[0].title": "Website",
    "links[0].url": "https://nora.example",
    "links[0].icon": "globe",
  });

  it("is uploaded only as JPEG, PNG, WebP or GIF", async () => {
    const context = contextFor("10.0.1.1");
    const before = storedFiles();
    const refused = await answer(
      uploadImageAction,
      post("/admin-dashboard/upload-image", { image: await tiffFile() }, adminCookie),
      context,
    );
    expect({ status: refused.status, body: JSON.parse(refused.body) }).toEqual({
      status: 400,
      body: { error: "Please select an image file" },
    });
    expect(storedFiles()).toEqual(before);
  });

  it("refuses another site's image on create, and takes one this shop stored", async () => {
    const context = contextFor("10.0.1.2");
    const refused = await answer(
      createCardAction,
      post("/admin-dashboard/create-card", cardFields("nora-foreign", foreign), adminCookie),
      context,
    );
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused).profileImageUrl).toEqual(["Please upload the image again"]);
    expect(await getCardPageBySlug(t.db, "nora-foreign")).toBeNull();

    const uploaded = await answer(
      uploadImageAction,
      post("/admin-dashboard/upload-image", { image: await pngFile() }, adminCookie),
      context,
    );
    const url = JSON.parse(uploaded.body).url as string;
    expect(url).toMatch(/^\/uploads\/profiles\/[0-9a-f]{32}\.webp$/);
    const created = await answer(
      createCardAction,
      post("/admin-dashboard/create-card", cardFields("nora-own", url), adminCookie),
      context,
    );
    expect(created.status).toBe(302);
    expect((await getCardPageBySlug(t.db, "nora-own"))?.profileImageUrl).toBe(url);
  });

  it("refuses another site's image on edit and keeps the card's photo", async () => {
    const context = contextFor("10.0.1.3");
    const card = await createCardPage(t.db, {
      name: "Nora",
      slug: "nora-edit",
      password: "edit-password-1",
      profileImageUrl: `/uploads/profiles/${"b".repeat(32)}.webp`,
      links: [],
    });
    for (const url of [foreign, `//evil.example/profiles/${"a".repeat(32)}.webp`]) {
      const refused = await answer(
        editCardAction,
        post(`/admin-dashboard/edit-card/${card.id}`, cardFields("nora-edit", url), adminCookie),
        context,
        { id: card.id },
      );
      expect(refused.status).toBe(400);
      expect(fieldErrors(refused).profileImageUrl).toEqual(["Please upload the image again"]);
    }
    expect((await getCardPageById(t.db, card.id))?.profileImageUrl).toBe(
      `/uploads/profiles/${"b".repeat(32)}.webp`,
    );
  });
});
