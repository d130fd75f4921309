// Saved Google Wallet passes follow their cards: a local server stands in for Google's token endpoint and the
// Wallet API. Following a card's save link registers its pass; from then on a change reaches the pass by PATCH
// (with a token from the service account's JWT-bearer grant), also a change made while no worker ran; a patch
// Google refuses is sent again on the next round; a deleted card's pass is voided once; a card whose save link
// was never followed is never patched.
import type { KeyObject } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { jwtVerify } from "jose";
import type { Logger } from "pino";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cardPages, googleWalletPasses } from "~/db/schema";
import { routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { eventually } from "../../../tests/support/eventually";
import {
  makeTestGoogleWallet,
  TEST_WALLET_EMAIL,
  TEST_WALLET_ISSUER,
} from "../../../tests/support/google-wallet";
import { answer, getRequest } from "../../../tests/support/routes";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import * as saveRoute from "../../routes/dashboard/card-wallet-google";
import { type Config, loadConfig } from "../platform/env.server";
import { createCardPage, deleteCardPage, updateCardPage } from "./cards.server";
import { pushGooglePassUpdates, startGoogleWalletSync } from "./google-wallet-sync.server";

type Card = { id: string; slug: string; cardNumber: string };
type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
/** The passes Google holds: a PATCH of any other answers 404. */
const saved = new Set<string>();
/** How many more PATCHes of a pass answer 500. */
const failures = new Map<string, number>();
let server: http.Server;
let base: string;
let publicKey: KeyObject;
let config: Config;
let t: TestDb;
let context: AppLoadContext;
let owner: { id: string; cookie: string };
let sync: Parameters<typeof pushGooglePassUpdates>[1];
const logger = { warn: vi.fn(), error: vi.fn(), info: vi.fn() };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.method === "POST" && req.url === "/token") {
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end(JSON.stringify({ access_token: "test-access-token", expires_in: 3600 }));
      }
      const id = decodeURIComponent(req.url!.replace("/v1/genericObject/", ""));
      const failing = failures.get(id) ?? 0;
      if (failing > 0) {
        failures.set(id, failing - 1);
        res.writeHead(500, { "Content-Type": "application/json" });
        return res.end("{}");
      }
      if (req.method === "PATCH" && saved.has(id)) {
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end(JSON.stringify({ id }));
      }
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { code: 404 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const google = makeTestGoogleWallet({ tokenUri: `${base}/token`, apiBase: `${base}/v1` });
  publicKey = google.publicKey;
  config = loadConfig({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "google-wallet-sync-")),
    PUBLIC_URL: "https://shop.test",
    ...google.env,
  });
  sync = {
    wallet: config.googleWallet!,
    publicUrl: config.publicUrl,
    shopName: config.shop.name,
    logger: logger as unknown as Logger,
  };
  t = await createTestDb();
  const auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  owner = await verifiedCustomer(auth, t.db, "Sam", "sam@example.com");
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const round = () => pushGooglePassUpdates(t.db, sync);
const startWorker = () => startGoogleWalletSync({ ...sync, db: t.db, intervalMs: 3_600_000 });

const makeCard = (name: string, slug: string): Promise<Card> =>
  createCardPage(
    t.db,
    { name, slug, password: "edit-pass-1", ownerUserId: owner.id, links: [] },
    { announce: false },
  );
/** The owner follows the card's save link, and (unless told not to) saves the pass at Google. */
async function follow(card: Card, { save = true } = {}) {
  const res = await answer(
    saveRoute.loader,
    getRequest(`https://shop.test/dashboard/cards/${card.cardNumber}/wallet/google`, owner.cookie),
    context,
    { cardNumber: card.cardNumber },
  );
  expect(res.status).toBe(303);
  if (save) saved.add(objectId(card));
}
const rename = (card: Card, name: string, announce = true) =>
  updateCardPage(t.db, card.id, { name, slug: card.slug, links: [] }, { announce });
const objectId = (card: Card) => `${TEST_WALLET_ISSUER}.card-${card.id}`;
const patchesOf = (card: Card) =>
  received
    .filter(
      (r) => r.method === "PATCH" && r.url === `/v1/genericObject/${encodeURIComponent(objectId(card))}`,
    )
    .map((r) => JSON.parse(r.body));
const tokenRequests = () => received.filter((r) => r.method === "POST" && r.url === "/token");
const passRows = (card: Card) =>
  t.db.select().from(googleWalletPasses).where(eq(googleWalletPasses.cardPageId, card.id));
async function versionOf(card: Card) {
  const [row] = await t.db
    .select({ version: cardPages.version })
    .from(cardPages)
    .where(eq(cardPages.id, card.id));
  return row!.version;
}

let saver: Card;
let stranger: Card;

