// Save to Google Wallet through its route: the owner is sent to Google with a JWT signed by the service account's
// key, holding the card's pass (name, title, company, photo, colour, and its QR address as the QR code carries
// it), and its pass is registered for the card's changes; another customer gets a 404, a visitor signed out the
// sign-in, and a shop without Google Wallet a 404.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { jwtVerify } from "jose";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, googleWalletPasses, members, organizations } from "~/db/schema";
import { designFromStored } from "~/schemas/card-design";
import { paletteOf } from "~/utils/card-design/design";
import { routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { makeTestGoogleWallet, TEST_WALLET_ISSUER } from "../../../tests/support/google-wallet";
import { answer, getRequest } from "../../../tests/support/routes";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createCardPage } from "../../server/cards/cards.server";
import { loadConfig } from "../../server/platform/env.server";
import * as wallet from "./card-wallet-google";
import * as cardsPage from "./cards";

const { env, publicKey, serviceAccount } = makeTestGoogleWallet();
const ISSUER = TEST_WALLET_ISSUER;
const baseEnv = { PUBLIC_URL: "https://shop.test", SHOP_NAME: "TapCard", AUTH_SECRET: "w".repeat(32) };
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "google-wallet-")),
  ...baseEnv,
  ...env,
});
const configOff = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "google-wallet-off-")),
  ...baseEnv,
});

let t: TestDb;
let context: AppLoadContext;
let contextOff: AppLoadContext;
const cookies = { anonymous: "", alice: "", bob: "", carol: "", dave: "" };
let card: { id: string; cardNumber: string; slug: string };

beforeAll(async () => {
  t = await createTestDb();
  const auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  contextOff = routeContext(t.db, configOff, testAuth(t.db, configOff));
  const alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
  cookies.alice = alice.cookie;
  cookies.bob = (await verifiedCustomer(auth, t.db, "Bob", "bob@example.com")).cookie;
  card = await createCardPage(
    t.db,
    {
      name: "Alice Wallet",
      businessName: "Acme Ltd",
      slug: "alice-wallet",
      password: "alice-edit-1",
      ownerUserId: alice.id,
      links: [],
    },
    { announce: false },
  );
  // Alice's card is Acme's: Carol is one of its admins, Dave only a member.
  const carol = await verifiedCustomer(auth, t.db, "Carol", "carol@example.com");
  const dave = await verifiedCustomer(auth, t.db, "Dave", "dave@example.com");
  cookies.carol = carol.cookie;
  cookies.dave = dave.cookie;
  await t.db.insert(organizations).values({ id: "org-acme", name: "Acme Ltd", slug: "acme" });
  await t.db.insert(members).values([
    { id: "m-alice", organizationId: "org-acme", userId: alice.id, role: "member" },
    { id: "m-carol", organizationId: "org-acme", userId: carol.id, role: "admin" },
    { id: "m-dave", organizationId: "org-acme", userId: dave.id, role: "member" },
  ]);
  await t.db
    .update(cardPages)
    .set({
      jobTitle: "Head of Sales",
      profileImageUrl: "/uploads/profile/abc123.jpg",
      organizationId: "org-acme",
    })
    .where(eq(cardPages.id, card.id));
});
afterAll(() => t?.close());

const open = (who: keyof typeof cookies, on = context) =>
  answer(
    wallet.loader,
    getRequest(`https://shop.test/dashboard/cards/${card.cardNumber}/wallet/google`, cookies[who]),
    on,
    { cardNumber: card.cardNumber },
  );

const passes = () =>
  t.db
    .select({ pushedVersion: googleWalletPasses.pushedVersion })
    .from(googleWalletPasses)
    .where(eq(googleWalletPasses.cardPageId, card.id));

type Text = { defaultValue: { value: string } };

describe("Save to Google Wallet", () => {
  it("sends the owner to Google with the card's pass, signed by the service account", async () => {
    const res = await open("alice");
    expect(res.status).toBe(303);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const prefix = "https://pay.google.com/gp/v/save/";
    expect(res.location?.startsWith(prefix)).toBe(true);
    const { payload, protectedHeader } = await jwtVerify(res.location!.slice(prefix.length), publicKey, {
      algorithms: ["RS256"],
      audience: "google",
      issuer: serviceAccount.client_email,
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload.typ).toBe("savetowallet");
    expect(payload.origins).toEqual(["https://shop.test"]);
    const body = payload.payload as {
      genericClasses: { id: string }[];
      genericObjects: Record<string, unknown>[];
    };
    expect(body.genericClasses).toEqual([{ id: `${ISSUER}.tapcard` }]);
    expect(body.genericObjects).toHaveLength(1);
    const object = body.genericObjects[0]!;
    const [stored] = await t.db.select().from(cardPages).where(eq(cardPages.id, card.id));
    const design = designFromStored(stored!.design);
    expect(object).toMatchObject({
      id: `${ISSUER}.card-${card.id}`,
      classId: `${ISSUER}.tapcard`,
      state: "ACTIVE",
      hexBackgroundColor: paletteOf(design, design.variant === "dark" ? "dark" : "light").accent,
      logo: { sourceUri: { uri: "https://shop.test/uploads/profile/abc123.jpg" } },
      // The card's QR address exactly as /card/{slug}/qr.svg encodes it.
      barcode: { type: "QR_CODE", value: `https://shop.test/${card.slug}?s=qr` },
    });
    expect(object.hexBackgroundColor).toMatch(/^#[0-9a-f]{6}$/i);
    expect((object.header as Text).defaultValue.value).toBe("Alice Wallet");
    expect((object.subheader as Text).defaultValue.value).toBe("Head of Sales");
    expect((object.cardTitle as Text).defaultValue.value).toBe("Acme Ltd");
    // From now on the card's changes are sent to the pass, starting from the version the link holds.
    expect(await passes()).toEqual([{ pushedVersion: stored!.version }]);
  });

  it("answers another customer as if the card did not exist, and sends a visitor to sign in", async () => {
    await t.db.delete(googleWalletPasses);
    const bob = await open("bob");
    expect(bob.status).toBe(404);
    expect(bob.location).toBeNull();
    // A member of the card's company who does not manage it is anyone else.
    expect((await open("dave")).status).toBe(404);
    const anonymous = await open("anonymous");
    expect([302, 303]).toContain(anonymous.status);
    expect(anonymous.location).toMatch(/^\/login\?redirectTo=/);
    expect(await passes()).toEqual([]);
  });

  it("lets the card's company's admins save it too", async () => {
    const carol = await open("carol");
    expect(carol.status).toBe(303);
    expect(carol.location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    expect(await passes()).toHaveLength(1);
  });

  it("is offered on My Cards only when Google Wallet is configured", async () => {
    const cards = (on: AppLoadContext) =>
      answer(cardsPage.loader, getRequest("https://shop.test/dashboard/cards", cookies.alice), on);
    expect((await cards(context)).data.googleWallet).toBe(true);
    expect((await cards(contextOff)).data.googleWallet).toBe(false);
    expect((await open("alice", contextOff)).status).toBe(404);
  });

  it("refuses a card number that is not one", async () => {
    const res = await answer(
      wallet.loader,
      getRequest("https://shop.test/dashboard/cards/nope/wallet/google", cookies.alice),
      context,
      { cardNumber: "nope" },
    );
    expect(res.status).toBe(404);
  });
});
