// A card turned off, or a page paused, through one app process is answered so by the others on their next request:
// two database handles on one database stand for two processes, each with its own cache (PostgreSQL only).
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { type Database, openDatabase, type PostgresHandle } from "../platform/db.server";
import { LISTENER_APPLICATION_NAME } from "../platform/pg-listener.server";
import type { CardEntry } from "./card-entries.server";
import { setCardPaused } from "./card-page-state.server";
import { createCardPage } from "./cards.server";
import { createCardPageCache } from "./page-cache.server";
import { announceCardPageChanges, followCardPageChanges } from "./page-sync.server";
import { createPhysicalCard, setPhysicalCardOff } from "./physical-cards.server";

const html = (entry: CardEntry | null | undefined) => entry?.identity.toString() ?? "";
const owner = { userId: null, label: "owner@example.com" };

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let testDb: TestDb;
let a: PostgresHandle;
let b: PostgresHandle;
const stops: Array<() => unknown> = [];

async function openProcessDatabase() {
  const handle = await openDatabase({
    databaseUrl: testDb.url!,
    dataDir: os.tmpdir(),
    migrationsFolder: path.resolve("drizzle"),
  });
  if (handle.kind !== "postgres") throw new Error("Expected a PostgreSQL handle");
  return handle;
}

async function listenerPids(db: Database) {
  const result = await db.execute<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
  );
  return (result as unknown as { rows: { pid: number }[] }).rows.map((r) => r.pid);
}

beforeAll(async () => {
  testDb = await createTestDb();
  a = await openProcessDatabase();
  b = await openProcessDatabase();
});
afterAll(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
  await until(async () => (await listenerPids(a.db)).length === 0, "the listeners have disconnected");
  await a?.close();
  await b?.close();
  await testDb?.close();
});

describe("card states across app processes", () => {
  it("a card turned off, and a page paused, in one process are off in the other on its next request", async () => {
    const page = await createCardPage(a.db, {
      name: "Two Process Owner",
      slug: "two-process",
      password: "edit-password-1",
      links: [],
    });
    const lost = await createPhysicalCard(a.db, { cardPageId: page.id }, owner);
    const kept = await createPhysicalCard(a.db, { cardPageId: page.id }, owner);
    // B's cache never expires here, so only the announcement can change what it serves.
    const optionsB = { db: b.db, publicUrl: "http://b.test", siteName: "TapCard", shared: false };
    const cacheB = createCardPageCache();
    const listenerB = await followCardPageChanges(b, cacheB);
    stops.push(() => listenerB.stop());
    stops.push(announceCardPageChanges(a));

    expect(html(await cacheB.loadChip(optionsB, lost.token))).toContain("Two Process Owner");
    expect(html(await cacheB.loadChip(optionsB, kept.token))).toContain("Two Process Owner");
    expect(cacheB.peekChip(lost.token)).toEqual(expect.objectContaining({ off: false }));

    await setPhysicalCardOff(a.db, lost.id, true, owner, { cardPageId: page.id });
    await until(() => cacheB.peekChip(lost.token) === undefined, "B drops the card turned off");
    expect(html(await cacheB.loadChip(optionsB, lost.token))).toContain("This card is turned off");
    expect(html(await cacheB.loadChip(optionsB, kept.token))).toContain("Two Process Owner");

    await setCardPaused(a.db, page.id, true, owner);
    expect(cacheB.peek("two-process", "chip")).toBeDefined(); // held since the tap above
    await until(() => cacheB.peek("two-process", "chip") === undefined, "B drops the paused page");
    expect(html(await cacheB.load(optionsB, "two-process", "link"))).toContain("This card is paused");
    expect(html(await cacheB.loadChip(optionsB, kept.token))).toContain("This card is paused");

    await setCardPaused(a.db, page.id, false, owner);
    await setPhysicalCardOff(a.db, lost.id, false, owner, { cardPageId: page.id });
    await until(() => cacheB.peekChip(lost.token) === undefined, "B drops the card turned back on");
    expect(html(await cacheB.loadChip(optionsB, lost.token))).toContain("Two Process Owner");
  });
});
