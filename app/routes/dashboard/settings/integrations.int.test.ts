// Settings → Integrations as a route: adding an endpoint shows its signing secret in that answer only, bad URLs
// get 400 beside the field, test events are queued for the owner's endpoint, deleting asks first, and malformed
// posts change nothing.

import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { WEBHOOK_LIMITS } from "~/server/webhooks/limits.server";
import { routeContext, testAuth, verifiedCustomer } from "../../../../tests/support/auth";
import { answer, getRequest, postRequest } from "../../../../tests/support/routes";
import { testConfig, toastOf } from "../../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../../tests/support/test-db";
import type { Auth } from "../../../server/accounts/auth.server";
import * as integrations from "./integrations";

const URL = "http://shop.test/dashboard/settings/integrations";
let t: TestDb;
let auth: Auth;
let context: AppLoadContext;
let pokes = 0;
const config = testConfig("integrations");
let alice: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  context = { ...routeContext(t.db, config, auth), pokeWebhooks: () => pokes++ } as AppLoadContext;
  alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
});
afterAll(() => t?.close());

const load = async (query = "") =>
  answer(integrations.loader, getRequest(`${URL}${query}`, alice.cookie), context);
const post = (fields: Record<string, string>) =>
  answer(integrations.action, postRequest(URL, fields, alice.cookie), context);

describe("Settings, Integrations", () => {
  it("shows the signing secret once, in the answer to the add, and never on a later load", async () => {
    const added = await post({ intent: "add-endpoint", url: "https://Hooks.Example.com/tapcard#x" });
    expect(added.status).toBe(200);
    const created = added.data.created as { url: string; secret: string; id: string };
    expect(created.url).toBe("https://hooks.example.com/tapcard");
    expect(created.secret).toMatch(/^whsec_/);
    const page = await load();
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).not.toContain(created.secret);
    expect(page.data.endpoints).toMatchObject([{ url: "https://hooks.example.com/tapcard", enabled: true }]);
  });

  it.each([
    ["http://hooks.example.com/in", "The URL must start with https://"],
    ["https://127.0.0.1/in", "The URL must point to a public address, not a local or private one"],
    ["https://10.0.0.1/in", "The URL must point to a public address, not a local or private one"],
    ["https://169.254.169.254/latest", "The URL must point to a public address, not a local or private one"],
    ["https://localhost/in", "The URL must point to a public address, not a local or private one"],
    [
      "https://hooks.example.com:8080/in",
      "Webhooks are only sent to the standard https port (443): remove the port from the URL",
    ],
    [`https://hooks.example.com/${"a".repeat(5000)}`, "The URL must be at most 500 characters"],
    ["", "Enter the URL that receives the events"],
  ])("refuses %s with 400 and a message beside the field, adding nothing", async (url, message) => {
    const before = await t.db.select().from(webhookEndpoints);
    const refused = await post({ intent: "add-endpoint", url });
    expect(refused.status).toBe(400);
    expect((refused.data.result as { error: Record<string, string[]> }).error.url).toEqual([message]);
    expect(await t.db.select().from(webhookEndpoints)).toEqual(before);
  });

  it("queues a test event for the endpoint and wakes the worker; it is listed under the deliveries", async () => {
    const [endpoint] = await t.db.select().from(webhookEndpoints);
    const sent = await post({ intent: "send-test", endpointId: endpoint!.id });
    expect(sent).toMatchObject({ status: 302, location: "/dashboard/settings/integrations" });
    expect(await toastOf(sent.headers)).toMatchObject({ title: "Test event sent" });
    expect(pokes).toBe(1);
    const page = await load();
    const [listed] = (page.data.endpoints as { deliveries: { type: string; status: string }[] }[])[0]!
      .deliveries;
    expect(listed).toMatchObject({ type: "webhook.test", status: "pending" });
  });

  it("refuses test events past the hour's limit for the endpoint with 429, queueing nothing more", async () => {
    const [endpoint] = await t.db.select().from(webhookEndpoints);
    const queued = async () =>
      (await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id)))
        .length;
    // One was sent by the test before.
    for (let i = 1; i < WEBHOOK_LIMITS.webhookTestPerEndpoint.max; i++) {
      const sent = await post({ intent: "send-test", endpointId: endpoint!.id });
      expect(sent.status).toBe(302);
    }
    const before = await queued();
    const refused = await post({ intent: "send-test", endpointId: endpoint!.id });
    expect(refused.status).toBe(429);
    expect(refused.data).toEqual({
      ok: false,
      error: "Too many test events in the last hour. Please wait a while and try again.",
    });
    expect(await queued()).toBe(before);
  });

  it("turns an endpoint off and on", async () => {
    const [endpoint] = await t.db.select().from(webhookEndpoints);
    const off = await post({ intent: "set-enabled", endpointId: endpoint!.id, enabled: "false" });
    expect(await toastOf(off.headers)).toMatchObject({ title: "Endpoint turned off" });
    expect((await load()).data.endpoints).toMatchObject([{ enabled: false }]);
    const test = await post({ intent: "send-test", endpointId: endpoint!.id });
    expect(test.status).toBe(400);
    await post({ intent: "set-enabled", endpointId: endpoint!.id, enabled: "true" });
    expect((await load()).data.endpoints).toMatchObject([{ enabled: true }]);
  });

  it("asks before deleting, then deletes the endpoint with its deliveries", async () => {
    const [endpoint] = await t.db.select().from(webhookEndpoints);
    const confirm = await load(`?delete=${endpoint!.id}`);
    expect(confirm.data.confirmDelete).toEqual({ id: endpoint!.id, url: endpoint!.url });
    expect((await load("?delete=not-an-id")).status).toBe(404);
    const deleted = await post({ intent: "delete-endpoint", endpointId: endpoint!.id });
    expect(await toastOf(deleted.headers)).toMatchObject({ title: "Endpoint deleted" });
    expect(await t.db.select().from(webhookEndpoints)).toEqual([]);
    expect(await t.db.select().from(webhookDeliveries)).toEqual([]);
  });

  it("answers a malformed or unknown endpoint id with 404 and an unknown intent with 400", async () => {
    expect((await post({ intent: "delete-endpoint", endpointId: "x".repeat(5000) })).status).toBe(404);
    expect((await post({ intent: "send-test", endpointId: crypto.randomUUID() })).status).toBe(404);
    expect((await post({ intent: "set-enabled" })).status).toBe(404);
    expect((await post({ intent: "rotate-everything" })).status).toBe(400);
  });

  it("refuses a sixth endpoint with a message", async () => {
    for (let i = 0; i < 5; i++) await post({ intent: "add-endpoint", url: `https://h${i}.example.com/in` });
    const sixth = await post({ intent: "add-endpoint", url: "https://h6.example.com/in" });
    expect(sixth.status).toBe(400);
    expect(JSON.stringify(sixth.data)).toContain("You can have at most 5 webhook endpoints");
  });
});
