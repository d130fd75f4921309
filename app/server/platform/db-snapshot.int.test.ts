// The database's snapshot, which says whether a kept signed-in page is still what a render would give: the same
// while only reads happen, different once a write has committed, whichever connection or process made it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { type DatabaseHandle, openDatabase } from "./db.server";

let t: TestDb;
let handle: DatabaseHandle;
let dataDir: string | undefined;

beforeAll(async () => {
  t = await createTestDb();
  if (t.kind === "postgres") {
    handle = await openDatabase({
      databaseUrl: t.url,
      dataDir: "/nonexistent",
      migrationsFolder: "",
      skipMigrations: true,
    });
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "snapshot-"));
    handle = await openDatabase({ dataDir, migrationsFolder: "", skipMigrations: true });
  }
  await handle.db.execute(sql`create table notes (id serial primary key, body text)`);
});

afterAll(async () => {
  await handle?.close();
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const kind = inject("testDatabase").kind;

describe(`the database's snapshot (${kind})`, () => {
  it("holds while only reads happen", async () => {
    const before = await handle.snapshot();
    await handle.db.execute(sql`select count(*) from notes`);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select * from notes for update`);
    });
    await handle.db.execute(sql`update notes set body = 'x' where id = -1`);
    expect(await handle.snapshot()).toBe(before);
  });

  it("changes once a write has committed", async () => {
    const before = await handle.snapshot();
    await handle.db.execute(sql`insert into notes (body) values ('one')`);
    const after = await handle.snapshot();
    expect(after).not.toBe(before);
    expect(await handle.snapshot()).toBe(after);
  });

  it("changes for a write made in a transaction once it commits", async () => {
    const before = await handle.snapshot();
    let during = "";
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (body) values ('two')`);
      // From another session, while it has not committed (the embedded database runs one statement at a time)
      if (t.kind === "postgres") during = await handle.snapshot();
    });
    const after = await handle.snapshot();
    expect(after).not.toBe(before);
    if (t.kind === "postgres") expect(after).not.toBe(during);
  });

  // The embedded database is opened by one process only.
  if (kind === "postgres")
    it("changes for a write committed by another process on the same PostgreSQL", async () => {
      const before = await handle.snapshot();
      await t.db.execute(sql`insert into notes (body) values ('from elsewhere')`);
      expect(await handle.snapshot()).not.toBe(before);
    });
});
