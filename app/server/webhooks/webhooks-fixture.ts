// The webhook tests' shared setup: a database with an owner and another account, real local HTTP receivers
// that answer as told, endpoints added as the settings add them, and the signature check a receiver runs.

import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { emailOutbox, users, webhookDeliveries } from "~/db/schema";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { addWebhookEndpoint, queueWebhookEvent } from "./webhooks.server";

const AUTH_SECRET = "a-test-secret-that-is-long-enough-0123456789";
export const LOCAL = ["127.0.0.1"];
export const base = { authSecret: AUTH_SECRET, shop: "TapCard", publicUrl: "http://shop.test" };

/** The verification example of docs/webhooks.md, as a receiver would run it. */
export function verifyTapcard(rawBody: string, header: string, secret: string, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=")));
  const expected = createHmac("sha256", secret).update(`${parts.t}.${rawBody}`).digest("hex");
  const given = Buffer.from(parts.v1 ?? "", "utf8");
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) <= toleranceSeconds;
  return fresh && given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
}

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that answers each request with the next status of `statuses` (the last one repeats). */
async function startReceiver(statuses: number[] | "never") {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      if (statuses === "never") return; // holds the request open
      res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: `http://127.0.0.1:${port}/hook`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export let t: TestDb;
let receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
export const receiver = async (statuses: number[] | "never") => {
  const r = await startReceiver(statuses);
  receivers.push(r);
  return r;
};

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(emailOutbox);
  await t.db.delete(users);
  await t.db.insert(users).values([
    { id: "owner", name: "Olive Owner", email: "olive@example.com", emailVerified: true },
    { id: "other", name: "Otto Other", email: "otto@example.com", emailVerified: true },
  ]);
});
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.stop()));
  receivers = [];
});

export const addEndpoint = (url: string, allowedHosts: readonly string[] = LOCAL, owner = "owner") =>
  addWebhookEndpoint(t.db, owner, url, { authSecret: AUTH_SECRET, allowedHosts });

export const contactEvent = () =>
  t.db.transaction((tx) =>
    queueWebhookEvent(tx, "owner", "contact.created", { name: "Vera Visitor", email: "vera@example.com" }),
  );

export const deliveries = () => t.db.select().from(webhookDeliveries).orderBy(webhookDeliveries.id);
