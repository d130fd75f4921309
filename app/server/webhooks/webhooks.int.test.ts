// Webhook delivery against real local HTTP receivers: signed events, retries with the same event id, the 24-hour
// give-up with one e-mail to the owner, claims that lapse, and refusals of local addresses at delivery time.
// The worker's clock is an argument, so back-off is tested by moving it, never by waiting.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, exchangedContacts, users, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { LookupAll } from "./address-guard.server";
import { deliverDueWebhooks, RETRY_WINDOW_MS } from "./delivery.server";
import { SIGNATURE_HEADER } from "./send.server";
import {
  addWebhookEndpoint,
  contactCreatedData,
  listWebhookEndpoints,
  pruneWebhookDeliveries,
  queueTestEvent,
  queueWebhookEvent,
  setWebhookEndpointEnabled,
  WEBHOOK_ENDPOINT_LIMIT,
} from "./webhooks.server";

const AUTH_SECRET = "a-test-secret-that-is-long-enough-0123456789";
const LOCAL = ["127.0.0.1"];
const base = { authSecret: AUTH_SECRET, shop: "TapCard", publicUrl: "http://shop.test" };

/** The verification example of docs/webhooks.md, as a receiver would run it. */
function verifyTapcard(rawBody: string, header: string, secret: string, toleranceSeconds = 300) {
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

let t: TestDb;
let receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
const receiver = async (statuses: number[] | "never") => {
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

const addEndpoint = (url: string, allowedHosts: readonly string[] = LOCAL, owner = "owner") =>
  addWebhookEndpoint(t.db, owner, url, { authSecret: AUTH_SECRET, allowedHosts });

const contactEvent = () =>
  t.db.transaction((tx) =>
    queueWebhookEvent(tx, "owner", "contact.created", { name: "Vera Visitor", email: "vera@example.com" }),
  );

const deliveries = () => t.db.select().from(webhookDeliveries).orderBy(webhookDeliveries.id);

describe("webhook delivery", () => {
  it("POSTs a contact event to a receiver on 127.0.0.1 with a signature the documented check accepts", async () => {
    const r = await receiver([200]);
    const endpoint = await addEndpoint(r.url);
    expect(endpoint.secret).toMatch(/^whsec_[\w-]{32}$/);
    const eventId = await contactEvent();

    expect(await deliverDueWebhooks(t.db, { ...base, allowedHosts: LOCAL })).toEqual({
      delivered: 1,
      failed: 0,
    });
    expect(r.received).toHaveLength(1);
    const [got] = r.received;
    expect(got!.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(got!.body);
    expect(body).toEqual({
      type: "contact.created",
      id: eventId,
      created: expect.any(Number),
      data: { name: "Vera Visitor", email: "vera@example.com" },
    });
    expect(Math.abs(body.created - Date.now() / 1000)).toBeLessThan(60);
    const signature = got!.headers[SIGNATURE_HEADER.toLowerCase()] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyTapcard(got!.body, signature, endpoint.secret)).toBe(true);
    // A body changed on the way, or another endpoint's secret, fails the check.
    expect(verifyTapcard(got!.body.replace("Vera", "Evil"), signature, endpoint.secret)).toBe(false);
    expect(verifyTapcard(got!.body, signature, "whsec_not-the-secret")).toBe(false);

    const [row] = await deliveries();
    expect(row).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200, lockedUntil: null });
    expect(row!.lastDurationMs).toBeGreaterThanOrEqual(0);
    // Nothing more is sent for it.
    expect(await deliverDueWebhooks(t.db, { ...base, allowedHosts: LOCAL })).toEqual({
      delivered: 0,
      failed: 0,
    });
  });

  it("sends a shared contact in the documented shape, queued in the transaction that saves it", async () => {
    const r = await receiver([200]);
    await addEndpoint(r.url);
    const consentedAt = new Date("2026-11-27T10:00:00Z");
    const eventId = await t.db.transaction(async (tx) => {
      const [contact] = await tx
        .insert(exchangedContacts)
        .values({
          ownerUserId: "owner",
          name: "Vera Visitor",
          email: "vera@example.com",
          phone: "+44 7700 900123",
          company: "Acme",
          jobTitle: "Buyer",
          note: "Met at the fair",
          source: "nfc",
          consentedAt,
        })
        .returning();
      return queueWebhookEvent(
        tx,
        "owner",
        "contact.created",
        contactCreatedData(contact!, { slug: "olive", name: "Olive Owner" }),
      );
    });
    await deliverDueWebhooks(t.db, { ...base, allowedHosts: LOCAL });
    const body = JSON.parse(r.received[0]!.body);
    expect(body).toMatchObject({ type: "contact.created", id: eventId });
    expect(body.data).toEqual({
      id: expect.any(String),
      name: "Vera Visitor",
      email: "vera@example.com",
      phone: "+44 7700 900123",
      company: "Acme",
      jobTitle: "Buyer",
      note: "Met at the fair",
      source: "nfc",
      card: { slug: "olive", name: "Olive Owner" },
      consentedAt: "2026-11-27T10:00:00.000Z",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("keeps the signing secret only encrypted in the database", async () => {
    const r = await receiver([200]);
    const { secret } = await addEndpoint(r.url);
    const [row] = await t.db.select().from(webhookEndpoints);
    expect(row!.secretEncrypted).not.toContain(secret);
    expect(row!.secretEncrypted).not.toContain(secret.slice(6, 20));
    expect(JSON.stringify(await listWebhookEndpoints(t.db, "owner"))).not.toContain(secret);
  });

  it("sends an event to a receiver that answers 500 twice then 200 three times, with the same event id", async () => {
    const r = await receiver([500, 500, 200]);
    await addEndpoint(r.url);
    const eventId = await contactEvent();
    const start = new Date();
    const opts = { ...base, allowedHosts: LOCAL };

    expect(await deliverDueWebhooks(t.db, { ...opts, now: start })).toEqual({ delivered: 0, failed: 1 });
    let [row] = await deliveries();
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    expect(row!.nextAttemptAt.getTime() - start.getTime()).toBe(30_000);
    // Not before its time.
    const early = new Date(row!.nextAttemptAt.getTime() - 1000);
    expect(await deliverDueWebhooks(t.db, { ...opts, now: early })).toEqual({ delivered: 0, failed: 0 });

    const second = row!.nextAttemptAt;
    expect(await deliverDueWebhooks(t.db, { ...opts, now: second })).toEqual({ delivered: 0, failed: 1 });
    [row] = await deliveries();
    expect(row).toMatchObject({ status: "pending", attempts: 2, lastStatusCode: 500 });
    expect(row!.nextAttemptAt.getTime() - second.getTime()).toBe(60_000);

    expect(await deliverDueWebhooks(t.db, { ...opts, now: row!.nextAttemptAt })).toEqual({
      delivered: 1,
      failed: 0,
    });
    [row] = await deliveries();
    expect(row).toMatchObject({ status: "delivered", attempts: 3, lastStatusCode: 200 });
    expect(r.received.map((x) => JSON.parse(x.body).id)).toEqual([eventId, eventId, eventId]);
    expect(new Set(r.received.map((x) => x.body)).size).toBe(1);
  });

  it("counts a receiver that does not answer in time as a failure and retries it", async () => {
    const r = await receiver("never");
    await addEndpoint(r.url);
    await contactEvent();
    expect(await deliverDueWebhooks(t.db, { ...base, allowedHosts: LOCAL, timeoutMs: 300 })).toEqual({
      delivered: 0,
      failed: 1,
    });
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
    expect(row!.lastError).toContain("no answer within");
  });

  it("gives up after 24 hours, marks the event failed and e-mails the owner once", async () => {
    const r = await receiver([503]);
    await addEndpoint(r.url);
    await contactEvent();
    const opts = { ...base, allowedHosts: LOCAL };
    const [first] = await deliveries();
    let now = new Date(first!.createdAt);
    const attemptTimes: number[] = [];
    for (let i = 0; i < 100; i++) {
      await deliverDueWebhooks(t.db, { ...opts, now });
      attemptTimes.push(now.getTime());
      const [row] = await deliveries();
      if (row!.status !== "pending") break;
      now = row!.nextAttemptAt;
    }
    const [row] = await deliveries();
    expect(row!.status).toBe("failed");
    expect(row!.attempts).toBe(r.received.length);
    const last = attemptTimes.at(-1)! - first!.createdAt.getTime();
    expect(last).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(last).toBeGreaterThan(RETRY_WINDOW_MS - 60 * 60 * 1000);
    // Past the failure, nothing is sent again.
    const later = new Date(now.getTime() + 48 * 3600_000);
    expect(await deliverDueWebhooks(t.db, { ...opts, now: later })).toEqual({ delivered: 0, failed: 0 });

    const mail = await t.db.select().from(emailOutbox);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: "olive@example.com" });
    expect(mail[0]!.subject).toBe(`A webhook to 127.0.0.1:${r.port} could not be delivered`);
    expect(mail[0]!.text).toContain("/dashboard/settings/integrations");

    // A second event that fails for good on the same endpoint sends no second e-mail.
    await contactEvent();
    const [, second] = await deliveries();
    await deliverDueWebhooks(t.db, { ...opts, now: new Date(second!.createdAt.getTime() + RETRY_WINDOW_MS) });
    expect((await deliveries())[1]!.status).toBe("failed");
    expect(await t.db.select().from(emailOutbox)).toHaveLength(1);
  });

  it("queues nothing when the caller's transaction rolls back, or for an endpoint that is turned off", async () => {
    const r = await receiver([200]);
    const endpoint = await addEndpoint(r.url);
    await expect(
      t.db.transaction(async (tx) => {
        await queueWebhookEvent(tx, "owner", "contact.created", { name: "Gone" });
        throw new Error("the contact was not saved");
      }),
    ).rejects.toThrow("not saved");
    expect(await deliveries()).toEqual([]);

    await setWebhookEndpointEnabled(t.db, "owner", endpoint.id, false);
    expect(await contactEvent()).toBeNull();
    await expect(queueTestEvent(t.db, "owner", endpoint.id)).rejects.toThrow("Turn the endpoint on");
    expect(await deliveries()).toEqual([]);
  });

  it("sends one event to each of the owner's endpoints with one id, and nothing to another account's", async () => {
    const a = await receiver([200]);
    const b = await receiver([200]);
    const other = await receiver([200]);
    await addEndpoint(a.url);
    await addEndpoint(b.url);
    await addEndpoint(other.url, LOCAL, "other");
    const eventId = await contactEvent();
    await deliverDueWebhooks(t.db, { ...base, allowedHosts: LOCAL });
    expect(JSON.parse(a.received[0]!.body).id).toBe(eventId);
    expect(JSON.parse(b.received[0]!.body).id).toBe(eventId);
    expect(other.received).toEqual([]);
  });

  it("removes finished deliveries after 30 days, and never a pending one", async () => {
    const r = await receiver([200]);
    await addEndpoint(r.url);
    await contactEvent();
    await deliverDueWebhooks(t.db, { ...base, allowedHosts: LOCAL });
    await contactEvent(); // still pending
    const [first] = await deliveries();
    const day = 86_400_000;
    expect(await pruneWebhookDeliveries(t.db, new Date(first!.createdAt.getTime() + 29 * day))).toEqual({
      deliveries: 0,
    });
    expect(await pruneWebhookDeliveries(t.db, new Date(first!.createdAt.getTime() + 31 * day))).toEqual({
      deliveries: 1,
    });
    expect((await deliveries()).map((d) => d.status)).toEqual(["pending"]);
  });

  it("lets a killed worker's claim lapse: the event goes out once the claim has passed", async () => {
    const r = await receiver([200]);
    await addEndpoint(r.url);
    await contactEvent();
    const now = new Date();
    // A worker claimed it and died before sending.
    await t.db.update(webhookDeliveries).set({ lockedUntil: new Date(now.getTime() + 60_000) });
    const opts = { ...base, allowedHosts: LOCAL };
    expect(await deliverDueWebhooks(t.db, { ...opts, now })).toEqual({ delivered: 0, failed: 0 });
    expect(await deliverDueWebhooks(t.db, { ...opts, now: new Date(now.getTime() + 60_000) })).toEqual({
      delivered: 1,
      failed: 0,
    });
    expect(r.received).toHaveLength(1);
  });

  it("delivers each event once when two workers run at the same time", async () => {
    const r = await receiver([200]);
    await addEndpoint(r.url);
    const other = await receiver([200]);
    await addEndpoint(other.url, LOCAL, "other");
    for (let i = 0; i < 12; i++) await contactEvent();
    const opts = { ...base, allowedHosts: LOCAL };
    // One delivery per endpoint per round: rounds of two workers at once until nothing is left.
    let delivered = 0;
    for (let round = 0; round < 30; round++) {
      const [x, y] = await Promise.all([deliverDueWebhooks(t.db, opts), deliverDueWebhooks(t.db, opts)]);
      if (x!.delivered + y!.delivered === 0) break;
      delivered += x!.delivered + y!.delivered;
    }
    expect(delivered).toBe(12);
    expect(other.received).toEqual([]);
    expect(r.received).toHaveLength(12);
    expect(new Set(r.received.map((q) => JSON.parse(q.body).id)).size).toBe(12);
  });

  it("limits an account to 5 endpoints and refuses the same URL twice", async () => {
    for (let i = 0; i < WEBHOOK_ENDPOINT_LIMIT; i++)
      await addEndpoint(`https://hooks${i}.example.com/in`, []);
    await expect(addEndpoint("https://hooks9.example.com/in", [])).rejects.toThrow(
      "at most 5 webhook endpoints",
    );
    await expect(addEndpoint("https://HOOKS0.example.com/in", [], "owner")).rejects.toThrow();
    await addEndpoint("https://hooks0.example.com/in", [], "other");
    await expect(addEndpoint("https://HOOKS0.example.com/in#x", [], "other")).rejects.toThrow(
      "already added",
    );
  });

  it("adds at most 5 endpoints when many adds race", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => addEndpoint(`https://race${i}.example.com/in`, [])),
    );
    expect(results.filter((x) => x.status === "fulfilled")).toHaveLength(WEBHOOK_ENDPOINT_LIMIT);
    expect(
      await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.ownerUserId, "owner")),
    ).toHaveLength(WEBHOOK_ENDPOINT_LIMIT);
  });
});

