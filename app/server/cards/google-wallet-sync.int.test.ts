// Saved Google Wallet passes follow their cards: a local server stands in for Google's token endpoint and the
// Wallet API. A card's new name reaches its pass by PATCH with a token got by the service account's JWT-bearer
// grant (asked for once, then reused); a card never saved (404) is skipped quietly; a deleted card's pass is voided.
import type { KeyObject } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { jwtVerify } from "jose";
import type { Logger } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  makeTestGoogleWallet,
  TEST_WALLET_EMAIL,
  TEST_WALLET_ISSUER,
} from "../../../tests/support/google-wallet";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { loadConfig } from "../platform/env.server";
import { createCardPage, deleteCardPage, updateCardPage } from "./cards.server";
import { startGoogleWalletSync } from "./google-wallet-sync.server";

const ISSUER = TEST_WALLET_ISSUER;
let publicKey: KeyObject;

type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
/** The passes Google holds: PATCH on any other answers 404. */
const saved = new Set<string>();
let server: http.Server;
let base: string;
let t: TestDb;
let sync: { stop(): Promise<void> };
const logger = { warn: vi.fn(), error: vi.fn(), info: vi.fn() };
let saver: { id: string; slug: string };
let stranger: { id: string; slug: string };
let failing: { id: string; slug: string } | undefined;

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
      if (id.endsWith(`card-${failing?.id}`)) {
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
  const config = loadConfig({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "google-wallet-sync-")),
    PUBLIC_URL: "https://shop.test",
    ...google.env,
  });
  t = await createTestDb();
  const make = (name: string, slug: string) =>
    createCardPage(t.db, { name, slug, password: "edit-pass-1", links: [] }, { announce: false });
  saver = await make("Sam Saver", "sam-saver");
  stranger = await make("Nina Never", "nina-never");
  failing = await make("Fay Failing", "fay-failing");
  saved.add(`${ISSUER}.card-${saver.id}`);
  sync = startGoogleWalletSync({
    db: t.db,
    wallet: config.googleWallet!,
    publicUrl: config.publicUrl,
    shopName: config.shop.name,
    logger: logger as unknown as Logger,
    settleMs: 10,
  });
});
afterAll(async () => {
  await sync?.stop();
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const patches = () => received.filter((r) => r.method === "PATCH");
const tokenRequests = () => received.filter((r) => r.method === "POST" && r.url === "/token");
const rename = (card: { id: string; slug: string }, name: string) =>
  updateCardPage(t.db, card.id, { name, slug: card.slug, links: [] });

describe("Google Wallet pass updates", () => {
  it("patches a saved pass with the card's new name, with a token from the JWT-bearer grant", async () => {
    await rename(saver, "Sam Renamed");
    await vi.waitFor(() => expect(patches()).toHaveLength(1), { timeout: 5000 });
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
    const [patch] = patches();
    expect(patch!.url).toBe(`/v1/genericObject/${encodeURIComponent(`${ISSUER}.card-${saver.id}`)}`);
    expect(patch!.headers.authorization).toBe("Bearer test-access-token");
    const body = JSON.parse(patch!.body);
    expect(body.header.defaultValue.value).toBe("Sam Renamed");
    expect(body.state).toBe("ACTIVE");
    expect(body.barcode.value).toBe(`https://shop.test/${saver.slug}?s=qr`);
  });

  it("reuses the token, and skips a card whose pass was never saved without a warning", async () => {
    await rename(stranger, "Nina Renamed");
    await rename(saver, "Sam Again");
    await vi.waitFor(() => expect(patches()).toHaveLength(3), { timeout: 5000 });
    expect(tokenRequests()).toHaveLength(1);
    const bodies = patches().map((p) => JSON.parse(p.body).header.defaultValue.value);
    expect(bodies).toContain("Nina Renamed");
    expect(bodies).toContain("Sam Again");
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("voids a deleted card's pass", async () => {
    await deleteCardPage(t.db, saver.id);
    await vi.waitFor(() => expect(patches()).toHaveLength(4), { timeout: 5000 });
    const last = patches().at(-1)!;
    expect(last.url).toContain(encodeURIComponent(`${ISSUER}.card-${saver.id}`));
    expect(JSON.parse(last.body)).toEqual({ state: "INACTIVE" });
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it("logs a pass Google would not change, without its token or key, and repeats nothing unchanged", async () => {
    await rename(failing!, "Fay Renamed");
    await vi.waitFor(() => expect(logger.warn).toHaveBeenCalledTimes(1), { timeout: 5000 });
    const logged = JSON.stringify(logger.warn.mock.calls);
    expect(logged).toContain("500");
    expect(logged).not.toContain("test-access-token");
    expect(logged).not.toMatch(/PRIVATE KEY|eyJ/);
    // The same card announced again with nothing new on its pass is not sent twice.
    const before = patches().length;
    await updateCardPage(t.db, stranger.id, { name: "Nina Renamed", slug: stranger.slug, links: [] });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(patches()).toHaveLength(before);
  });
});
