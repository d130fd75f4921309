// /healthz for a load balancer and a monitor: the database, and how far behind the e-mail outbox is.

import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { emailOutbox } from "~/db/schema";
import type { Database } from "~/server/platform/db.server";
import { enqueueEmail } from "~/server/platform/email/outbox.server";
import { loadConfig } from "~/server/platform/env.server";
import { routeContext, testAuth } from "../../../tests/support/auth";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { loader, OUTBOX_LAG_DEGRADED_SECONDS } from "./healthz";

let t: TestDb;
const config = loadConfig({ DATA_DIR: "/tmp/healthz-test", PUBLIC_URL: "http://shop.test" });

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(emailOutbox);
});

async function health(db: Database) {
  const context = routeContext(db, config, testAuth(db, config));
  const response = await loader({
    context,
    request: new Request("http://shop.test/healthz"),
    params: {},
  } as Parameters<typeof loader>[0]);
  return {
    status: response.status,
    cache: response.headers.get("Cache-Control"),
    body: await response.json(),
  };
}

const message = (to: string) => ({ to, subject: "Hello", text: "Hi", html: "<p>Hi</p>" });

describe("/healthz", () => {
  it("answers ok with an empty outbox", async () => {
    expect(await health(t.db)).toEqual({
      status: 200,
      cache: "no-store",
      body: { status: "ok", database: "ok", outbox: { pending: 0, lagSeconds: 0 } },
    });
  });

  it("counts the messages waiting and the age of the oldest; sent ones are not counted", async () => {
    await enqueueEmail(t.db, message("a@example.com"));
    await enqueueEmail(t.db, message("b@example.com"));
    const sent = await enqueueEmail(t.db, message("c@example.com"));
    await t.db
      .update(emailOutbox)
      .set({ status: "sent", createdAt: sql`now() - interval '2 hours'` })
      .where(sql`${emailOutbox.id} = ${sent}`);
    await t.db
      .update(emailOutbox)
      .set({ createdAt: sql`now() - interval '90 seconds'` })
      .where(sql`${emailOutbox.to} = 'a@example.com'`);
    const { status, body } = await health(t.db);
    expect(status).toBe(200);
    expect(body.status).toBe("ok");
    expect(body.outbox.pending).toBe(2);
    expect(body.outbox.lagSeconds).toBeGreaterThanOrEqual(90);
    expect(body.outbox.lagSeconds).toBeLessThan(OUTBOX_LAG_DEGRADED_SECONDS);
  });

  it("reports a backed-up outbox as degraded but keeps the node in service (200)", async () => {
    await enqueueEmail(t.db, message("late@example.com"));
    await t.db.update(emailOutbox).set({ createdAt: sql`now() - interval '20 minutes'` });
    const { status, body } = await health(t.db);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "degraded", database: "ok", outbox: { pending: 1 } });
    expect(body.outbox.lagSeconds).toBeGreaterThanOrEqual(20 * 60);
  });

  it("answers 503 when the database cannot be reached", async () => {
    const pool = new pg.Pool({
      connectionString: "postgres://nobody@127.0.0.1:1/none",
      connectionTimeoutMillis: 2000,
    });
    pool.on("error", () => {});
    try {
      const unreachable = drizzle({ client: pool, schema, casing: "snake_case" }) as unknown as Database;
      expect(await health(unreachable)).toEqual({
        status: 503,
        cache: "no-store",
        body: { status: "error", database: "unreachable" },
      });
    } finally {
      await pool.end();
    }
  });
});