describe("webhook addresses at delivery time", () => {
  /** A name that resolves to the given addresses, standing in for DNS; counts how often it was asked. */
  function dns(answers: Record<string, string[]>) {
    const asked: string[] = [];
    const lookup: LookupAll = async (host) => {
      asked.push(host);
      return (answers[host] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    };
    return { lookup, asked };
  }

  it.each([["127.0.0.1"], ["10.0.0.1"], ["169.254.169.254"], ["::1"], ["::ffff:127.0.0.1"]])(
    "refuses a name that resolves to %s without naming the address",
    async (address) => {
      // Saved while its name looked public; only the delivery sees where it points.
      await addEndpoint("https://hooks.example.com/hook", []);
      await contactEvent();
      const { lookup } = dns({ "hooks.example.com": [address] });
      expect(await deliverDueWebhooks(t.db, { ...base, allowedHosts: [], lookup })).toEqual({
        delivered: 0,
        failed: 1,
      });
      const [row] = await deliveries();
      // The owner is told why, but not the address: that would show the shop's own DNS.
      expect(row!.lastError).toBe("refused: hooks.example.com points to a private address");
      expect(row!.status).toBe("pending");
    },
  );

  it("refuses a name when any one of its addresses is local", async () => {
    await addEndpoint("https://mixed.example.com/hook", []);
    await contactEvent();
    const { lookup } = dns({ "mixed.example.com": ["93.184.215.14", "10.0.0.1"] });
    await deliverDueWebhooks(t.db, { ...base, allowedHosts: [], lookup });
    expect((await deliveries())[0]!.lastError).toBe("refused: mixed.example.com points to a private address");
  });

  it.each([["127.0.0.1"], ["10.0.0.1"], ["169.254.169.254"]])(
    "refuses a saved URL naming %s once the host is no longer allowed",
    async (address) => {
      await addEndpoint(`https://${address}/hook`, [address]);
      await contactEvent();
      await deliverDueWebhooks(t.db, { ...base, allowedHosts: [] });
      const [row] = await deliveries();
      expect(row!.lastError).toBe(`refused: ${address} points to a private address`);
      expect(row!.lastStatusCode).toBeNull();
    },
  );

  it("connects to the address it checked: an allowed name is resolved once and that address is used", async () => {
    const r = await receiver([200]);
    await addEndpoint(`http://receiver.test:${r.port}/hook`, ["receiver.test"]);
    await contactEvent();
    const { lookup, asked } = dns({ "receiver.test": ["127.0.0.1"] });
    expect(await deliverDueWebhooks(t.db, { ...base, allowedHosts: ["receiver.test"], lookup })).toEqual({
      delivered: 1,
      failed: 0,
    });
    expect(asked).toEqual(["receiver.test"]);
    expect(r.received[0]!.headers.host).toBe(`receiver.test:${r.port}`);
  });

  it("does not follow a redirect", async () => {
    const target = await receiver([200]);
    const server = http.createServer((_req, res) => {
      res.writeHead(307, { Location: target.url }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      await addEndpoint(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
      await contactEvent();
      await deliverDueWebhooks(t.db, { ...base, allowedHosts: LOCAL });
      expect((await deliveries())[0]).toMatchObject({ status: "pending", lastStatusCode: 307 });
      expect(target.received).toEqual([]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
