// The server as an operator meets it: start-up errors, shutdown, health, and requests that are refused.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { rawRequest } from "../support/raw-http";

/**
 * Runs `node server.mjs` with extra env (and Node flags) until it exits or prints "Ready"; returns what it wrote to
 * stderr. Its stdout may go to a file (a descriptor): what V8 prints there itself is cut short on a pipe.
 */
function startServer(
  env: Record<string, string>,
  nodeFlags: string[] = [],
  stdout: "ignore" | number = "ignore",
) {
  const child = spawn(process.execPath, [...nodeFlags, "server.mjs"], {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", stdout, "pipe"],
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

test("Express answers on requests born with its shape, so Node's HTTP code meets one shape", async ({
  request,
}) => {
  const server = startServer({ DATA_DIR: tempDir(), PORT: "3193" }, [
    "--import",
    "./tests/fixtures/prototype-probe.mjs",
  ]);
  const origin = "http://127.0.0.1:3193";
  try {
    await expect.poll(() => server.output().stderr, { timeout: 30_000 }).toContain("Ready on");
    // A rendered page, a resource route, a static file, a refused post, a missing page; then a cached page.
    for (const page of ["/login", "/healthz", "/robots.txt", "/nowhere", "/"])
      await request.get(origin + page);
    const refused = await request.post(`${origin}/login`, {
      form: { email: "a@b.co" },
      headers: { Origin: "https://evil.example" },
    });
    expect(refused.status()).toBe(403);
    expect((await request.get(`${origin}/`)).status()).toBe(200);
    const counts = async () => (await request.get(`${origin}/__prototype-changes`)).json();
    await expect.poll(async () => (await counts()).seen).toBe(7);
    expect(await counts()).toEqual({ seen: 7, changed: 0 });
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
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

test("a page rendered for its visitor goes out whole, compressed as it is sent, with its length", async ({
  baseURL,
}) => {
  const brotli = await rawGet(`${baseURL}/payment-success`, "gzip, deflate, br, zstd");
  expect(brotli.status).toBe(200);
  expect(brotli.headers["content-encoding"]).toBe("br");
  expect(brotli.headers["content-length"]).toBe(String(brotli.body.length));
  expect(brotli.headers["transfer-encoding"]).toBeUndefined();
  expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
  const page = zlib.brotliDecompressSync(brotli.body).toString();
  expect(page).toMatch(/^<!DOCTYPE html><html lang="en-GB">/);
  expect(page).toContain("Order Received");
  expect(page.trimEnd()).toMatch(/<\/html>$/);

  const gzip = await rawGet(`${baseURL}/payment-success`, "gzip");
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(zlib.gunzipSync(gzip.body).toString()).toContain("Order Received");

  const plain = await rawGet(`${baseURL}/payment-success`, "identity");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body.toString()).toContain("Order Received");
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
