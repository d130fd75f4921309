// The server as an operator meets it: start-up errors, shutdown, health, and requests that are refused.
import { spawn, spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { E2E_ADMIN } from "../../playwright.config";
import { rawRequest } from "../support/raw-http";
import { expect, test } from "./fixtures";

/** Runs `node server.mjs` with extra env until it exits or prints "Ready"; returns what it wrote to stderr. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server.mjs"], {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => ({ stderr }) };
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "srv-"));

test.describe("start-up errors are one clear line", () => {
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    [
      "an unreachable DATABASE_URL",
      { DATABASE_URL: "postgres://app@127.0.0.1:9/shop" },
      /^Cannot connect to PostgreSQL at 127\.0\.0\.1:9\/shop: /,
    ],
    [
      // The first app process fails and the others are not started, rather than restarted again and again.
      "an unreachable DATABASE_URL with WEB_CONCURRENCY=2",
      { DATABASE_URL: "postgres://app@127.0.0.1:9/shop", WEB_CONCURRENCY: "2" },
      /^Cannot connect to PostgreSQL at 127\.0\.0\.1:9\/shop: /,
    ],
    [
      "a bad PORT",
      { PORT: "eighty" },
      /^Invalid configuration: PORT must be a port number between 1 and 65535/,
    ],
    [
      "production without AUTH_SECRET",
      { NODE_ENV: "production" },
      /^Invalid configuration: AUTH_SECRET is required in production/,
    ],
    [
      "several app processes on the embedded database",
      { WEB_CONCURRENCY: "2" },
      /^Invalid configuration: WEB_CONCURRENCY=2 needs DATABASE_URL/,
    ],
    [
      "a database folder another process holds",
      { DATA_DIR: process.env.E2E_DATA_DIR ?? "" },
      /is in use by another process \(pid \d+\)/,
    ],
  ];
  for (const [name, env, message] of cases) {
    test(name, async () => {
      const server = startServer({ DATA_DIR: tempDir(), PORT: "3190", ...env });
      expect(await server.exited).toBe(1);
      const lines = server.output().stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    });
  }
});

test("npm run admin:create makes an admin, and refuses a short password with its message", async () => {
  const dataDir = tempDir();
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ["scripts/admin-create.mjs", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      encoding: "utf8",
    });
  const short = run("--email", "owner@example.com", "--password", "short");
  expect(short.status).toBe(1);
  expect(short.stderr.trim()).toBe("Password must be at least 8 characters");
  const created = run("--email", "owner@example.com", "--password", "a-long-password");
  expect(created.status).toBe(0);
  expect(created.stderr).toContain("Admin owner@example.com created.");
  const again = run("--email", "owner@example.com", "--password", "another-long-password");
  expect(again.stderr).toContain("Admin owner@example.com updated.");
});

test("SIGTERM closes the server and the embedded database", async ({ request }) => {
  const dataDir = tempDir();
  const server = startServer({ DATA_DIR: dataDir, PORT: "3191" });
  await expect.poll(() => server.output().stderr, { timeout: 30_000 }).toContain("Ready on");
  expect((await request.get("http://127.0.0.1:3191/healthz")).status()).toBe(200);
  expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(true);
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(false);
});

test("SIGTERM lets a request in flight finish before the database closes", async () => {
  const server = startServer({ DATA_DIR: tempDir(), PORT: "3192" });
  await expect.poll(() => server.output().stderr, { timeout: 30_000 }).toContain("Ready on");
  // A sign-in whose form is still arriving: the server has taken the request (it asked for the body) when the
  // signal comes, and reads the accounts only once the rest of the form is there.
  const form = "email=nobody%40example.com&password=not-the-password";
  const socket = net.connect(3192, "127.0.0.1");
  let answer = "";
  socket.on("data", (d) => {
    answer += d;
  });
  const ended = new Promise((resolve) => socket.on("close", resolve));
  socket.write(
    "POST /login HTTP/1.1\r\nHost: 127.0.0.1:3192\r\nOrigin: http://127.0.0.1:3192\r\n" +
      "Content-Type: application/x-www-form-urlencoded\r\nExpect: 100-continue\r\n" +
      `Content-Length: ${form.length}\r\n\r\n`,
  );
  await expect.poll(() => answer).toContain("100 Continue");
  server.child.kill("SIGTERM");
  await expect.poll(() => server.output().stderr).toContain("shutting down");
  socket.write(form);
  await ended;
  expect(answer).toMatch(/HTTP\/1\.1 401/);
  expect(answer).toContain("Connection: close");
  expect(answer).toContain("Invalid email or password");
  expect(await server.exited).toBe(0);
  expect(server.output().stderr).not.toMatch(/Error/);
});

test("a page rendered per request says where its time went (development): Server-Timing, db and render", async ({
  request,
}) => {
  const page = await request.get("/order-card");
  expect(page.status()).toBe(200);
  expect(page.headers()["server-timing"]).toMatch(/^db;dur=\d+\.\d, render;dur=\d+\.\d$/);
  // A card page, once in memory, is answered before any of that.
  await request.get("/card/wc341");
  expect((await request.get("/card/wc341")).headers()["server-timing"]).toBeUndefined();
});

test("health, robots and refused requests", async ({ request, baseURL }) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok", database: "ok" });

  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain("Disallow: /admin-dashboard");

  // A post that is not a form gets 400 with a message, not a 500.
  const notAForm = await request.post("/login", { data: { email: "a@b.co" }, headers: { Origin: baseURL! } });
  expect(notAForm.status()).toBe(400);
  expect(await notAForm.text()).toContain("Expected a form submission");

  // A form posted from another site is refused.
  const crossSite = await request.post("/login", {
    form: { email: "a@b.co", password: "x" },
    headers: { Origin: "https://evil.example" },
  });
  expect(crossSite.status()).toBe(403);

  // An oversized body is refused before it is read.
  const huge = await request.post("/contact", {
    form: { message: "x".repeat(2 * 1024 * 1024) },
    headers: { Origin: baseURL! },
  });
  expect(huge.status()).toBe(413);
});

test("idle connections stay open longer than a proxy keeps them (nginx: 60 s), so none is closed under it", async ({
  baseURL,
}) => {
  const agent = new http.Agent({ keepAlive: true });
  const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
    http
      .get(`${baseURL}/healthz`, { agent }, (res) => {
        res.resume();
        resolve(String(res.headers["keep-alive"]));
      })
      .on("error", reject);
  });
  agent.destroy();
  expect(keepAlive).toBe("timeout=65");
});

/** An asset as the server sends it for this Accept-Encoding: status, headers and the bytes on the wire. */
const rawGet = (url: string, acceptEncoding: string) =>
  rawRequest(url, { "Accept-Encoding": acceptEncoding });

test("scripts go out compressed at the best level, brotli when accepted, small ones too, cached for a year", async ({
  baseURL,
}) => {
  const dir = path.resolve("build/client/assets");
  const scripts = fs.readdirSync(dir).filter((f) => f.endsWith(".js"));
  const size = (f: string) => fs.statSync(path.join(dir, f)).size;
  const large = scripts.reduce((a, b) => (size(a) > size(b) ? a : b));
  const small = scripts.find((f) => size(f) > 300 && size(f) < 1024)!;
  expect(small).toBeTruthy();

  const brotli = await rawGet(`${baseURL}/assets/${large}`, "gzip, deflate, br, zstd");
  expect(brotli.headers["content-encoding"]).toBe("br");
  expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
  expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(zlib.brotliDecompressSync(brotli.body).equals(fs.readFileSync(path.join(dir, large)))).toBe(true);
  // Quality 11, written at build time: smaller than what a per-request compressor could afford.
  expect(brotli.body.length).toBe(size(`${large}.br`));

  const gzip = await rawGet(`${baseURL}/assets/${large}`, "gzip");
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(gzip.body.length).toBeLessThanOrEqual(
    zlib.gzipSync(fs.readFileSync(path.join(dir, large)), { level: 9 }).length,
  );

  // Under 1 KiB (below which answers compressed as they are sent are not), still compressed when that is smaller.
  const smallGzip = await rawGet(`${baseURL}/assets/${small}`, "gzip");
  expect(smallGzip.headers["content-encoding"]).toBe("gzip");
  expect(smallGzip.body.length).toBeLessThan(size(small));
  expect(zlib.gunzipSync(smallGzip.body).equals(fs.readFileSync(path.join(dir, small)))).toBe(true);

  const plain = await rawGet(`${baseURL}/assets/${small}`, "identity");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body.equals(fs.readFileSync(path.join(dir, small)))).toBe(true);
});

