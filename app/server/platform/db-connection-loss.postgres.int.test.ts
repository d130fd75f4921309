// A PostgreSQL connection lost in the middle of a transaction (restart, failover, an operator ending the session)
// fails that transaction only: the process goes on, and the pool serves the next query on a new connection.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { type DatabaseHandle, openDatabase } from "./db.server";

let t: TestDb;
let handle: DatabaseHandle;

beforeAll(async () => {
  t = await createTestDb();
  const url = new URL(t.url!);
  url.searchParams.set("application_name", "losing-connection");
  handle = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: "/nonexistent",
    migrationsFolder: "",
    skipMigrations: true,
  });
});
afterAll(async () => {
  await handle?.close();
  await t?.close();
});

it("fails only the transaction whose connection was ended, and serves the next query", async () => {
  let inside!: () => void;
  const started = new Promise<void>((resolve) => {
    inside = resolve;
  });
  const cut = handle.db
    .transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      inside();
      await tx.execute(sql`select pg_sleep(10)`);
    })
    .then(
      () => "committed",
      (error: Error) => error,
    );
  await started;
  await t.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'losing-connection'`,
  );
  expect(await cut).toBeInstanceOf(Error);
  const { rows } = (await handle.db.execute(sql`select 41 + 1 as answer`)) as { rows: unknown[] };
  expect(rows).toEqual([{ answer: 42 }]);
});
