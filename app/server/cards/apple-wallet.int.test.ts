// A card as an Apple Wallet pass, through the owner's download address: signed so that OpenSSL verifies it against
// the (test) WWDR authority, every file as its manifest lists it, the card's name, title, company, photo, logo and
// colours, and the card's QR address as its code. Only the owner gets it; nobody does while Wallet is off.
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, members, organizations } from "~/db/schema";
import { designFromStored } from "~/schemas/card-design";
import { paletteOf } from "~/utils/card-design/design";
import {
  makeTestWalletCa,
  openPass,
  TEST_PASS_TYPE_ID,
  TEST_TEAM_ID,
} from "../../../tests/support/apple-wallet";
import { routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { getRequest } from "../../../tests/support/routes";
import { testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import * as cardPage from "../../routes/card/page";
import * as walletRoute from "../../routes/dashboard/apple-wallet-pass";
import * as myCards from "../../routes/dashboard/cards";
import { demoPortrait, drawPng } from "../platform/images.server";
import { storeDesignImage, storeProfileImage } from "../platform/storage.server";
import { passAuthToken } from "./apple-wallet.server";
import { setCardPaused } from "./card-page-state.server";
import { createCardPage } from "./cards.server";

const ca = makeTestWalletCa();
const config = testConfig("apple-wallet", ca.env());
let t: TestDb;
let context: AppLoadContext;
let owner: { id: string; cookie: string };
let stranger: { id: string; cookie: string };
let card: { id: string; cardNumber: string; slug: string };
const BRAND = "#0b6e4f";

beforeAll(async () => {
  t = await createTestDb();
  const auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  owner = await verifiedCustomer(auth, t.db, "Wendy Wallet", "wendy@example.com");
  stranger = await verifiedCustomer(auth, t.db, "Sam Stranger", "sam@example.com");
  const page = await createCardPage(
    t.db,
    { name: "Wendy Wallet", slug: "wendy", password: "wendy-edit-1", ownerUserId: owner.id, links: [] },
    { announce: false },
  );
  const photo = await storeProfileImage(config, await demoPortrait());
  const logoPng = await drawPng(
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#f00"/></svg>`,
  );
  const sharp = (await import("sharp")).default;
  const logo = await storeDesignImage(config, "logos", {
    hash: "a".repeat(32),
    files: await Promise.all(
      [48, 96].map(async (width) => ({ width, webp: await sharp(logoPng).resize(width).webp().toBuffer() })),
    ),
  });
  await t.db
    .update(cardPages)
    .set({
      jobTitle: "Head of Cards",
      businessName: "Wallet & Co",
      profileImageUrl: photo,
      logoImageUrl: logo,
      design: { theme: "bold", variant: "light", brand: BRAND },
    })
    .where(eq(cardPages.id, page.id));
  card = { id: page.id, cardNumber: page.cardNumber, slug: page.slug };
});
afterAll(() => t?.close());

/** The loader's answer as the browser gets it: a thrown 404 or redirect is an answer too. */
async function download(cookie: string, ctx = context, cardNumber = card.cardNumber) {
  const request = getRequest(`http://shop.test/dashboard/cards/${cardNumber}/wallet.pkpass`, cookie);
  try {
    const response = await walletRoute.loader({ request, context: ctx, params: { cardNumber } } as never);
    return {
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    };
  } catch (thrown) {
    const status =
      thrown instanceof Response ? thrown.status : (thrown as { init?: { status?: number } }).init?.status;
    return { status: status ?? 500, headers: new Headers(), body: Buffer.alloc(0) };
  }
}

describe("Add to Apple Wallet", () => {
  it("gives the owner a signed pass of their card that OpenSSL verifies", async () => {
    const answer = await download(owner.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/vnd.apple.pkpass");
    const { pass, names } = openPass(ca, answer.body);
    expect(names).toEqual(
      expect.arrayContaining(["pass.json", "icon.png", "icon@2x.png", "thumbnail.png", "logo.png"]),
    );
    const palette = paletteOf(designFromStored({ theme: "bold", variant: "light", brand: BRAND }), "light");
    const rgb = (hex: string) => {
      const n = Number.parseInt(hex.slice(1), 16);
      return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
    };
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: TEST_PASS_TYPE_ID,
      teamIdentifier: TEST_TEAM_ID,
      serialNumber: card.id,
      webServiceURL: "http://shop.test/api/passes/",
      authenticationToken: passAuthToken(config.authSecret, card.id),
      backgroundColor: rgb(palette.accent),
      foregroundColor: rgb(palette.onAccent),
      generic: {
        primaryFields: [{ key: "name", value: "Wendy Wallet" }],
        secondaryFields: [
          { key: "title", value: "Head of Cards" },
          { key: "company", value: "Wallet & Co" },
        ],
      },
      barcodes: [{ format: "PKBarcodeFormatQR", message: "http://shop.test/wendy?s=qr" }],
    });
    expect(pass.voided).toBeUndefined();
  });

  it("is the owner's alone: another customer gets 404, a visitor is sent to sign in", async () => {
    expect((await download(stranger.cookie)).status).toBe(404);
    const anonymous = await download("");
    expect([302, 401]).toContain(anonymous.status);
    expect((await download(owner.cookie, context, "WC0000")).status).toBe(404);
    // Longer than any card number: cut before it is looked up.
    expect((await download(owner.cookie, context, `WC${"1".repeat(64)}`)).status).toBe(404);
  });

  it("gives a company card's pass to its company's owners and admins, not to its other members", async () => {
    const [boss, colleague] = [
      await verifiedCustomer(testAuth(t.db, config), t.db, "Bea Boss", "bea@example.com"),
      await verifiedCustomer(testAuth(t.db, config), t.db, "Cal Colleague", "cal@example.com"),
    ];
    await t.db.insert(organizations).values({ id: "org-wallet", name: "Wallet & Co", slug: "wallet-co" });
    await t.db.insert(members).values([
      { id: "m-boss", organizationId: "org-wallet", userId: boss.id, role: "admin" },
      { id: "m-colleague", organizationId: "org-wallet", userId: colleague.id, role: "member" },
    ]);
    expect((await download(boss.cookie)).status).toBe(404);
    await t.db.update(cardPages).set({ organizationId: "org-wallet" }).where(eq(cardPages.id, card.id));
    try {
      const answer = await download(boss.cookie);
      expect(answer.status).toBe(200);
      expect(openPass(ca, answer.body).pass.serialNumber).toBe(card.id);
      expect((await download(colleague.cookie)).status).toBe(404);
      expect((await download(owner.cookie)).status).toBe(200);
    } finally {
      await t.db.update(cardPages).set({ organizationId: null }).where(eq(cardPages.id, card.id));
    }
  });

  it("is offered on My Cards only while Apple Wallet is configured", async () => {
    const off = { ...context, config: { ...config, appleWallet: null } } as AppLoadContext;
    expect((await download(owner.cookie, off)).status).toBe(404);
    const offered = async (on: AppLoadContext) =>
      (
        (await myCards.loader({
          request: getRequest("http://shop.test/dashboard/cards", owner.cookie),
          context: on,
          params: {},
        } as never)) as { appleWallet: boolean }
      ).appleWallet;
    expect(await offered(context)).toBe(true);
    expect(await offered(off)).toBe(false);
  });

  it("still carries the card's address while the card is paused, whose page then says so", async () => {
    await setCardPaused(t.db, card.id, true, { userId: owner.id, label: "owner", by: "owner" });
    try {
      const { pass } = openPass(ca, (await download(owner.cookie)).body);
      expect(pass.barcodes[0].message).toBe("http://shop.test/wendy?s=qr");
      const visit = (await cardPage.loader({
        request: getRequest("http://shop.test/wendy?s=qr"),
        context,
        params: { slug: "wendy" },
      } as never)) as Response;
      expect(await visit.text()).toMatch(/paused/i);
    } finally {
      await setCardPaused(t.db, card.id, false, { userId: owner.id, label: "owner", by: "owner" });
    }
  });
});
