// The embedded database's prepared statements (pglite-statements.server.ts), on an embedded database of their own
// whatever engine the run tests: the same answers as PGlite's own query(), errors as before, a bounded number of
// statements in the backend, and no statement run inside another caller's open transaction.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PREPARED_STATEMENTS, prepareStatements } from "./pglite-statements.server";

let client: PGlite;

beforeAll(async () => {
  client = await PGlite.create();
  prepareStatements(client);
  await client.exec(`create table notes (id int primary key, body text not null, at timestamptz, day date)`);
}, 60_000);
afterAll(() => client.close());

const preparedCount = async () =>
  Number(
    (await client.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements")).rows[0].n,
  );

describe("prepared statements on the embedded database", () => {
  it("answers a statement run again with other values, with the types PGlite parses", async () => {
    const insert = "insert into notes (id, body, at, day) values ($1, $2, $3, $4)";
    await client.query(insert, [1, "first", new Date("2026-11-27T10:00:00Z"), "2026-11-27"]);
    await client.query(insert, [2, "second", null, null]);
    const select = "select id, body, at, day from notes where id = $1";
    const one = await client.query<{ id: number; body: string; at: Date }>(select, [1]);
    const two = await client.query<{ id: number; body: string; at: Date | null }>(select, [2]);
    expect(one.rows).toEqual([
      { id: 1, body: "first", at: new Date("2026-11-27T10:00:00Z"), day: expect.any(Date) },
    ]);
    expect(two.rows).toEqual([{ id: 2, body: "second", at: null, day: null }]);
    const arrays = await client.query(select, [1], { rowMode: "array" });
    expect(arrays.rows[0]).toHaveLength(4);
    const update = await client.query("update notes set body = $1 where id > $2", ["edited", 0]);
    expect(update.affectedRows).toBe(2);
  });

  it("reports a database error with its code, and the next statement runs", async () => {
    const insert = "insert into notes (id, body) values ($1, $2)";
    await expect(client.query(insert, [1, "again"])).rejects.toMatchObject({ code: "23505" });
    await expect(client.query("select nonsense from nowhere where id = $1", [1])).rejects.toMatchObject({
      code: "42P01",
    });
    // Not kept as prepared: the same text fails the same way.
    await expect(client.query("select nonsense from nowhere where id = $1", [1])).rejects.toMatchObject({
      code: "42P01",
    });
    await client.query(insert, [3, "third"]);
    expect((await client.query("select count(*)::int as n from notes")).rows).toEqual([{ n: 3 }]);
  });

  it("keeps at most its bound of statements in the backend, closing the least recently used", async () => {
    for (let i = 0; i < MAX_PREPARED_STATEMENTS + 40; i++) {
      const { rows } = await client.query<{ n: number }>(`select $1::int + ${i} as n`, [1]);
      expect(rows[0].n).toBe(1 + i);
    }
    expect(await preparedCount()).toBeLessThanOrEqual(MAX_PREPARED_STATEMENTS);
    // The first ones were closed and are prepared again when they come back.
    expect((await client.query<{ n: number }>("select $1::int + 0 as n", [5])).rows[0].n).toBe(5);
  });

  it("waits for another caller's transaction instead of running inside it", async () => {
    let insideDone!: () => void;
    const inside = new Promise<void>((resolve) => {
      insideDone = resolve;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into notes (id, body) values (100, 'uncommitted')");
      insideDone();
      await held;
      await tx.rollback();
    });
    await inside;
    const outside = client.query<{ n: number }>("select count(*)::int as n from notes where id = $1", [100]);
    release();
    await transaction;
    // Run after the rollback: the row was never there for it.
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });
});
