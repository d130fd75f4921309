// Two app processes on one PostgreSQL, as docs/product.md#running-more-than-one-process runs them behind a
// load balancer: an edit made through one shows on the other's next request, and both stop promptly on
// SIGTERM. Needs PostgreSQL server binaries (as the PostgreSQL integration tests do); skipped without them.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { E2E_ADMIN } from "../../playwright.config";
import { findPostgresBin, freePort, type PostgresServer, startPostgres } from "../support/postgres-server";

const UA = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36" };
// A new connection per request: node:cluster hands out connections, so each request may reach another process.
const NEW_VISITOR = { ...UA, Connection: "close" };

type AppProcess = { url: string; child: ChildProcess; exited: Promise<number | null>; stderr: () => string };

/** Starts `node server.mjs`; with WEB_CONCURRENCY=n it waits for all n app processes to be ready. */
async function startApp(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<AppProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "proc-")),
      AUTH_SECRET: "a-shared-secret-for-both-app-processes",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DEMO_DATA: "1",
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const processes = Number(extraEnv.WEB_CONCURRENCY ?? 1);
  await expect
    .poll(() => (child.exitCode === null ? stderr.split("Ready on").length - 1 : -1), { timeout: 60_000 })
    .toBe(processes);
  return { url, child, exited, stderr: () => stderr };
}

test.describe("two app processes on one PostgreSQL", () => {
  test.skip(!findPostgresBin(), "no PostgreSQL server binaries on this machine");

  let postgres: PostgresServer | undefined;
  let a: AppProcess; // where the admin edits
  let b: AppProcess; // where a visitor reads: two app processes behind one port (WEB_CONCURRENCY=2)

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    postgres = await startPostgres();
    const admin = new pg.Client({ connectionString: postgres.url("postgres") });
    await admin.connect();
    await admin.query("create database shop");
    await admin.end();
    // One after the other: the first migrates, seeds and creates the admin; the second finds them done.
    a = await startApp(postgres.url("shop"));
    b = await startApp(postgres.url("shop"), { WEB_CONCURRENCY: "2" });
  });

  test.afterAll(() => {
    for (const app of [a, b]) if (app?.child.exitCode === null) app.child.kill("SIGKILL");
    postgres?.stop();
  });

  test("an edit made through one process shows on the other's next request", async ({ page, request }) => {
    // Cached on B: the page, and the redirect behind its first link.
    const before = await (await request.get(`${b.url}/wc341`, { headers: UA })).text();
    const go = /href="(\/go\/[0-9a-f-]{36})\?s=link"/.exec(before)![1]!;
    // Cached in both of B's processes.
    for (let i = 0; i < 4; i++)
      expect((await request.get(`${b.url}/wc341`, { headers: NEW_VISITOR })).status()).toBe(200);
    const oldTarget = (await request.get(`${b.url}${go}`, { headers: UA, maxRedirects: 0 })).headers()
      .location;

    await page.goto(`${a.url}/admin-login`);
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/admin-dashboard/);
    await page.goto(`${a.url}/admin-dashboard?tab=cards&q=wc341`);
    await page
      .getByRole("listitem")
      .filter({ hasText: "/wc341" })
      .getByRole("link", { name: /Edit card WC0341/ })
      .click();
    const stamp = Date.now();
    const bio = `Edited on the other process ${stamp}`;
    const target = `https://moved-${stamp}.example.com/`;
    await page.getByLabel("Bio").fill(bio);
    await page.getByLabel("URL of link 1").fill(target);
    await page.getByRole("button", { name: "Save Card Page" }).click();
    await expect(page.getByText("The card page has been updated successfully")).toBeVisible();

    // The change reaches B as a notification within milliseconds; a few seconds of patience for a slow machine
    // is still far below the cache lifetime, so this passes only if B's entries were invalidated.
    const options = { timeout: 5_000, intervals: [20] };
    await expect
      .poll(async () => (await request.get(`${b.url}/wc341`, { headers: UA })).text(), options)
      .toContain(bio);
    for (let i = 0; i < 4; i++)
      expect(await (await request.get(`${b.url}/wc341`, { headers: NEW_VISITOR })).text()).toContain(bio);
    expect(oldTarget).not.toBe(target);
    const redirect = await request.get(`${b.url}${go}`, { headers: UA, maxRedirects: 0 });
    expect(redirect.headers().location).toBe(target);
  });

  // Exit code 0: the process stopped by itself, not by the forced exit (1) that ends a shutdown left hanging.
  test("SIGTERM stops each process cleanly, listening connection and all", async () => {
    for (const app of [a, b]) {
      app.child.kill("SIGTERM");
      expect(await app.exited).toBe(0);
      expect(app.stderr()).not.toMatch(/Error/);
    }
  });
});
