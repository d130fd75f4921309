// `npm run bench:lighthouse`: Lighthouse (mobile) on the built site, median of 3 runs per page, plus the gzip
// size of the JavaScript that / ships. Builds first if the build is stale; runs the server on a temp DATA_DIR.
// Options (environment): BENCH_PORT (3250), BENCH_RUNS (3), BENCH_PAGES ("/,/pricing,/contact"),
// CHROME_PATH (/usr/bin/chromium).
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { buildIfStale, root } from "./build-if-stale.mjs";

const run = promisify(execFile);
const PORT = Number(process.env.BENCH_PORT ?? 3250);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = (process.env.BENCH_PAGES ?? "/,/pricing,/contact").split(",");
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS =
  "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const BASE = `http://127.0.0.1:${PORT}`;

buildIfStale();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
const server = spawn(process.execPath, ["server.mjs"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    SHOP_ADDRESS: "1 Bench Street, London",
    WHATSAPP_NUMBER: "+447700900000",
    BANK_ACCOUNT_NAME: "Bench Ltd",
    BANK_SORT_CODE: "00-00-00",
    BANK_ACCOUNT_NUMBER: "00000000",
    PORT: String(PORT),
    PUBLIC_URL: BASE,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  },
});
const stop = () => {
  server.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

/** GET with gzip accepted; resolves with the status and the bytes as sent (still compressed). */
function getRaw(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

async function waitForServer() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await getRaw(`${BASE}/healthz`)).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not become healthy within 60 s");
}

async function lighthouse(url) {
  const { stdout } = await run(
    path.join(root, "node_modules/.bin/lighthouse"),
    [
      url,
      "--quiet",
      "--output=json",
      "--output-path=stdout",
      `--only-categories=${CATEGORIES.join(",")}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { env: { ...process.env, CHROME_PATH }, maxBuffer: 256 * 1024 * 1024 },
  );
  return JSON.parse(stdout);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Scripts the page loads, as Lighthouse saw them (so dynamic imports count too), in gzip bytes on the wire. */
function scriptBytes(report) {
  const items = report.audits["network-requests"]?.details?.items ?? [];
  return items
    .filter((i) => i.resourceType === "Script")
    .map((i) => ({ url: i.url, bytes: i.transferSize ?? 0 }));
}

try {
  await waitForServer();
  // A production server is warm: the first requests of a fresh process pay for JIT and database start-up.
  for (let i = 0; i < 5; i++) for (const page of PAGES) await getRaw(`${BASE}${page}`);
  const rows = [];
  let homeScripts = null;
  for (const page of PAGES) {
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
    const metrics = { lcp: [], tbt: [], cls: [] };
    for (let i = 0; i < RUNS; i++) {
      const report = await lighthouse(`${BASE}${page}`);
      for (const c of CATEGORIES) scores[c].push(Math.round((report.categories[c]?.score ?? 0) * 100));
      metrics.lcp.push(report.audits["largest-contentful-paint"].numericValue);
      metrics.tbt.push(report.audits["total-blocking-time"].numericValue);
      metrics.cls.push(report.audits["cumulative-layout-shift"].numericValue);
      if (page === "/" && !homeScripts) homeScripts = scriptBytes(report);
      process.stderr.write(".");
    }
    rows.push({
      page,
      ...Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c])])),
      "LCP ms": Math.round(median(metrics.lcp)),
      "TBT ms": Math.round(median(metrics.tbt)),
      CLS: Number(median(metrics.cls).toFixed(3)),
    });
  }
  process.stderr.write("\n");
  console.log(`Lighthouse ${RUNS}x per page, mobile, medians (${CHROME_PATH}):`);
  console.table(rows);

  if (homeScripts) {
    // Body bytes as served with gzip (without headers), fetched again so the figure does not depend on caching.
    let total = 0;
    for (const s of homeScripts) {
      const res = await getRaw(s.url);
      const bytes = res.headers["content-encoding"] === "gzip" ? res.body.length : null;
      total += bytes ?? res.body.length;
      console.log(
        `  ${String(bytes ?? `${res.body.length} (not gzipped)`).padStart(8)}  ${new URL(s.url).pathname}`,
      );
    }
    console.log(
      `JavaScript shipped to /: ${(total / 1024).toFixed(1)} KiB gzip in ${homeScripts.length} files`,
    );
  }
} finally {
  stop();
}
