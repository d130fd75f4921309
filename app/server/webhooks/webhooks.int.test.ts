// Webhook events against real local HTTP receivers: signed as documented, in the documented shape, queued with
// the write that makes them (and not when it rolls back), one per endpoint, the secret kept encrypted, 5 endpoints.

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { exchangedContacts, webhookEndpoints } from "~/db/schema";
import { contactCreatedData } from "./contact-event.server";
import { deliverDueWebhooks } from "./delivery.server";
import { SIGNATURE_HEADER } from "./send.server";
import {
  listWebhookEndpoints,
  queueTestEvent,
  queueWebhookEvent,
  setWebhookEndpointEnabled,
  WEBHOOK_ENDPOINT_LIMIT,
} from "./webhooks.server";
import {
  addEndpoint,
  base,
  contactEvent,
  deliveries,
  LOCAL,
  receiver,
  t,
  verifyTapcard,
} from "./webhooks-fixture";

describe("webhook events and endpoints", () => {
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
