// Tapcard-Signature follows Stripe's scheme, as Settings → Integrations says: Stripe's own verifier
// (stripe.webhooks.constructEvent) accepts an event exactly as a receiver gets it, and refuses it changed.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import { users } from "~/db/schema";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { deliverDueWebhooks } from "./delivery.server";
import { SIGNATURE_HEADER } from "./send.server";
import { addWebhookEndpoint, queueWebhookEvent } from "./webhooks.server";

const AUTH_SECRET = "a-test-secret-that-is-long-enough-0123456789";
const LOCAL = ["127.0.0.1"];

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await t.db
    .insert(users)
    .values({ id: "owner", name: "Olive", email: "olive@example.com", emailVerified: true });
});
afterAll(() => t?.close());

it("is accepted by Stripe's own webhook verifier, and a changed body or another secret is refused", async () => {
  const received: { body: string; signature: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      received.push({ body, signature: String(req.headers[SIGNATURE_HEADER.toLowerCase()]) });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const { secret } = await addWebhookEndpoint(t.db, "owner", url, {
      authSecret: AUTH_SECRET,
      allowedHosts: LOCAL,
    });
    const eventId = await t.db.transaction((tx) =>
      queueWebhookEvent(tx, "owner", "contact.created", { name: "Vera Visitor", note: "Café ☕" }),
    );
    await deliverDueWebhooks(t.db, {
      authSecret: AUTH_SECRET,
      allowedHosts: LOCAL,
      shop: "TapCard",
      publicUrl: "http://shop.test",
    });
    const [got] = received;

    const stripe = new Stripe("sk_test_x");
    const event = stripe.webhooks.constructEvent(got!.body, got!.signature, secret) as unknown as {
      id: string;
      type: string;
      data: unknown;
    };
    expect(event).toMatchObject({
      id: eventId,
      type: "contact.created",
      data: { name: "Vera Visitor", note: "Café ☕" },
    });
    expect(() =>
      stripe.webhooks.constructEvent(got!.body.replace("Vera", "Evil"), got!.signature, secret),
    ).toThrow();
    expect(() => stripe.webhooks.constructEvent(got!.body, got!.signature, "whsec_another")).toThrow();
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
