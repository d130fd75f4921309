// `npm run backup` while the server runs and `npm run restore` into a fresh target give back the same rows and
// the same card page, byte for byte, on the engine this run tests (TEST_DATABASE).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { EMBEDDED_BACKUP_PATH } from "~/server/platform/backup-access.server";
import { tableRowCounts } from "~/server/platform/backup-manifest.server";
import { openDatabase } from "~/server/platform/db.server";
import {
  type AppServer,
  buildApp,
  createCardWithPhoto,
  root,
  signInAdmin,
  startApp,
} from "./support/app-server";

const SOURCE_PORT = 4230;
const RESTORED_PORT = 4231;
// A crawler's agent: the page views of the test are not counted, so nothing is written after the backup.
const CRAWLER = { "User-Agent": "curl/8.5.0" };

const work = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
const testDatabase = inject("testDatabase");
const servers: AppServer[] = [];

/** A fresh target: its own DATA_DIR and, on PostgreSQL, a new empty database. */
async function freshTarget(name: string) {
  const env: Record<string, string> = { DATA_DIR: path.join(work, name) };
  if (testDatabase.kind === "postgres") {
    const database = `${name}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: testDatabase.adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(testDatabase.adminUrl);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  }
  return env;
}

function run(script: "backup" | "restore", env: Record<string, string>, ...args: string[]) {
  const base: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: "warn" };
  delete base.DATABASE_URL;
  const result = spawnSync(process.execPath, [`scripts/${script}.mjs`, ...args], {
    cwd: root,
    env: { ...base, ...env },
    encoding: "utf8",
  });
  return { status: result.status, stderr: result.stderr };
}

async function countRows(env: Record<string, string>) {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR!,
    migrationsFolder: "",
    skipMigrations: true,
  });
  try {
    return await tableRowCounts(database.db);
  } finally {
    await database.close();
  }
}

const page = async (url: string) => {
  const response = await fetch(url, { headers: CRAWLER });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

beforeAll(() => buildApp(), 180_000);
afterAll(async () => {
  for (const server of servers) await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe(`backup and restore (${testDatabase.kind})`, () => {
  it("restores the rows, the uploads and the card page exactly as they were while the server ran", async () => {
    const source = await freshTarget("source");
    // The same AUTH_SECRET on both sides, as production's environment file gives it.
    const secret = { AUTH_SECRET: randomBytes(32).toString("hex") };
    // No demo data: its customers would get weekly digests queued by the first housekeeping round, a write after
    // the backup that the source's counts below would include.
    const server = await startApp(SOURCE_PORT, { ...source, ...secret, DEMO_DATA: "0" });
    servers.push(server);
    const cookie = await signInAdmin(server.url);
    const photoUrl = await createCardWithPhoto(server.url, cookie, "round-trip");
    const html = await page(`${server.url}/round-trip`);
    const photo = await page(`${server.url}${photoUrl}`);

    const backups = path.join(work, "backups");
    const backup = run("backup", { ...source, ...secret, PORT: String(SOURCE_PORT) }, "--out", backups);
    expect(backup.stderr).toMatch(/written to/);
    expect(backup.status).toBe(0);
    const [folder] = fs.readdirSync(backups);
    const manifest = JSON.parse(fs.readFileSync(path.join(backups, folder!, "manifest.json"), "utf8"));
    expect(manifest.database.kind).toBe(testDatabase.kind);
    // The photo's WebP and JPEG.
    expect(manifest.uploads).toMatchObject({ included: true, files: 2 });

    if (testDatabase.kind === "pglite") {
      // Without the token derived from AUTH_SECRET the server gives no copy.
      for (const authorization of ["", "Bearer not-the-token"]) {
        const refused = await fetch(`${server.url}${EMBEDDED_BACKUP_PATH}`, {
          method: "POST",
          headers: { Authorization: authorization },
        });
        expect(refused.status).toBe(404);
      }
      // The server still holds the embedded database: restoring over it is refused and changes nothing.
      const busy = run("restore", { ...source, ...secret }, path.join(backups, folder!), "--force");
      expect(busy.status).toBe(1);
      expect(busy.stderr).toMatch(/in use by another process/);
    }
    await server.stop();
    const sourceRows = await countRows(source);
    expect(manifest.tables).toEqual(sourceRows);
    expect(sourceRows.card_pages).toBe(1);

    const target = await freshTarget("restored");
    const restored = run("restore", { ...target, ...secret }, path.join(backups, folder!));
    expect(restored.stderr).toMatch(/Restored the backup/);
    expect(restored.status).toBe(0);
    expect(await countRows(target)).toEqual(sourceRows);

    // A second restore into the now full target is refused, and with --force replaces it.
    const again = run("restore", { ...target, ...secret }, path.join(backups, folder!));
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/^Refusing to overwrite the database and the uploads folder/);
    const forced = run("restore", { ...target, ...secret }, path.join(backups, folder!), "--force");
    expect(forced.status).toBe(0);
    expect(await countRows(target)).toEqual(sourceRows);

    const after = await startApp(RESTORED_PORT, { ...target, ...secret, DEMO_DATA: "0" });
    servers.push(after);
    // The page as served before the backup, with its absolute links on the original port.
    const restoredHtml = await page(`${after.url}/round-trip`);
    expect(restoredHtml.toString().replaceAll(`:${RESTORED_PORT}`, `:${SOURCE_PORT}`)).toBe(html.toString());
    expect((await page(`${after.url}${photoUrl}`)).equals(photo)).toBe(true);
    await after.stop();
  }, 240_000);
});
