// A Stripe payment delivered again after the app process restarted, on each database: the built app takes a card
// order through the fake Stripe's payment page (which signs a real webhook), stops, starts again on the same data,
// and the same event arrives again, ten times at once, with an expiry after it: nothing changes and no second
// confirmation reaches the SMTP sink.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, orderStatusHistory, orders, paymentEvents, referralCommissions } from "~/db/schema";
import { openDatabase } from "~/server/platform/db.server";
import { sendWebhook, startFakeStripe } from "../mocks/fake-stripe.mjs";
import { startSmtpSink } from "../mocks/smtp-sink.mjs";
import { type AppServer, buildApp, startApp } from "../support/app-server";
import { findPostgresBin, freePort, type PostgresServer, startPostgres } from "../support/postgres-server";
import { addMultiLinkCard, placeOrder, Visitor } from "../support/visitor";

const WEBHOOK_SECRET = "whsec_replay_after_restart";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "payments-hard-"));
let postgres: PostgresServer | undefined;
const running: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  buildApp();
  if (findPostgresBin()) postgres = await startPostgres();
}, 300_000);

afterAll(async () => {
  for (const server of running.reverse()) await server.stop();
  postgres?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

async function postgresDatabase(name: string) {
  const admin = new pg.Client({ connectionString: postgres!.url("postgres") });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return postgres!.url(name);
}

const engines = ["pglite", "postgres"] as const;

describe.each(engines)("a payment replayed after a restart (%s)", (engine) => {
  it("changes nothing and sends no second confirmation", async () => {
    if (engine === "postgres" && !postgres) throw new Error("No PostgreSQL server binaries on this machine");
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const webhookUrl = `${url}/api/webhooks/stripe`;
    const smtp = await startSmtpSink({ port: await freePort() });
    running.push(smtp);
    const stripe = await startFakeStripe({
      port: await freePort(),
      webhookUrl,
      webhookSecret: WEBHOOK_SECRET,
    });
    running.push(stripe);
    const env = {
      DATA_DIR: path.join(work, engine),
      DATABASE_URL: engine === "postgres" ? await postgresDatabase("replay") : undefined,
      PUBLIC_URL: url,
      AUTH_SECRET: "replay-after-restart-secret-long-enough-1234",
      DEMO_DATA: "1",
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: "sk_test_replay",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      BANK_ACCOUNT_NAME: "TapCard Ltd",
      BANK_SORT_CODE: "00-00-00",
      BANK_ACCOUNT_NUMBER: "12345678",
    };
    let app: AppServer = await startApp(port, env);
    running.push({ stop: () => app.stop() });

    // A card order bought through a referral link (a referrer of the demo data), paid on the fake Stripe's page.
    const buyer = new Visitor(url);
    expect((await buyer.get("/?ref=SAMTAYLOR")).status).toBe(200);
    await addMultiLinkCard(buyer, "Rene Replay");
    const placed = await placeOrder(buyer, "rene.replay@example.com", "card");
    const sessionId = /\/pay\/(\w+)$/.exec(placed.location)?.[1];
    const session = stripe.sessions.get(sessionId!)!;
    const orderId = session.client_reference_id as string;
    const orderNumber = (session.metadata as { orderNumber: string }).orderNumber;
    const paid = await fetch(session.url, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(stripe.deliveries.map((d) => [d.status, d.body])).toEqual([[200, "paid"]]);
    const [delivery] = stripe.deliveries;

    const confirmations = () => smtp.messages.filter((m) => m.subject === `Order ${orderNumber} confirmed`);
    await expect.poll(() => confirmations().length, { timeout: 30_000 }).toBe(1);

    // The process stops and comes back on the same data, as after a deploy.
    await app.stop();
    app = await startApp(port, env);

    const again = () =>
      sendWebhook({
        webhookUrl,
        secret: WEBHOOK_SECRET,
        session: delivery!.event.data.object,
        type: delivery!.event.type,
        eventId: delivery!.event.id,
      });
    const replays = await Promise.all(Array.from({ length: 10 }, again));
    expect(replays.map((r) => [r.status, r.body])).toEqual(
      Array(10).fill([200, "unchanged: duplicate-event"]),
    );
    // The same payment under a new event id, and the session's expiry arriving late.
    const newId = await sendWebhook({
      webhookUrl,
      secret: WEBHOOK_SECRET,
      session: delivery!.event.data.object,
    });
    expect([newId.status, newId.body]).toEqual([200, "unchanged: not-awaiting-payment"]);
    const expiry = await sendWebhook({
      webhookUrl,
      secret: WEBHOOK_SECRET,
      session: { ...delivery!.event.data.object, status: "expired", payment_status: "unpaid" },
      type: "checkout.session.expired",
    });
    expect([expiry.status, expiry.body]).toEqual([200, "ok"]);

    // A later e-mail: the outbox sends in the order it queued, so once this one has arrived anything the replays
    // queued would have arrived too.
    const marker = new Visitor(url, "127.0.0.1");
    await addMultiLinkCard(marker, "Marker Order");
    const bank = await placeOrder(marker, "marker.after.replay@example.com", "bank_transfer");
    expect(bank.orderId).toBeTruthy();
    await expect
      .poll(() => smtp.messages.filter((m) => m.to.includes("marker.after.replay@example.com")).length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    expect(confirmations()).toHaveLength(1);

    // What the database holds, read once the app has stopped.
    await app.stop();
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      migrationsFolder: "",
      skipMigrations: true,
    });
    try {
      const { db } = database;
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({ status: "paid", orderNumber });
      const history = await db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId))
        .orderBy(orderStatusHistory.id);
      expect(history.map((h) => `${h.fromStatus ?? "new"}>${h.toStatus}`)).toEqual([
        "new>awaiting_payment",
        "awaiting_payment>paid",
      ]);
      const n = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
      expect(
        await n(
          db.select({ n: count() }).from(referralCommissions).where(eq(referralCommissions.orderId, orderId)),
        ),
      ).toBe(1);
      // The first payment, the same payment under a new id and the expiry; a replayed event id leaves no row.
      expect(
        await n(db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.orderId, orderId))),
      ).toBe(3);
      const queued = await db
        .select({ status: emailOutbox.status })
        .from(emailOutbox)
        .where(eq(emailOutbox.subject, `Order ${orderNumber} confirmed`));
      expect(queued).toEqual([{ status: "sent" }]);
    } finally {
      await database.close();
    }
  });
});
