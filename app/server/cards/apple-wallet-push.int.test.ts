// Update pushes to devices holding a card's pass: a local HTTP/2 server with a certificate from the test authority
// stands in for APNs, and asks for the client's certificate as APNs does. Renaming the card pushes each registered
// device once ({} with topic = the pass type id); deleting it pushes the void; a token APNs has dropped is removed.

import fs from "node:fs";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appleWalletRegistrations, cardPages } from "~/db/schema";
import { makeTestWalletCa, TEST_PASS_TYPE_ID } from "../../../tests/support/apple-wallet";
import { eventually } from "../../../tests/support/eventually";
import { testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { pushPassUpdates, startApplePassPushes } from "./apple-wallet-push.server";
import { createCardPage, deleteCardPage, updateCardPage } from "./cards.server";

const ca = makeTestWalletCa();
const caPem = fs.readFileSync(ca.caPem, "utf8");
type Received = { path: string; topic: string; pushType: string; body: string; clientUid: string };
const received: Received[] = [];
let status = 200;
const apns = http2.createSecureServer({
  key: fs.readFileSync(ca.serverKey),
  cert: fs.readFileSync(ca.serverPem),
  ca: caPem,
  requestCert: true,
  rejectUnauthorized: true,
});
apns.on("stream", (stream, headers) => {
  let body = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    body += chunk;
  });
  stream.on("end", () => {
    const peer = (stream.session!.socket as TLSSocket).getPeerCertificate();
    received.push({
      path: String(headers[":path"]),
      topic: String(headers["apns-topic"]),
      pushType: String(headers["apns-push-type"]),
      body,
      clientUid: String((peer.subject as unknown as Record<string, string>).UID),
    });
    stream.respond({ ":status": status });
    stream.end(status === 200 ? "" : JSON.stringify({ reason: "Unregistered" }));
  });
});

let t: TestDb;
let apple: NonNullable<ReturnType<typeof testConfig>["appleWallet"]>;
const logger = pino({ level: "silent" });
const TOKEN_A = "aa".repeat(32);
const TOKEN_B = "bb".repeat(32);

beforeAll(async () => {
  await new Promise<void>((resolve) => apns.listen(0, "127.0.0.1", resolve));
  const port = (apns.address() as AddressInfo).port;
  apple = testConfig("apple-wallet-push", ca.env({ APNS_HOST: `https://127.0.0.1:${port}` })).appleWallet!;
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => apns.close(resolve));
});

async function cardWithDevices(slug: string, tokens: string[]) {
  const page = await createCardPage(
    t.db,
    { name: "Petra Push", slug, password: "petra-edit-1", links: [] },
    { announce: false },
  );
  await t.db.insert(appleWalletRegistrations).values(
    tokens.map((pushToken, i) => ({
      deviceLibraryId: `${slug}-device-${i}`,
      pushToken,
      cardPageId: page.id,
      pushedVersion: 1,
    })),
  );
  return page;
}

describe("pass update pushes", () => {
  it("pushes each registered device once after the card's name changes", async () => {
    const page = await cardWithDevices("petra", [TOKEN_A, TOKEN_B]);
    // Nothing is due before the change: a round pushes nothing.
    expect(await pushPassUpdates(t.db, apple, logger, { ca: caPem })).toBe(false);
    expect(received).toEqual([]);
    // The timer's round never comes within the test: the change announced in this process starts one.
    const worker = startApplePassPushes({ db: t.db, apple, logger, intervalMs: 60_000, push: { ca: caPem } });
    try {
      await updateCardPage(t.db, page.id, { name: "Petra Renamed", slug: "petra", links: [] });
      await eventually(() => expect(received).toHaveLength(2));
    } finally {
      await worker.stop();
    }
    expect(received.map((r) => r.path).sort()).toEqual([`/3/device/${TOKEN_A}`, `/3/device/${TOKEN_B}`]);
    for (const push of received)
      expect(push).toMatchObject({ topic: TEST_PASS_TYPE_ID, pushType: "background", body: "{}" });
    // APNs knows the sender by its pass certificate.
    expect(received[0]!.clientUid).toBe(TEST_PASS_TYPE_ID);
    const [{ version }] = (await t.db
      .select({ version: cardPages.version })
      .from(cardPages)
      .where(eq(cardPages.id, page.id))) as [{ version: number }];
    const rows = await t.db
      .select({ pushedVersion: appleWalletRegistrations.pushedVersion })
      .from(appleWalletRegistrations)
      .where(eq(appleWalletRegistrations.cardPageId, page.id));
    expect(rows).toEqual([{ pushedVersion: version }, { pushedVersion: version }]);
    // Nothing changed since: nothing more is pushed.
    received.length = 0;
    await pushPassUpdates(t.db, apple, logger, { ca: caPem });
    expect(received).toEqual([]);
  });

  it("pushes a deleted card's devices once, and forgets a token APNs no longer knows", async () => {
    const gone = await cardWithDevices("gone", [TOKEN_A]);
    await deleteCardPage(t.db, gone.id);
    received.length = 0;
    await pushPassUpdates(t.db, apple, logger, { ca: caPem });
    expect(received.map((r) => r.path)).toEqual([`/3/device/${TOKEN_A}`]);
    const [row] = await t.db
      .select()
      .from(appleWalletRegistrations)
      .where(eq(appleWalletRegistrations.cardPageId, gone.id));
    expect(row!.voidPushedAt).toBeInstanceOf(Date);
    received.length = 0;
    await pushPassUpdates(t.db, apple, logger, { ca: caPem });
    expect(received).toEqual([]);

    const dropped = await cardWithDevices("dropped", ["cc".repeat(32)]);
    await t.db.update(cardPages).set({ version: 5 }).where(eq(cardPages.id, dropped.id));
    status = 410;
    try {
      await pushPassUpdates(t.db, apple, logger, { ca: caPem });
    } finally {
      status = 200;
    }
    expect(
      await t.db
        .select()
        .from(appleWalletRegistrations)
        .where(eq(appleWalletRegistrations.cardPageId, dropped.id)),
    ).toEqual([]);
  });

  it("keeps a push due while APNs cannot be reached", async () => {
    const waiting = await cardWithDevices("waiting", ["dd".repeat(32)]);
    await t.db.update(cardPages).set({ version: 3 }).where(eq(cardPages.id, waiting.id));
    // Without the test authority the stand-in's certificate is not trusted: the connection fails.
    await pushPassUpdates(t.db, apple, logger);
    const [row] = await t.db
      .select()
      .from(appleWalletRegistrations)
      .where(eq(appleWalletRegistrations.cardPageId, waiting.id));
    expect(row!.pushedVersion).toBe(1);
    await pushPassUpdates(t.db, apple, logger, { ca: caPem });
    const [after] = await t.db
      .select()
      .from(appleWalletRegistrations)
      .where(eq(appleWalletRegistrations.cardPageId, waiting.id));
    expect(after!.pushedVersion).toBe(3);
  });
});