test("a page rendered for its visitor goes out whole and gzipped, with its length, brotli accepted or not", async ({
  baseURL,
}) => {
  const browser = await rawGet(`${baseURL}/payment-success`, "gzip, deflate, br, zstd");
  expect(browser.status).toBe(200);
  expect(browser.headers["content-encoding"]).toBe("gzip");
  expect(browser.headers.vary).toMatch(/Accept-Encoding/i);
  expect(browser.headers["content-length"]).toBe(String(browser.body.length));
  expect(browser.headers["transfer-encoding"]).toBeUndefined();
  const page = zlib.gunzipSync(browser.body).toString();
  expect(page).toMatch(/^<!DOCTYPE html><html lang="en-GB">/);
  expect(page).toContain("Order Received");
  expect(page.trimEnd()).toMatch(/<\/html>$/);
  // Whole: no boundary is completed by a script after the rest of the page.
  expect(page).not.toContain("$RC(");

  const plain = await rawGet(`${baseURL}/payment-success`, "identity");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body.toString()).toContain("Order Received");

  // A page compressed ahead of time goes out as brotli.
  const kept = await rawGet(`${baseURL}/pricing`, "gzip, deflate, br, zstd");
  expect(kept.headers["content-encoding"]).toBe("br");
  expect(zlib.brotliDecompressSync(kept.body).toString()).toContain("</html>");

  // Brotli refused by weight: gzip, for rendered pages and for files compressed ahead of time alike.
  const script = fs.readdirSync(path.resolve("build/client/assets")).find((f) => f.endsWith(".js"));
  for (const url of ["/payment-success", "/pricing", `/assets/${script}`]) {
    const noBrotli = await rawGet(`${baseURL}${url}`, "br;q=0, gzip");
    expect(noBrotli.headers["content-encoding"], url).toBe("gzip");
  }
});

