// Prepares one migrated database per run, which every integration test file then clones:
// PGlite: a dump of a migrated data dir; PostgreSQL: a template database on a server started here.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startPostgres } from "./postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase:
      | { kind: "pglite"; dumpFile: string }
      | { kind: "postgres"; adminUrl: string; template: string };
  }
}

const migrationsFolder = path.resolve("drizzle");

export default async function setup(project: TestProject) {
  const kind = process.env.TEST_DATABASE === "postgres" ? "postgres" : "pglite";
  if (kind === "pglite") {
    const client = await PGlite.create();
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir("none");
    await client.close();
    const dumpFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pglite-")), "migrated.tar");
    fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
    project.provide("testDatabase", { kind, dumpFile });
    return () => fs.rmSync(path.dirname(dumpFile), { recursive: true, force: true });
  }
  const server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url("postgres") });
  await admin.connect();
  await admin.query("create database app_template");
  await admin.end();
  const templateClient = new pg.Client({ connectionString: server.url("app_template") });
  await templateClient.connect();
  await migratePg(drizzlePg({ client: templateClient }), { migrationsFolder });
  await templateClient.end();
  project.provide("testDatabase", { kind, adminUrl: server.url("postgres"), template: "app_template" });
  return () => server.stop();
}