describe("Google Wallet pass updates", () => {
  it("registers a card's pass when its save link is followed, once however often", async () => {
    saver = await makeCard("Sam Saver", "sam-saver");
    stranger = await makeCard("Nina Never", "nina-never");
    await follow(saver);
    await follow(saver);
    expect(await passRows(saver)).toEqual([
      expect.objectContaining({ pushedVersion: await versionOf(saver), voidedAt: null }),
    ]);
    expect(await passRows(stranger)).toEqual([]);
    // The pass holds the card as it is: nothing is due.
    expect(await round()).toBe(false);
    expect(received).toEqual([]);
  });

  it("patches a saved pass when its card changes, with a token from the JWT-bearer grant", async () => {
    const worker = startWorker();
    try {
      await rename(stranger, "Nina Renamed");
      await rename(saver, "Sam Renamed");
      const version = await versionOf(saver);
      await eventually(async () => expect((await passRows(saver))[0]!.pushedVersion).toBe(version));
    } finally {
      await worker.stop();
    }
    const [token] = tokenRequests();
    const form = new URLSearchParams(token!.body);
    expect(form.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
    const { payload } = await jwtVerify(form.get("assertion")!, publicKey, {
      algorithms: ["RS256"],
      issuer: TEST_WALLET_EMAIL,
      audience: `${base}/token`,
    });
    expect(payload.scope).toBe("https://www.googleapis.com/auth/wallet_object.issuer");
    expect(payload.exp).toBeGreaterThan(payload.iat!);
    const patch = received.find((r) => r.method === "PATCH")!;
    expect(patch.headers.authorization).toBe("Bearer test-access-token");
    const [body] = patchesOf(saver);
    expect(body.header.defaultValue.value).toBe("Sam Renamed");
    expect(body.state).toBe("ACTIVE");
    expect(body.barcode.value).toBe(`https://shop.test/${saver.slug}?s=qr`);
    expect(patchesOf(saver)).toHaveLength(1);
  });

  it("sends a change made while no worker ran when one starts, reusing the token", async () => {
    await rename(saver, "Sam While Down", false);
    const version = await versionOf(saver);
    const worker = startWorker();
    try {
      await eventually(async () => expect((await passRows(saver))[0]!.pushedVersion).toBe(version));
    } finally {
      await worker.stop();
    }
    expect(patchesOf(saver).map((b) => b.header.defaultValue.value)).toEqual([
      "Sam Renamed",
      "Sam While Down",
    ]);
    expect(tokenRequests()).toHaveLength(1);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("marks a pass Google does not have (never saved) as sent, without a warning", async () => {
    const unsaved = await makeCard("Una Unsaved", "una-unsaved");
    await follow(unsaved, { save: false });
    await rename(unsaved, "Una Renamed", false);
    await round();
    expect(patchesOf(unsaved)).toHaveLength(1);
    expect((await passRows(unsaved))[0]!.pushedVersion).toBe(await versionOf(unsaved));
    await round();
    expect(patchesOf(unsaved)).toHaveLength(1);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it("sends a patch Google refused again on the next round, logging it without the token or key", async () => {
    const flaky = await makeCard("Fay Flaky", "fay-flaky");
    await follow(flaky);
    const before = await versionOf(flaky);
    failures.set(objectId(flaky), 1);
    await rename(flaky, "Fay Renamed", false);
    await round();
    expect(patchesOf(flaky)).toHaveLength(1);
    expect((await passRows(flaky))[0]!.pushedVersion).toBe(before);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(logger.warn.mock.calls);
    expect(logged).toContain("500");
    expect(logged).not.toContain("test-access-token");
    expect(logged).not.toMatch(/PRIVATE KEY|eyJ/);

    await round();
    expect(patchesOf(flaky).map((b) => b.header.defaultValue.value)).toEqual(["Fay Renamed", "Fay Renamed"]);
    expect((await passRows(flaky))[0]!.pushedVersion).toBe(await versionOf(flaky));
    expect(await round()).toBe(false);
    expect(patchesOf(flaky)).toHaveLength(2);
  });

  it("voids a deleted card's pass once", async () => {
    const worker = startWorker();
    try {
      await deleteCardPage(t.db, saver.id);
      await eventually(async () => expect((await passRows(saver))[0]!.voidedAt).toBeInstanceOf(Date));
    } finally {
      await worker.stop();
    }
    expect(patchesOf(saver).at(-1)).toEqual({ state: "INACTIVE" });
    const sent = patchesOf(saver).length;
    expect(await round()).toBe(false);
    expect(patchesOf(saver)).toHaveLength(sent);
  });

  it("never patches a card whose save link was never followed, changed or deleted", async () => {
    await deleteCardPage(t.db, stranger.id);
    expect(await round()).toBe(false);
    expect(patchesOf(stranger)).toEqual([]);
    expect(await passRows(stranger)).toEqual([]);
  });
});