test("pages for one person (accounts, back office, links with a token) are never kept by a cache", async ({
  page,
  signedInCustomer,
  adminPage,
  request,
}) => {
  expect(signedInCustomer.email).toBeTruthy();
  for (const url of ["/dashboard", "/dashboard/settings/account", "/dashboard/settings/billing"]) {
    const answer = await page.request.get(url, { maxRedirects: 0 });
    expect(answer.status(), url).toBe(200);
    expect(answer.headers()["cache-control"], url).toBe("private, no-store");
  }
  for (const url of ["/admin-dashboard/orders", "/admin-dashboard/account"]) {
    const answer = await adminPage.request.get(url, { maxRedirects: 0 });
    expect(answer.status(), url).toBe(200);
    expect(answer.headers()["cache-control"], url).toBe("private, no-store");
  }
  for (const url of ["/claim-cards?token=abc", "/payment-success?token=abc", "/reset-password?token=abc"]) {
    const answer = await request.get(url, { maxRedirects: 0 });
    expect(answer.headers()["cache-control"], url).toBe("private, no-store");
  }
});

test("the backup endpoint answers only its exact path, so no other spelling passes the proxy's rule", async ({
  baseURL,
}) => {
  const secret = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "auth-secret"), "utf8").trim();
  const token = createHmac("sha256", secret).update("tapcard embedded database backup").digest("base64url");
  const post = (url: string) =>
    fetch(`${baseURL}${url}`, { method: "POST", headers: { Authorization: `Bearer ${token}` } });
  for (const url of [
    "/__BACKUP/embedded-database",
    "/__Backup/Embedded-Database",
    "/__backup/embedded-database/",
  ]) {
    const refused = await post(url);
    expect(refused.ok, url).toBe(false);
    expect(refused.headers.get("content-type"), url).not.toBe("application/gzip");
  }
  const copy = await post("/__backup/embedded-database");
  expect(copy.status).toBe(200);
  expect(copy.headers.get("content-type")).toBe("application/gzip");
});

test("no credentials reach the browser bundle", async ({ request }) => {
  const dir = path.resolve("build/client/assets");
  const assets = fs.readdirSync(dir).filter((f) => f.endsWith(".js"));
  expect(assets.length).toBeGreaterThan(0);
  for (const file of assets) {
    const body = await (await request.get(`/assets/${file}`)).text();
    expect(body).not.toContain(E2E_ADMIN.password);
    expect(body).not.toMatch(/AUTH_SECRET|ADMIN_PASSWORD|SMTP_URL/);
  }
});
