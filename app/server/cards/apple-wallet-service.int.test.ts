// Apple's pass web service through its routes: a device registers with the pass's token (201, then 200), a wrong
// or missing token is refused (401), it lists the passes changed since its tag (204 for none), fetches the latest
// pass (304 when unchanged), unregisters, and logs; a deleted card's pass comes back voided.
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appleWalletRegistrations, cardPages } from "~/db/schema";
import { makeTestWalletCa, openPass, TEST_PASS_TYPE_ID } from "../../../tests/support/apple-wallet";
import { routeContext, testAuth } from "../../../tests/support/auth";
import { testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import * as logRoute from "../../routes/api/apple-wallet-log";
import * as passRoute from "../../routes/api/apple-wallet-pass";
import * as registrationRoute from "../../routes/api/apple-wallet-registration";
import * as serialsRoute from "../../routes/api/apple-wallet-serials";
import { passAuthToken } from "./apple-wallet.server";
import { DEVICE_LOG, MAX_DEVICES_PER_PASS, MAX_PUSH_TOKEN } from "./apple-wallet-service.server";
import { createCardPage, deleteCardPage } from "./cards.server";
import { CARD_LIMITS } from "./limits.server";

const ca = makeTestWalletCa();
const config = testConfig("apple-wallet-service", ca.env());
const BASE = "http://shop.test/api/passes/v1";
const DEVICE = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
const PUSH_TOKEN = "ab".repeat(32);
let t: TestDb;
let context: AppLoadContext;
let card: { id: string; slug: string };
const warn = vi.fn();

beforeAll(async () => {
  t = await createTestDb();
  context = routeContext(t.db, config, testAuth(t.db, config));
  (context as { logger: unknown }).logger = { warn };
  card = await createCardPage(
    t.db,
    { name: "Reggie Register", slug: "reggie", password: "reggie-edit-1", links: [] },
    { announce: false },
  );
});
afterAll(() => t?.close());

const auth = (serial: string) => `ApplePass ${passAuthToken(config.authSecret, serial)}`;

async function call(
  run: (args: never) => unknown,
  method: string,
  path: string,
  params: Record<string, string>,
  opts: { authorization?: string; body?: string; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(opts.headers);
  if (opts.authorization) headers.set("Authorization", opts.authorization);
  const request = new Request(`${BASE}${path}`, { method, headers, body: opts.body });
  const response = (await run({ request, params, context } as never)) as Response;
  return {
    status: response.status,
    headers: response.headers,
    body: Buffer.from(await response.arrayBuffer()),
  };
}

const register = (serial: string, authorization: string | undefined, body: unknown, device = DEVICE) =>
  call(
    registrationRoute.action,
    "POST",
    `/devices/${device}/registrations/${TEST_PASS_TYPE_ID}/${serial}`,
    { deviceLibraryId: device, passTypeId: TEST_PASS_TYPE_ID, serial },
    { authorization, body: JSON.stringify(body) },
  );
const unregister = (serial: string, authorization?: string) =>
  call(
    registrationRoute.action,
    "DELETE",
    `/devices/${DEVICE}/registrations/${TEST_PASS_TYPE_ID}/${serial}`,
    { deviceLibraryId: DEVICE, passTypeId: TEST_PASS_TYPE_ID, serial },
    { authorization },
  );
const serials = (since?: string) =>
  call(
    serialsRoute.loader,
    "GET",
    `/devices/${DEVICE}/registrations/${TEST_PASS_TYPE_ID}${since === undefined ? "" : `?passesUpdatedSince=${since}`}`,
    { deviceLibraryId: DEVICE, passTypeId: TEST_PASS_TYPE_ID },
  );
const latest = (serial: string, authorization?: string, headers: Record<string, string> = {}) =>
  call(
    passRoute.loader,
    "GET",
    `/passes/${TEST_PASS_TYPE_ID}/${serial}`,
    { passTypeId: TEST_PASS_TYPE_ID, serial },
    { authorization, headers },
  );

describe("Apple's pass web service", () => {
  it("registers a device with the pass's token: 201 new, 200 already; refuses a wrong or missing token", async () => {
    expect((await register(card.id, undefined, { pushToken: PUSH_TOKEN })).status).toBe(401);
    expect(
      (await register(card.id, "ApplePass wrong-token-000000000000", { pushToken: PUSH_TOKEN })).status,
    ).toBe(401);
    // Another pass's token does not open this one.
    expect((await register(card.id, auth(crypto.randomUUID()), { pushToken: PUSH_TOKEN })).status).toBe(401);
    expect((await register(card.id, auth(card.id), { pushToken: "not hex" })).status).toBe(400);
    expect(
      (await register(card.id, auth(card.id), { pushToken: "a".repeat(MAX_PUSH_TOKEN + 2) })).status,
    ).toBe(400);
    expect((await register(card.id, auth(card.id), { pushToken: PUSH_TOKEN }, "../etc")).status).toBe(400);
    expect((await register(card.id, auth(card.id), { pushToken: PUSH_TOKEN }, "d".repeat(129))).status).toBe(
      400,
    );
    expect(await t.db.select().from(appleWalletRegistrations)).toHaveLength(0);
    expect((await register(card.id, auth(card.id), { pushToken: PUSH_TOKEN })).status).toBe(201);
    expect((await register(card.id, auth(card.id), { pushToken: PUSH_TOKEN })).status).toBe(200);
    const rows = await t.db.select().from(appleWalletRegistrations);
    expect(rows).toMatchObject([{ deviceLibraryId: DEVICE, pushToken: PUSH_TOKEN, cardPageId: card.id }]);
  });

  it("refuses another pass type and a serial that is no card id", async () => {
    const other = await call(
      registrationRoute.action,
      "POST",
      `/devices/${DEVICE}/registrations/pass.other/${card.id}`,
      { deviceLibraryId: DEVICE, passTypeId: "pass.other", serial: card.id },
      { authorization: auth(card.id), body: JSON.stringify({ pushToken: PUSH_TOKEN }) },
    );
    expect(other.status).toBe(404);
    expect((await register("not-a-uuid", auth("not-a-uuid"), { pushToken: PUSH_TOKEN })).status).toBe(404);
  });

  it("lists the device's passes changed since its tag, 204 when none", async () => {
    const all = await serials();
    expect(all.status).toBe(200);
    const { lastUpdated, serialNumbers } = JSON.parse(all.body.toString());
    expect(serialNumbers).toEqual([card.id]);
    expect(lastUpdated).toMatch(/^\d+$/);
    expect((await serials(lastUpdated)).status).toBe(204);
    await t.db
      .update(cardPages)
      .set({ name: "Reggie Renamed", updatedAt: new Date(Number(lastUpdated) + 1000) })
      .where(eq(cardPages.id, card.id));
    const changed = JSON.parse((await serials(lastUpdated)).body.toString());
    expect(changed.serialNumbers).toEqual([card.id]);
    expect(BigInt(changed.lastUpdated)).toBeGreaterThan(BigInt(lastUpdated));
    expect((await serials("x; drop table")).status).toBe(400);
  });

  it("gives the latest pass with Last-Modified, and 304 when it has not changed since", async () => {
    expect((await latest(card.id)).status).toBe(401);
    expect((await latest(card.id, "ApplePass nope")).status).toBe(401);
    const answer = await latest(card.id, auth(card.id));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/vnd.apple.pkpass");
    const { pass } = openPass(ca, answer.body);
    expect(pass.generic.primaryFields[0].value).toBe("Reggie Renamed");
    const modified = answer.headers.get("Last-Modified")!;
    expect((await latest(card.id, auth(card.id), { "If-Modified-Since": modified })).status).toBe(304);
    // Any earlier moment: the pass changed since.
    const older = new Date(0).toUTCString();
    expect((await latest(card.id, auth(card.id), { "If-Modified-Since": older })).status).toBe(200);
    expect((await latest(card.id, auth(card.id), { "If-Modified-Since": "garbage" })).status).toBe(200);
  });

  it("logs what devices send, bounded, never a token", async () => {
    const token = passAuthToken(config.authSecret, card.id);
    const logs = [
      `Authorization ApplePass ${token} refused`,
      "x ".repeat(DEVICE_LOG.lineLength),
      ...Array(DEVICE_LOG.lines * 2).fill("again"),
    ];
    const answer = await call(logRoute.action, "POST", "/log", {}, { body: JSON.stringify({ logs }) });
    expect(answer.status).toBe(200);
    const [[{ messages }]] = warn.mock.calls as [[{ messages: string[] }]];
    expect(messages).toHaveLength(DEVICE_LOG.lines);
    expect(messages[1]).toHaveLength(DEVICE_LOG.lineLength);
    expect(JSON.stringify(messages)).not.toContain(token);
    expect((await call(logRoute.action, "POST", "/log", {}, { body: "{" })).status).toBe(400);
  });

  it("takes a limited number of device logs from one address an hour, then 429", async () => {
    const from = (ip: string) => {
      const c = routeContext(t.db, config, testAuth(t.db, config), ip);
      (c as { logger: unknown }).logger = { warn };
      return c;
    };
    const post = (c: AppLoadContext) =>
      logRoute.action({
        request: new Request(`${BASE}/log`, { method: "POST", body: JSON.stringify({ logs: ["broken"] }) }),
        params: {},
        context: c,
      } as never) as Promise<Response>;
    const noisy = from("198.51.100.7");
    for (let i = 0; i < CARD_LIMITS.walletDeviceLog.max; i++) expect((await post(noisy)).status).toBe(200);
    expect((await post(noisy)).status).toBe(429);
    expect((await post(from("198.51.100.8"))).status).toBe(200);
  });

  it("unregisters a device (200), with the pass's token only", async () => {
    expect((await unregister(card.id)).status).toBe(401);
    expect((await unregister(card.id, auth(card.id))).status).toBe(200);
    expect(await t.db.select().from(appleWalletRegistrations)).toHaveLength(0);
    expect((await serials()).status).toBe(204);
  });

  it("caps the devices one pass may be registered on", async () => {
    const page = await createCardPage(
      t.db,
      { name: "Many Phones", slug: "many-phones", password: "many-edit-1", links: [] },
      { announce: false },
    );
    await t.db.insert(appleWalletRegistrations).values(
      Array.from({ length: MAX_DEVICES_PER_PASS }, (_, i) => ({
        deviceLibraryId: `device-${i}`,
        pushToken: PUSH_TOKEN,
        cardPageId: page.id,
        pushedVersion: 1,
      })),
    );
    expect((await register(page.id, auth(page.id), { pushToken: PUSH_TOKEN }, "one-more")).status).toBe(429);
    // A device already registered may still renew its token.
    expect((await register(page.id, auth(page.id), { pushToken: "cd".repeat(32) }, "device-0")).status).toBe(
      200,
    );
  });

  it("voids a deleted card's pass and still lists it for the devices that hold it", async () => {
    expect((await register(card.id, auth(card.id), { pushToken: PUSH_TOKEN })).status).toBe(201);
    await deleteCardPage(t.db, card.id);
    const listed = JSON.parse((await serials("0")).body.toString());
    expect(listed.serialNumbers).toContain(card.id);
    const answer = await latest(card.id, auth(card.id));
    expect(answer.status).toBe(200);
    const { pass } = openPass(ca, answer.body);
    expect(pass).toMatchObject({
      voided: true,
      serialNumber: card.id,
      passTypeIdentifier: TEST_PASS_TYPE_ID,
    });
    expect(pass.barcodes).toBeUndefined();
  });
});
