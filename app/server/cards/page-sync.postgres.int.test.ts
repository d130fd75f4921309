// Card page caches across app processes, which only PostgreSQL has: two database handles on one database stand
// for two app processes, each with its own pool and cache. Runs in the PostgreSQL pass of the integration tests.
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cardPages } from "~/db/schema";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { type Database, openDatabase, type PostgresHandle } from "../platform/db.server";
import { LISTENER_APPLICATION_NAME } from "../platform/pg-listener.server";
import type { CardEntry } from "./card-entries.server";
import { getCardPageById } from "./card-reads.server";
import { createCardPage, updateCardPage } from "./cards.server";
import { createCardPageCache } from "./page-cache.server";
import { announceCardPageChanges, followCardPageChanges } from "./page-sync.server";

const html = (entry: CardEntry | null | undefined) => entry?.identity.toString() ?? "";
const website = (url: string, id?: string) => ({ id, title: "Website", url, icon: "globe" });

/** Polls `condition` until it holds; fails after the deadline. */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb?.close());

describe("card page caches across app processes", () => {
  let a: PostgresHandle; // the process where the admin edits
  let b: PostgresHandle; // the process that serves the page
  const stops: Array<() => unknown> = [];

  async function openProcessDatabase() {
    const handle = await openDatabase({
      databaseUrl: testDb.url!,
      dataDir: os.tmpdir(), // unused with PostgreSQL
      migrationsFolder: path.resolve("drizzle"),
    });
    if (handle.kind !== "postgres") throw new Error("Expected a PostgreSQL handle");
    return handle;
  }

  /** Backend pids of the listening connections on this test's database. */
  async function listenerPids(db: Database) {
    const result = await db.execute<{ pid: number }>(
      sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    return (result as unknown as { rows: { pid: number }[] }).rows.map((r) => r.pid);
  }

  // B's cache never expires here, so only an invalidation can make it serve anything new.
  const optionsB = () => ({ db: b.db, publicUrl: "http://b.test", siteName: "TapCard", shared: false });

  beforeAll(async () => {
    a = await openProcessDatabase();
    b = await openProcessDatabase();
  });
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
    await until(async () => (await listenerPids(a.db)).length === 0, "the listeners have disconnected");
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("an edit made through one process reaches the other's cache, whose next request serves it", async () => {
    // Created before anyone listens, so that only the edit below can empty B's cache.
    const card = await createCardPage(a.db, {
      name: "Before Edit",
      slug: "cross-process",
      password: "edit-password-1",
      links: [website("https://old.example/")],
    });
    const linkId = (await getCardPageById(a.db, card.id))!.links[0]!.id;
    const cacheB = createCardPageCache();
    const listenerB = await followCardPageChanges(b, cacheB);
    stops.push(() => listenerB.stop());
    stops.push(announceCardPageChanges(a));

    expect(html(await cacheB.load(optionsB(), "cross-process", "link"))).toContain("Before Edit");
    expect(cacheB.peekLinkTarget(linkId)?.url).toBe("https://old.example/");
    expect(await cacheB.load(optionsB(), "arrives-later", "link")).toBeNull();
    expect(cacheB.peek("arrives-later", "link")).toBeNull(); // cached as 'no such card'

    await updateCardPage(a.db, card.id, {
      name: "After Edit",
      slug: "cross-process",
      links: [website("https://new.example/", linkId)],
    });
    await createCardPage(a.db, {
      name: "Late Arrival",
      slug: "arrives-later",
      password: "edit-password-1",
      links: [],
    });

    await until(
      () => cacheB.peek("cross-process", "link") === undefined && cacheB.peekLinkTarget(linkId) === undefined,
      "B drops the edited page and its link target",
    );
    expect(html(await cacheB.load(optionsB(), "cross-process", "link"))).toContain("After Edit");
    expect(cacheB.peekLinkTarget(linkId)?.url).toBe("https://new.example/");
    expect((await cacheB.resolveLinkTarget(b.db, linkId))?.url).toBe("https://new.example/");
    await until(() => cacheB.peek("arrives-later", "link") === undefined, "B forgets 'no such card'");
    expect(html(await cacheB.load(optionsB(), "arrives-later", "link"))).toContain("Late Arrival");
  });

  it("a listener whose connection is cut comes back and clears the cache, as edits meanwhile went unheard", async () => {
    const card = await createCardPage(a.db, {
      name: "Original Name",
      slug: "cut-off",
      password: "edit-password-1",
      links: [website("https://example.com/")],
    });
    const bystander = await createCardPage(a.db, {
      name: "Bystander",
      slug: "bystander",
      password: "edit-password-1",
      links: [],
    });
    const cacheB = createCardPageCache();
    const listenerB = await followCardPageChanges(b, cacheB, undefined, { firstMs: 20, maxMs: 200 });
    stops.push(() => listenerB.stop());
    stops.push(announceCardPageChanges(a));
    expect(html(await cacheB.load(optionsB(), "cut-off", "link"))).toContain("Original Name");
    expect(html(await cacheB.load(optionsB(), "bystander", "qr"))).toContain("Bystander");

    // A change nobody announces: what an edit looks like to B when it lands while B is not listening.
    await a.db.update(cardPages).set({ name: "Changed Unheard" }).where(eq(cardPages.id, card.id));
    const [pid] = await listenerPids(a.db);
    expect(pid).toBeDefined();
    await a.db.execute(sql`select pg_terminate_backend(${pid})`);

    await until(
      () => cacheB.peek("cut-off", "link") === undefined && cacheB.peek("bystander", "qr") === undefined,
      "B reconnects and clears its cache",
    );
    expect(html(await cacheB.load(optionsB(), "cut-off", "link"))).toContain("Changed Unheard");
    const pids = await listenerPids(a.db);
    expect(pids).toHaveLength(1);
    expect(pids[0]).not.toBe(pid);

    // Listening again: the next announced edit reaches B.
    expect(html(await cacheB.load(optionsB(), "bystander", "qr"))).toContain("Bystander");
    await updateCardPage(a.db, bystander.id, { name: "Bystander Edited", slug: "bystander", links: [] });
    await until(() => cacheB.peek("bystander", "qr") === undefined, "B hears the edit after reconnecting");
    expect(html(await cacheB.load(optionsB(), "bystander", "qr"))).toContain("Bystander Edited");
  });

  it("stopping a listener closes its connection", async () => {
    const listener = await followCardPageChanges(b, createCardPageCache());
    expect(await listenerPids(a.db)).toHaveLength(1);
    await listener.stop();
    await until(async () => (await listenerPids(a.db)).length === 0, "the listener has disconnected");
  });
});
