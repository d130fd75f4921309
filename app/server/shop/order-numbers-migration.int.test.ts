// The migration that took order numbers off carts (0004), run step by step on an empty database of the engine
// under test: data written under the old schema survives it as intended.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

describe("the migration that takes order numbers off carts", () => {
  it("keeps every cart, keeps the numbers of orders and gives the numbers only carts held back", async () => {
    const fresh = await freshDatabase();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    try {
      fs.cpSync(path.resolve("drizzle"), folder, { recursive: true });
      const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8"));
      const upTo = journal.entries.findIndex((e: { tag: string }) => e.tag.startsWith("0004_"));
      fs.writeFileSync(
        path.join(folder, "meta/_journal.json"),
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
      );
      await fresh.migrate(folder);
      await fresh.exec(`
        insert into order_numbers (number) values ('WC111111'), ('WC222222'), ('WC333333');
        insert into carts (id, order_reference) values ('browsing', 'WC111111'), ('paying', 'WC222222');
        insert into orders (order_number, payment_method, cart_id, customer_name, customer_email, customer_phone,
          delivery_address, subtotal, delivery_fee, discount, total, access_token_hash)
        values
          ('WC222222', 'card', 'paying', 'A', 'a@example.com', '1', '{}', 2500, 999, 0, 3499, 'h'),
          ('WC333333', 'bank_transfer', 'gone', 'B', 'b@example.com', '1', '{}', 2500, 999, 0, 3499, 'h');
      `);
      await fresh.migrate(path.resolve("drizzle"));
      expect(await fresh.query("select id from carts order by id")).toEqual([
        { id: "browsing" },
        { id: "paying" },
      ]);
      expect(await fresh.query("select number from order_numbers order by number")).toEqual([
        { number: "WC222222" },
        { number: "WC333333" },
      ]);
    } finally {
      await fresh.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** An empty database on the engine under test, for running migrations step by step. */
async function freshDatabase() {
  if (t.kind === "pglite") {
    const client = await PGlite.create();
    return {
      migrate: (folder: string) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
      exec: async (text: string) => void (await client.exec(text)),
      query: async (text: string) => (await client.query(text)).rows,
      close: () => client.close(),
    };
  }
  const name = `migration_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: t.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(t.url!);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    migrate: (folder: string) => migratePg(drizzlePg({ client }), { migrationsFolder: folder }),
    exec: async (text: string) => void (await client.query(text)),
    query: async (text: string) => (await client.query(text)).rows,
    close: async () => {
      await client.end();
      await admin.query(`drop database ${name}`);
      await admin.end();
    },
  };
}
