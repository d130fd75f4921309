// `npm run bench:lighthouse`: Lighthouse (mobile) on the built site, median of 3 runs per page: the four scores,
// first contentful paint, layout shift and the gzip bytes of JavaScript each page loads, with PASS/FAIL against
// the budgets (exit 1 on a failure). Signed-in pages are measured as a customer registered, verified (through a
// local SMTP sink) and signed in through the app's own forms. Builds first if the build is stale; runs the
// server on a temp DATA_DIR. Options (environment): BENCH_PORT (3250), BENCH_RUNS (3), BENCH_PAGES (all pages
// below, comma-separated), CHROME_PATH (/usr/bin/chromium), BENCH_REPORTS (a directory: each Lighthouse report
// is written there as JSON, to read a page's trace, LCP element and requests).

import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { chromium } from "@playwright/test";
import { startSmtpSink } from "../tests/mocks/smtp-sink.mjs";
import { adminCookie, createDesignedCard } from "./bench-designed-card.mjs";
import { productionEnv } from "./bench-load.mjs";
import { record } from "./bench-report.mjs";
import { BUDGETED_PAGES, JS_BUDGET_KIB, MARKETING_PAGES } from "./budgeted-pages.mjs";
import { buildIfStale, root } from "./build-if-stale.mjs";
import { announceNode } from "./node-version.mjs";

announceNode("bench:lighthouse");

const run = promisify(execFile);
const PORT = Number(process.env.BENCH_PORT ?? 3250);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/**
 * A card page in the heaviest design with ten links, photo, cover and logo (scripts/bench-designed-card.mjs), then
 * marketing, shop and account pages; dashboard pages are requested signed in.
 */
const CARD_PAGE = "/bench-card";
const ALL_PAGES = [CARD_PAGE, ...MARKETING_PAGES, ...BUDGETED_PAGES];
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",") : ALL_PAGES;
const signedIn = (page) => page.startsWith("/dashboard");
/** Pages for one visitor, which rightly ask not to be indexed: their SEO leaves out the crawlable audit. */
const privatePage = (page) => signedIn(page) || page.startsWith("/payment-") || page === "/cart";
const BUDGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  jsKiB: JS_BUDGET_KIB,
  cls: 0.02,
};
/** The card page, the product itself, is held to 100 in every category. */
const budgetOf = (page, category) => (page === CARD_PAGE ? 100 : BUDGETS[category]);
const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-password-1" };
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS =
  "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const BASE = `http://127.0.0.1:${PORT}`;
const REPORTS = process.env.BENCH_REPORTS;

buildIfStale();

const smtp = await startSmtpSink();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
const server = spawn(process.execPath, ["server.mjs"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    ...productionEnv(),
    PORT: String(PORT),
    PUBLIC_URL: BASE,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SMTP_URL: smtp.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  },
});
const stop = () => {
  server.kill("SIGTERM");
  smtp.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

/** GET with gzip accepted (and the session cookie when given); resolves with the status and the bytes as sent (still compressed). */
function getRaw(url, cookie) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip", ...(cookie ? { Cookie: cookie } : {}) } }, (res) => {
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

/**
 * Registers a customer, opens the verification e-mail's link and signs in, as the browser tests do; returns the
 * session's Cookie header.
 */
async function signInCustomer() {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: CHROME_FLAGS.split(" ").slice(1),
  });
  try {
    const page = await browser.newPage({ baseURL: BASE });
    const email = `bench-${Date.now()}@example.com`;
    const password = "bench-pass-1";
    await page.goto("/register");
    await page.getByLabel("Full name").fill("Bench Customer");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Registration successful").waitFor();
    const deadline = Date.now() + 20_000;
    const verification = () => smtp.messages.find((m) => m.to.includes(email));
    while (!verification() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const mail = verification();
    const link = mail?.text.match(/https?:\/\/\S+/g)?.find((u) => u.includes("/api/auth/verify-email"));
    if (!link) throw new Error("no verification e-mail reached the SMTP sink");
    await page.goto(link);
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    const cookies = await page.context().cookies();
    return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  } finally {
    await browser.close();
  }
}

