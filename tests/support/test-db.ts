// A fresh migrated database for one test file, on the engine this run is testing (TEST_DATABASE).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { inject } from "vitest";
import * as schema from "~/db/schema";
import type { Database } from "~/server/platform/db.server";
import { prepareStatements } from "~/server/platform/pglite-statements.server";

export interface TestDb {
  db: Database;
  kind: "pglite" | "postgres";
  /** PostgreSQL: the test database's address, for tests that open more connections as other processes would. */
  url?: string;
  close(): Promise<void>;
}

export async function createTestDb(): Promise<TestDb> {
  const target = inject("testDatabase");
  if (target.kind === "pglite") {
    const dump = new Blob([fs.readFileSync(target.dumpFile)]);
    const client = await PGlite.create({ loadDataDir: dump });
    // As the app opens it (db.server.ts): every statement outside a transaction prepared once.
    prepareStatements(client);
    const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database;
    return { db, kind: "pglite", close: () => client.close() };
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: target.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${target.template}`);
  await admin.end();
  const url = new URL(target.adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 30 });
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Database;
  return { db, kind: "postgres", url: url.toString(), close: () => pool.end() };
}
