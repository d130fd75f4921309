// One account's endpoint cannot stall the others': deliveries go one per endpoint per round, an endpoint that
// keeps not answering is backed off, an endpoint's queue is capped, and test events are limited. Receivers are
// local HTTP servers on 127.0.0.1 (allowed as in the other webhook tests); the worker's clock is an argument.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rateLimits, users, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { deliverDueWebhooks } from "./delivery.server";
import { WEBHOOK_LIMITS } from "./limits.server";
import {
  addWebhookEndpoint,
  listWebhookEndpoints,
  queueTestEvent,
  queueWebhookEvent,
  WEBHOOK_PENDING_LIMIT,
  WebhookLimited,
} from "./webhooks.server";

const AUTH_SECRET = "a-test-secret-that-is-long-enough-0123456789";
const LOCAL = ["127.0.0.1"];
/** How long a round waits for an answer: ample for a receiver that answers on a busy machine. */
const WAIT_MS = 2000;
const opts = { authSecret: AUTH_SECRET, shop: "TapCard", publicUrl: "http://shop.test", allowedHosts: LOCAL };

/** A receiver that answers the n-th request (from 1) with answer(n), or never when that is null. */
async function startReceiver(answer: (n: number) => number | null) {
  let count = 0;
  const arrivals: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      count++;
      for (const notify of arrivals.splice(0)) notify();
      const status = answer(count);
      if (status === null) return; // holds the request open
      res.statusCode = status;
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    received: () => count,
    /** Resolves once a request has arrived (at once if one has). */
    arrived: () => new Promise<void>((resolve) => (count > 0 ? resolve() : arrivals.push(resolve))),
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let t: TestDb;
let receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
const receiver = async (answer: (n: number) => number | null) => {
  const r = await startReceiver(answer);
  receivers.push(r);
  return r;
};
const hanging = () => receiver(() => null);
const answering = () => receiver(() => 200);

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(users);
  await t.db.delete(rateLimits);
  await t.db.insert(users).values([
    { id: "owner", name: "Olive Owner", email: "olive@example.com", emailVerified: true },
    { id: "other", name: "Otto Other", email: "otto@example.com", emailVerified: true },
  ]);
});
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.stop()));
  receivers = [];
});

const addEndpoint = (url: string, owner: string) =>
  addWebhookEndpoint(t.db, owner, url, { authSecret: AUTH_SECRET, allowedHosts: LOCAL });

const contactEvent = (owner: string) =>
  t.db.transaction((tx) => queueWebhookEvent(tx, owner, "contact.created", { name: "Vera Visitor" }));

/** Queues `count` deliveries for an endpoint at once, dated `at`, as a long backlog would be. */
async function backlog(endpointId: string, count: number, at: Date) {
  const rows = Array.from({ length: count }, (_, i) => ({
    endpointId,
    eventId: `evt_backlog_${i}`,
    type: "contact.created",
    body: JSON.stringify({ type: "contact.created", id: `evt_backlog_${i}` }),
    createdAt: at,
    nextAttemptAt: at,
  }));
  for (let i = 0; i < rows.length; i += 250)
    await t.db.insert(webhookDeliveries).values(rows.slice(i, i + 250));
}

