import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "~/db/schema";
import { startSmtpSink } from "../../../../tests/mocks/smtp-sink.mjs";
import { createTestDb, type TestDb } from "../../../../tests/support/test-db";
import { openDatabase } from "../db.server";
import { createMailer } from "./mailer.server";
import { backoffSeconds, deliverDueEmails, enqueueEmail, startOutboxWorker } from "./outbox.server";
import { composeEmail } from "./templates.server";

const logger = pino({ level: "silent" });
let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(emailOutbox);
});

const message = (to: string) =>
  composeEmail({ shop: "TapCard", to, subject: "Hello <there>", greeting: "Hi,", lines: ["Line & more"] });

/** Makes every queued message due now, as if the backoff had passed. */
const makeDue = () => t.db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });

describe("e-mail outbox", () => {
  it("delivers a queued message over SMTP with text and HTML parts", async () => {
    const sink = await startSmtpSink();
    try {
      await enqueueEmail(t.db, message("ann@example.com"));
      const send = createMailer({
        smtpUrl: sink.url,
        from: "Shop <shop@example.com>",
        dataDir: "/nonexistent",
        logger,
      });
      expect(await deliverDueEmails(t.db, send)).toEqual({ sent: 1, failed: 0 });
      expect(sink.messages).toHaveLength(1);
      expect(sink.messages[0]).toMatchObject({ to: ["ann@example.com"], subject: "Hello <there>" });
      expect(sink.messages[0]!.text).toContain("Line & more");
      expect(sink.messages[0]!.html).toContain("Line &amp; more");
      const [row] = await t.db.select().from(emailOutbox);
      expect(row).toMatchObject({ status: "sent", attempts: 1 });
    } finally {
      await sink.stop();
    }
  });

  it("retries a send the server refused and delivers it later, never losing it", async () => {
    const sink = await startSmtpSink({ rejectFirst: 2 });
    try {
      await enqueueEmail(t.db, message("bob@example.com"));
      const send = createMailer({
        smtpUrl: sink.url,
        from: "shop@example.com",
        dataDir: "/nonexistent",
        logger,
      });

      expect(await deliverDueEmails(t.db, send)).toEqual({ sent: 0, failed: 1 });
      let [row] = await t.db.select().from(emailOutbox);
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row!.lastError).toMatch(/temporarily unavailable/);
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
      // Not due yet: a second round leaves it alone.
      expect(await deliverDueEmails(t.db, send)).toEqual({ sent: 0, failed: 0 });

      await makeDue();
      expect(await deliverDueEmails(t.db, send)).toEqual({ sent: 0, failed: 1 });
      await makeDue();
      expect(await deliverDueEmails(t.db, send)).toEqual({ sent: 1, failed: 0 });

      [row] = await t.db.select().from(emailOutbox);
      expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
      expect(sink.messages.map((m) => m.to[0])).toEqual(["bob@example.com"]);
    } finally {
      await sink.stop();
    }
  });

  it("keeps a message that cannot reach any server pending with its error", async () => {
    await enqueueEmail(t.db, message("cat@example.com"));
    const send = createMailer({
      smtpUrl: "smtp://127.0.0.1:1",
      from: "shop@example.com",
      dataDir: "/x",
      logger,
    });
    expect(await deliverDueEmails(t.db, send)).toEqual({ sent: 0, failed: 1 });
    const [row] = await t.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toBeTruthy();
  });

  it("rolls a queued message back with the transaction that queued it", async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueEmail(tx, message("dan@example.com"));
        throw new Error("the order could not be saved");
      }),
    ).rejects.toThrow("the order could not be saved");
    expect(await t.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it("sends each message once when two workers run at the same time", async () => {
    const sink = await startSmtpSink();
    try {
      for (let i = 0; i < 10; i++) await enqueueEmail(t.db, message(`user${i}@example.com`));
      const send = createMailer({ smtpUrl: sink.url, from: "shop@example.com", dataDir: "/x", logger });
      const results = await Promise.all([deliverDueEmails(t.db, send), deliverDueEmails(t.db, send)]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(10);
      expect(sink.messages).toHaveLength(10);
      expect(new Set(sink.messages.map((m) => m.to[0])).size).toBe(10);
      const pending = await t.db.select().from(emailOutbox).where(eq(emailOutbox.status, "pending"));
      expect(pending).toHaveLength(0);
    } finally {
      await sink.stop();
    }
  });

  it("writes .eml files to DATA_DIR/outbox when no SMTP server is configured", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    await enqueueEmail(t.db, message("eve@example.com"));
    const send = createMailer({ from: "shop@example.com", dataDir, logger });
    expect(await deliverDueEmails(t.db, send)).toEqual({ sent: 1, failed: 0 });
    const files = fs.readdirSync(path.join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dataDir, "outbox", files[0]!), "utf8");
    expect(eml).toMatch(/^To: eve@example\.com$/m);
    expect(eml).toMatch(/^Subject: Hello <there>$/m);
    expect(eml).toContain("text/html");
  });

  it("gives each message a Message-ID fixed by its outbox row, so a message sent again is the same one", async () => {
    const sink = await startSmtpSink();
    try {
      const id = await enqueueEmail(t.db, message("fay@example.com"));
      const send = createMailer({
        smtpUrl: sink.url,
        from: "Shop <shop@shop.example>",
        dataDir: "/x",
        logger,
      });
      expect(await deliverDueEmails(t.db, send)).toEqual({ sent: 1, failed: 0 });
      const [row] = await t.db.select().from(emailOutbox);
      expect(sink.messages.map((m) => m.messageId)).toEqual([
        `<outbox-${id}-${row!.createdAt.getTime()}@shop.example>`,
      ]);
    } finally {
      await sink.stop();
    }
  });

  it("sends at once a message whose worker was killed while sending it", async () => {
    const sink = await startSmtpSink();
    const send = createMailer({ smtpUrl: sink.url, from: "shop@example.com", dataDir: "/x", logger });
    try {
      await enqueueEmail(t.db, message("gus@example.com"));
      if (t.kind === "postgres") {
        // Several processes share PostgreSQL: the sender holds the row's lock while it sends, and a dead
        // process's connection (and lock) is dropped by the server.
        const url = new URL(t.url!);
        url.searchParams.set("application_name", "dying-worker");
        const dying = await openDatabase({
          databaseUrl: url.toString(),
          dataDir: "/nonexistent",
          migrationsFolder: "",
          skipMigrations: true,
        });
        let sending!: () => void;
        const started = new Promise<void>((resolve) => {
          sending = resolve;
        });
        let giveUp!: (error: Error) => void;
        const hanging = deliverDueEmails(
          dying.db,
          () =>
            new Promise<void>((_, reject) => {
              giveUp = reject;
              sending();
            }),
          undefined,
          { claim: "row-lock" },
        ).catch(() => "killed");
        await started;
        // With a timeout the server waits until the process has exited, and so let go of its lock; without one
        // the next claim could still find the row locked and skip it.
        await t.db.execute(
          sql`select pg_terminate_backend(pid, 10000) from pg_stat_activity where application_name = 'dying-worker'`,
        );
        expect(await deliverDueEmails(t.db, send, undefined, { claim: "row-lock" })).toEqual({
          sent: 1,
          failed: 0,
        });
        giveUp(new Error("the process is gone"));
        await hanging;
        await dying.close();
      } else {
        // The embedded database has one process: a lease left by a killed one is released when the worker starts.
        await t.db.update(emailOutbox).set({ lockedUntil: sql`now() + interval '2 minutes'` });
        const worker = startOutboxWorker({ db: t.db, send, logger, claim: "lease", intervalMs: 60_000 });
        for (let i = 0; i < 200 && sink.messages.length === 0; i++)
          await new Promise((r) => setTimeout(r, 50));
        await worker.stop();
      }
      expect(sink.messages.map((m) => m.to[0])).toEqual(["gus@example.com"]);
      const [row] = await t.db.select().from(emailOutbox);
      expect(row).toMatchObject({ status: "sent", lockedUntil: null });
    } finally {
      await sink.stop();
    }
  });

  it("backs off exponentially up to an hour", () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([10, 20, 40, 80]);
    expect(backoffSeconds(30)).toBe(3600);
  });
});
