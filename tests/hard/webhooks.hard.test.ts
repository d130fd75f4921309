// Webhooks survive kill -9: the built app delivers queued events to a receiver on 127.0.0.1, is killed (SIGKILL)
// between attempts and in the middle of one, and after a restart on the same data every event still reaches the
// receiver with its one event id and the same body. On the embedded database and on PostgreSQL.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptWebhookSecret } from "~/server/webhooks/webhook-secrets.server";
import { type AppServer, buildApp, startApp } from "../support/app-server";
import { freePort, type PostgresServer, startPostgres } from "../support/postgres-server";

const AUTH_SECRET = "webhook-crash-test-secret-long-enough-0123";
const RETRIED = ["evt_retried_1", "evt_retried_2", "evt_retried_3"];
/** Its first request is held open and the app is killed while it waits. */
const HELD = "evt_held_in_flight";

type Row = Record<string, unknown>;
let postgres: PostgresServer | undefined;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "webhooks-hard-"));

beforeAll(async () => {
  buildApp();
  postgres = await startPostgres();
});
afterAll(() => {
  postgres?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

/**
 * A receiver on 127.0.0.1: the first request of each retried event gets 500, the first of the held event gets no
 * answer at all; every later request gets 200.
 */
async function startReceiver() {
  const received: { id: string; body: string; answered: number | null }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const id = (JSON.parse(body) as { id: string }).id;
      const first = !received.some((r) => r.id === id);
      const entry = { id, body, answered: null as number | null };
      received.push(entry);
      if (first && id === HELD) return;
      entry.answered = first ? 500 : 200;
      res.statusCode = entry.answered;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

for (const engine of ["pglite", "postgres"] as const) {
  describe(`webhooks on ${engine}`, () => {
    it("loses no event to a kill -9 between attempts or during one", async () => {
      const dataDir = path.join(work, engine);
      const receiver = await startReceiver();
      let databaseUrl: string | undefined;
      if (engine === "postgres") {
        const admin = new pg.Client({ connectionString: postgres!.url("postgres") });
        await admin.connect();
        await admin.query("create database webhooks_crash");
        await admin.end();
        databaseUrl = postgres!.url("webhooks_crash");
      }
      const port = await freePort();
      let app: AppServer | undefined;
      const start = async () => {
        app = await startApp(port, {
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          AUTH_SECRET,
          DEMO_DATA: "0",
          WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
          BANK_ACCOUNT_NAME: "TapCard Ltd",
          BANK_SORT_CODE: "00-00-00",
          BANK_ACCOUNT_NUMBER: "12345678",
        });
      };
      const kill = async () => {
        const child = app!.child;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGKILL");
        await exited;
      };
      /** Queries the database; the embedded one only while the app is stopped (one process may open it). */
      const query = async <T>(
        read: (q: (text: string, params?: unknown[]) => Promise<Row[]>) => Promise<T>,
      ) => {
        if (engine === "postgres") {
          const client = new pg.Client({ connectionString: databaseUrl });
          await client.connect();
          try {
            return await read(async (text, params) => (await client.query(text, params)).rows);
          } finally {
            await client.end();
          }
        }
        const { PGlite } = await import("@electric-sql/pglite");
        const client = await PGlite.create(path.join(dataDir, "db"));
        try {
          return await read(async (text, params) => (await client.query<Row>(text, params)).rows);
        } finally {
          await client.close();
        }
      };

      try {
        // The first start migrates; then the events are queued as a shared contact would queue them.
        await start();
        await app!.stop();
        await query(async (q) => {
          await q(
            "insert into users (id, name, email, email_verified) values ('owner', 'Olive', 'olive@example.com', true)",
          );
          const [endpoint] = await q(
            "insert into webhook_endpoints (owner_user_id, url, secret_encrypted) values ('owner', $1, $2) returning id",
            [receiver.url, encryptWebhookSecret(AUTH_SECRET, "whsec_crash")],
          );
          for (const id of [...RETRIED, HELD])
            await q(
              "insert into webhook_deliveries (endpoint_id, event_id, type, body) values ($1, $2, $3, $4)",
              [
                endpoint!.id,
                id,
                "contact.created",
                JSON.stringify({ type: "contact.created", id, created: 1795779000, data: { name: id } }),
              ],
            );
        });
        await start();

        // Every event tried once: three answered 500, one held open. Then the process dies.
        await until(
          "every event was tried once",
          () => new Set(receiver.received.map((r) => r.id)).size === 4,
        );
        await until("the three failures were answered", () =>
          RETRIED.every((id) => receiver.received.some((r) => r.id === id && r.answered === 500)),
        );
        await kill();
        await start();

        // After the restart: the failed ones on their next attempt, the held one once its claim is gone.
        await until(
          "every event was delivered",
          () =>
            [...RETRIED, HELD].every((id) =>
              receiver.received.some((r) => r.id === id && r.answered === 200),
            ),
          engine === "postgres" ? 240_000 : 150_000,
        );
        for (const id of [...RETRIED, HELD]) {
          const bodies = receiver.received.filter((r) => r.id === id).map((r) => r.body);
          expect({ id, sameBody: new Set(bodies).size }).toEqual({ id, sameBody: 1 });
          expect(bodies.length).toBeGreaterThanOrEqual(2);
        }
        await until("every delivery is recorded", async () => {
          if (engine === "pglite") return true;
          const rows = await query((q) => q("select status from webhook_deliveries"));
          return rows.every((r) => r.status === "delivered");
        });
        await app!.stop();
        const rows = await query((q) =>
          q("select event_id, status, attempts from webhook_deliveries order by event_id"),
        );
        expect(rows.map((r) => [r.event_id, r.status])).toEqual(
          [...RETRIED, HELD].sort().map((id) => [id, "delivered"]),
        );
        for (const r of rows) expect(Number(r.attempts)).toBeGreaterThanOrEqual(1);
      } finally {
        await app?.stop();
        await receiver.stop();
      }
    });
  });
}
