// Webhook delivery when receivers fail: retries with the same event id, time-outs, the 24-hour give-up with one
// e-mail to the owner, old deliveries pruned, claims that lapse and two workers at once.
// The worker's clock is an argument, so back-off is tested by moving it, never by waiting.

import { describe, expect, it } from "vitest";
import { emailOutbox, webhookDeliveries } from "~/db/schema";
import { deliverDueWebhooks, pruneWebhookDeliveries, RETRY_WINDOW_MS } from "./delivery.server";
import { addEndpoint, base, contactEvent, deliveries, LOCAL, receiver, t } from "./webhooks-fixture";

describe("webhook retries, time-outs and workers", () => {
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
});