async function lighthouse(url, cookie) {
  const { stdout } = await run(
    path.join(root, "node_modules/.bin/lighthouse"),
    [
      url,
      "--quiet",
      "--output=json",
      "--output-path=stdout",
      `--only-categories=${CATEGORIES.join(",")}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
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

/** The category's score as Lighthouse weighs it, without the audits named (not applicable ones weigh nothing). */
function scoreWithout(report, category, skip) {
  let sum = 0;
  let weight = 0;
  for (const ref of report.categories[category].auditRefs) {
    const audit = report.audits[ref.id];
    if (skip.includes(ref.id) || !ref.weight || audit.score === null) continue;
    sum += audit.score * ref.weight;
    weight += ref.weight;
  }
  return weight ? sum / weight : 0;
}

/** Body bytes of the page's scripts as served with gzip, fetched again so caching does not change the figure. */
async function scriptKiB(urls, cookie) {
  let total = 0;
  for (const url of urls) total += (await getRaw(url, cookie)).body.length;
  return total / 1024;
}

try {
  await waitForServer();
  const cookie = PAGES.some(signedIn) ? await signInCustomer() : undefined;
  if (PAGES.includes(CARD_PAGE)) {
    const headers = { Origin: BASE, "User-Agent": "bench" };
    const admin = await adminCookie(BASE, ADMIN.email, ADMIN.password, headers);
    await createDesignedCard(BASE, admin, { slug: CARD_PAGE.slice(1), headers });
  }
  // A production server is warm: the first requests of a fresh process pay for JIT and database start-up.
  for (let i = 0; i < 5; i++)
    for (const page of PAGES) await getRaw(`${BASE}${page}`, signedIn(page) ? cookie : undefined);
  const rows = [];
  for (const page of PAGES) {
    const pageCookie = signedIn(page) ? cookie : undefined;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
    const metrics = { fcp: [], lcp: [], tbt: [], cls: [] };
    let scripts = null;
    for (let i = 0; i < RUNS; i++) {
      const report = await lighthouse(`${BASE}${page}`, pageCookie);
      if (REPORTS) {
        fs.mkdirSync(REPORTS, { recursive: true });
        const name = `${page.replace(/\W+/g, "_") || "_"}-${i + 1}.json`;
        fs.writeFileSync(path.join(REPORTS, name), JSON.stringify(report));
      }
      if (new URL(report.finalDisplayedUrl).pathname !== page)
        throw new Error(`${page} ended on ${report.finalDisplayedUrl} (signed out?)`);
      for (const c of CATEGORIES) {
        const score =
          c === "seo" && privatePage(page)
            ? scoreWithout(report, c, ["is-crawlable"])
            : (report.categories[c]?.score ?? 0);
        scores[c].push(Math.round(score * 100));
      }
      metrics.fcp.push(report.audits["first-contentful-paint"].numericValue);
      metrics.lcp.push(report.audits["largest-contentful-paint"].numericValue);
      metrics.tbt.push(report.audits["total-blocking-time"].numericValue);
      metrics.cls.push(report.audits["cumulative-layout-shift"].numericValue);
      scripts ??= scriptBytes(report).map((s) => s.url);
      process.stderr.write(".");
    }
    const row = {
      page,
      ...Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c])])),
      "JS KiB": Number((await scriptKiB(scripts, pageCookie)).toFixed(1)),
      "FCP ms": Math.round(median(metrics.fcp)),
      "LCP ms": Math.round(median(metrics.lcp)),
      "TBT ms": Math.round(median(metrics.tbt)),
      CLS: Number(median(metrics.cls).toFixed(3)),
    };
    const misses = [
      ...CATEGORIES.filter((c) => row[c] < budgetOf(page, c)),
      ...(row["JS KiB"] > BUDGETS.jsKiB ? ["JS"] : []),
      ...(row.CLS > BUDGETS.cls ? ["CLS"] : []),
    ];
    row.budgets = misses.length ? `FAIL (${misses.join(", ")})` : "PASS";
    rows.push(row);
  }
  process.stderr.write("\n");
  console.log(
    `Lighthouse ${RUNS}x per page, mobile, medians (${CHROME_PATH}); budgets: ${CARD_PAGE} 100 in every category, others performance >= ${BUDGETS.performance}, ` +
      `accessibility/best practices/SEO 100 (SEO without is-crawlable on private pages), JS <= ${BUDGETS.jsKiB} KiB gzip, CLS <= ${BUDGETS.cls}`,
  );
  console.table(rows);
  // The same table as Markdown, for docs/benchmarks.md.
  const keys = Object.keys(rows[0]);
  console.log(`| ${keys.join(" | ")} |\n|${keys.map(() => " --- ").join("|")}|`);
  for (const r of rows)
    console.log(`| ${keys.map((k) => (k === "page" ? `\`${r[k]}\`` : r[k])).join(" | ")} |`);
  for (const r of rows)
    record({
      bench: "lighthouse",
      figure: r.page,
      value: `${CATEGORIES.map((c) => r[c]).join(" / ")}, JS ${r["JS KiB"]} KiB, FCP ${r["FCP ms"]} ms, CLS ${r.CLS}`,
      budget: `${budgetOf(r.page, "performance")} / 100 / 100 / 100, JS <= ${BUDGETS.jsKiB} KiB, CLS <= ${BUDGETS.cls}`,
      pass: r.budgets === "PASS",
    });
  if (rows.some((r) => r.budgets !== "PASS")) process.exitCode = 1;
} finally {
  stop();
}