const endpointRow = async (id: string) =>
  (await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;

const pendingOf = async (endpointId: string) =>
  t.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")))
    .orderBy(webhookDeliveries.id);

describe("webhook fairness", () => {
  it("delivers another owner's event in the first round although a hanging endpoint has 1,000 queued", async () => {
    const stuck = await hanging();
    const fine = await answering();
    const stuckEndpoint = await addEndpoint(stuck.url, "owner");
    await addEndpoint(fine.url, "other");
    await backlog(stuckEndpoint.id, 1000, new Date(Date.now() - 60_000));
    await contactEvent("other");
    const now = new Date();

    // One round: one attempt at the hanging endpoint, and the other owner's event.
    expect(await deliverDueWebhooks(t.db, { ...opts, now, timeoutMs: WAIT_MS })).toEqual({
      delivered: 1,
      failed: 1,
    });
    expect(fine.received()).toBe(1);
    expect(stuck.received()).toBe(1);

    // The hanging endpoint is now backed off: the other owner's next event goes out alone in the next round.
    await contactEvent("other");
    const next = new Date();
    expect(await deliverDueWebhooks(t.db, { ...opts, now: next, timeoutMs: WAIT_MS })).toEqual({
      delivered: 1,
      failed: 0,
    });
    expect(fine.received()).toBe(2);
    expect(stuck.received()).toBe(1);
  });

  it("sends at most one request at a time to an endpoint, whatever the number of workers", async () => {
    const stuck = await hanging();
    const endpoint = await addEndpoint(stuck.url, "owner");
    const now = new Date();
    await backlog(endpoint.id, 5, new Date(now.getTime() - 1000));
    const first = deliverDueWebhooks(t.db, { ...opts, now, timeoutMs: 60_000 });
    await stuck.arrived();
    // While the first request waits for its answer, a second worker finds nothing it may send.
    expect(await deliverDueWebhooks(t.db, { ...opts, now, timeoutMs: 60_000 })).toEqual({
      delivered: 0,
      failed: 0,
    });
    expect(stuck.received()).toBe(1);
    await stuck.stop(); // the held request fails
    expect(await first).toEqual({ delivered: 0, failed: 1 });
  });

  it("backs off an endpoint that keeps not answering, longer each time, until one answer resets it", async () => {
    // Two requests go unanswered, then every one is answered.
    const r = await receiver((n) => (n <= 2 ? null : 200));
    const endpoint = await addEndpoint(r.url, "owner");
    const start = new Date();
    await backlog(endpoint.id, 3, new Date(start.getTime() - 1000));
    const round = (now: Date) => deliverDueWebhooks(t.db, { ...opts, now, timeoutMs: WAIT_MS });

    expect(await round(start)).toEqual({ delivered: 0, failed: 1 });
    let row = await endpointRow(endpoint.id);
    expect(row.consecutiveFailures).toBe(1);
    expect(row.backedOffUntil!.getTime() - start.getTime()).toBe(30_000);
    expect(await round(new Date(start.getTime() + 29_000))).toEqual({ delivered: 0, failed: 0 });

    const second = new Date(start.getTime() + 30_000);
    expect(await round(second)).toEqual({ delivered: 0, failed: 1 });
    row = await endpointRow(endpoint.id);
    expect(row.consecutiveFailures).toBe(2);
    expect(row.backedOffUntil!.getTime() - second.getTime()).toBe(60_000);

    const third = new Date(second.getTime() + 60_000);
    expect(await round(third)).toEqual({ delivered: 1, failed: 0 });
    row = await endpointRow(endpoint.id);
    expect(row).toMatchObject({ consecutiveFailures: 0, backedOffUntil: null });
    expect(r.received()).toBe(3);
  });

  it("does not back off an endpoint that answers, even with an error", async () => {
    const r = await receiver(() => 500);
    const endpoint = await addEndpoint(r.url, "owner");
    await contactEvent("owner");
    expect(await deliverDueWebhooks(t.db, opts)).toEqual({ delivered: 0, failed: 1 });
    expect(await endpointRow(endpoint.id)).toMatchObject({ consecutiveFailures: 0, backedOffUntil: null });
  });

  it("tries a backed-off endpoint again at once when its owner sends a test event", async () => {
    const r = await receiver((n) => (n === 1 ? null : 200));
    const endpoint = await addEndpoint(r.url, "owner");
    await contactEvent("owner");
    const now = new Date();
    await deliverDueWebhooks(t.db, { ...opts, now, timeoutMs: WAIT_MS });
    const { backedOffUntil } = await endpointRow(endpoint.id);
    // Settings says the endpoint is held off, and until when.
    expect((await listWebhookEndpoints(t.db, "owner", now))[0]!.pausedUntil).toEqual({
      until: backedOffUntil,
      unanswered: 1,
    });
    await queueTestEvent(t.db, "owner", endpoint.id);
    expect((await endpointRow(endpoint.id)).backedOffUntil).toBeNull();
    expect((await listWebhookEndpoints(t.db, "owner", now))[0]!.pausedUntil).toBeNull();
    expect(await deliverDueWebhooks(t.db, { ...opts, now: new Date() })).toEqual({ delivered: 1, failed: 0 });
  });
});

describe("webhook queue limits", () => {
  it("keeps at most 1,000 events waiting per endpoint: the oldest is marked failed with the reason", async () => {
    const r = await hanging();
    const endpoint = await addEndpoint(r.url, "owner");
    await backlog(endpoint.id, WEBHOOK_PENDING_LIMIT, new Date(Date.now() - 60_000));
    const [oldest] = await pendingOf(endpoint.id);
    const eventId = await contactEvent("owner");

    const pending = await pendingOf(endpoint.id);
    expect(pending).toHaveLength(WEBHOOK_PENDING_LIMIT);
    expect(pending.at(-1)!.eventId).toBe(eventId);
    const [dropped] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, oldest!.id));
    expect(dropped).toMatchObject({
      status: "failed",
      lastError: "not sent: more than 1,000 events were waiting for this endpoint",
    });
    expect(r.received()).toBe(0);
  });

  it("limits test events per endpoint and per account within the hour", async () => {
    const endpoints = [];
    for (let i = 0; i < 5; i++)
      endpoints.push(await addEndpoint(`https://hooks${i}.example.com/in`, "owner"));
    const [first] = endpoints;
    for (let i = 0; i < WEBHOOK_LIMITS.webhookTestPerEndpoint.max; i++)
      await queueTestEvent(t.db, "owner", first!.id);
    await expect(queueTestEvent(t.db, "owner", first!.id)).rejects.toBeInstanceOf(WebhookLimited);

    // The account's other endpoints share its own limit.
    let sent = WEBHOOK_LIMITS.webhookTestPerEndpoint.max;
    let refused = 0;
    for (const endpoint of endpoints.slice(1))
      for (let i = 0; i < WEBHOOK_LIMITS.webhookTestPerEndpoint.max; i++) {
        try {
          await queueTestEvent(t.db, "owner", endpoint.id);
          sent++;
        } catch (error) {
          expect(error).toBeInstanceOf(WebhookLimited);
          refused++;
        }
      }
    expect(sent).toBe(WEBHOOK_LIMITS.webhookTestPerAccount.max);
    expect(refused).toBeGreaterThan(0);
    const queued = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.type, "webhook.test"));
    expect(queued).toHaveLength(WEBHOOK_LIMITS.webhookTestPerAccount.max);

    // Another account is not held back by this one's.
    const mine = await addEndpoint("https://hooks.example.net/in", "other");
    await queueTestEvent(t.db, "other", mine.id);
  });
});
