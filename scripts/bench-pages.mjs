// Over 300 lines: one benchmark run, from start to its table, read top to bottom.
// npm run bench:pages: the budgets of the pages rendered for each request (issue 33, docs/benchmarks.md), against
// a reference measured in the same run.
// Starts the built app (pinned to core 1) on a fresh embedded database seeded with the scale data at its smallest
// (100 card pages, 100 orders, 2,000 prospects) and a company of its 100 people, signs in 8 customers (each with cards, orders and prospects of
// their own) and the admin twice through the app's own login forms, and measures, each page asked for as a browser
// asks (brotli accepted):
// - CPU per render of each page that shows stored data (/order-card, /cart) and each signed-in page, requested one
//   at a time, against its no-data reference measured just before it in the same round (the median of the rounds'
//   ratios): budget <= 3x. The shop's pages and the signed-in reference are compared with /forgot-password (no
//   session); the other signed-in pages with /dashboard/settings/integrations for a customer without webhooks
//   (a session and the dashboard's frame, no stored data; decision 031);
// - p99 of /order-card and /cart with one visitor at a time (`wrk -t1 -c1`, core 0: the page's own tail): budget
//   <= 50 ms; and with 10 visitors at once (`wrk -t1 -c10`: ten renders queued on one core): <= 200 ms (decision 034);
// - p99 with 10 signed-in users at once, each its own session, browsing a mix of dashboard (customers) and admin
//   pages (two admin sessions) one page after another: budget <= 250 ms;
// and, as references without a budget, the card page and the marketing pages (render-once) at 50 connections, and
// three of those pages rendered per request (what rendering once saves, decision 038).
// Exits 1 on a failure. Knobs: BENCH_DURATION (5s), BENCH_ROUNDS (3), BENCH_RENDERS (30), BENCH_BROWSE_SECONDS
// (20), BENCH_APP_PORT (3395), BENCH_CARD_SLUG (wc341), BENCH_VERBOSE=1, and DATABASE_URL (an empty PostgreSQL
// database, used instead of the embedded one).

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { appModuleLoader } from "./app-modules.mjs";
import {
  BROWSER_ACCEPT_ENCODING,
  BROWSER_UA,
  fetchFresh,
  wrk as loadTest,
  median,
  PROFILE_ARGS,
  percentile,
  pin,
  processCpuMs,
  productionEnv,
  SERVICE_NODE_ARGS,
  waitFor,
} from "./bench-load.mjs";
import { report } from "./bench-report.mjs";
import { buildIfStale, root } from "./build-if-stale.mjs";
import { announceNode } from "./node-version.mjs";

announceNode("bench:pages");

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3395);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = process.env.BENCH_DURATION ?? "5s";
const RENDERS = Number(process.env.BENCH_RENDERS ?? 30);
const BROWSE_SECONDS = Number(process.env.BENCH_BROWSE_SECONDS ?? 20);
const CARD = `/${process.env.BENCH_CARD_SLUG ?? "wc341"}?s=nfc`;
const UA = BROWSER_UA;
const base = `http://127.0.0.1:${APP_PORT}`;
const cores = os.cpus().length;

/** Rendered once and answered from memory: references, measured at 50 connections beside the card page. */
const MARKETING = ["/", "/pricing", "/features", "/about", "/faq", "/contact", "/privacy", "/terms"];
/** Shop pages that show stored data (the visitor's cart, the catalogue's stock): rendered per request. */
const SHOP = ["/order-card", "/cart"];
/** The company every bench customer runs (the scale seed's: one owner, the others admins, the rest members). */
const COMPANY = "scale-co";
/** What a customer opens, in the order of a visit; each customer starts at a different place in it. */
const CUSTOMER_VISIT = [
  "/dashboard",
  "/dashboard/links",
  "/dashboard/cards",
  "/dashboard",
  "/dashboard/resell",
  "/dashboard/cold-calling",
  "/dashboard/cold-calling/prospects",
  "/dashboard/contacts",
  "/dashboard/settings",
  "/dashboard/settings/billing",
  "/dashboard/settings/integrations",
  "/dashboard/companies",
  `/dashboard/company/${COMPANY}`,
  `/dashboard/company/${COMPANY}/people`,
  `/dashboard/company/${COMPANY}/cards`,
  `/dashboard/company/${COMPANY}/contacts`,
  `/dashboard/company/${COMPANY}/analytics`,
  `/dashboard/company/${COMPANY}/order-cards`,
  `/dashboard/company/${COMPANY}/template`,
  `/dashboard/company/${COMPANY}/integrations`,
  `/dashboard/company/${COMPANY}/log`,
];
/** What an admin opens, in the same way. */
const ADMIN_VISIT = [
  "/admin-dashboard/orders",
  "/admin-dashboard/cards",
  "/admin-dashboard/orders",
  "/admin-dashboard/earnings",
  "/admin-dashboard/referrers",
  "/admin-dashboard/commissions",
  "/admin-dashboard/leads",
  "/admin-dashboard/fulfilment",
];
const SIGNED_IN = [...new Set([...CUSTOMER_VISIT, ...ADMIN_VISIT])];
/** Rendered on every request with no stored data and no session: what React Router and React cost alone. */
const REFERENCE = "/forgot-password";
/**
 * A signed-in page that shows no stored data (the scale customer has no webhooks): what a session and the
 * dashboard's frame cost. The reference of the other signed-in pages; itself held to REFERENCE (decision 031).
 */
const SIGNED_IN_REFERENCE = "/dashboard/settings/integrations";
/** The no-data page a page's CPU per render is compared with. */
const referenceOf = (target) =>
  SIGNED_IN.includes(target) && target !== SIGNED_IN_REFERENCE ? SIGNED_IN_REFERENCE : REFERENCE;
const CUSTOMERS = 8;
const ADMIN_SESSIONS = 2;
const RENDER_BUDGET = 3;
const SHOP_ALONE_P99_MS = 50;
const SHOP_P99_MS = 200;
const SIGNED_IN_P99_MS = 250;

const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));
const children = [];
process.on("exit", () => {
  for (const child of children) child.kill("SIGTERM");
  fs.rmSync(work, { recursive: true, force: true });
});
process.on("SIGINT", () => process.exit(130));

const wrk = (target, options = {}) => loadTest(`${base}${target}`, DURATION, options);

const ADMIN = { email: "admin@bench.example", password: "bench-admin-password" };
const CUSTOMER_PASSWORD = "bench-customer-password";

buildIfStale();

// The signed-in customers: the scale seed at its smallest, written before the app opens the database. The scale
// customer (2,000 prospects) is left with 3 of its 50 cards (10 links each), as a customer of a small business
// has; 7 other seeded customers get a password too. The admin lists see all 100 cards and orders.
const customerEmails = [];
{
  const loader = await appModuleLoader();
  try {
    const { openDatabase } = await loader.load("app/server/platform/db.server.ts");
    const { hashEditPassword } = await loader.load("app/server/cards/edit-passwords.server.ts");
    const seed = await loader.load("app/server/platform/scale-seed.server.ts");
    const database = await openDatabase({
      // The app's own database: the embedded one, or PostgreSQL when DATABASE_URL is set.
      databaseUrl: process.env.DATABASE_URL,
      dataDir: path.join(work, "data"),
      migrationsFolder: path.join(root, "drizzle"),
    });
    try {
      const small = {
        cards: 100,
        linksPerCard: 10,
        customers: 100,
        orders: 100,
        otherProspects: 0,
        companyMembers: 100,
      };
      const hash = await hashPassword(CUSTOMER_PASSWORD);
      await seed.seedScale(database.db, small, await hashEditPassword("bench-card-password"), {
        customerPasswordHash: hash,
      });
      await database.db.execute(
        sql`update card_pages set owner_user_id = 'scale-user-1' where owner_user_id = ${seed.SCALE_CUSTOMER.id}
          and slug not in ('scale-2', 'scale-4', 'scale-6')`,
      );
      for (let n = 1; n < CUSTOMERS; n++)
        await database.db.execute(
          sql`insert into accounts (id, account_id, provider_id, user_id, password)
            values (${`bench-credential-${n}`}, ${`scale-user-${n}`}, 'credential', ${`scale-user-${n}`}, ${hash})`,
        );
      // The seed's company of its 100 people (each with a company card, a chip, contacts and a line in the log):
      // the scale customer owns it, and the other bench customers are its admins.
      await database.db.execute(
        sql`update members set role = 'admin' where organization_id = ${seed.SCALE_COMPANY.id}
          and user_id in (select 'scale-user-' || n from generate_series(1, ${CUSTOMERS - 1}::int) n)`,
      );
      customerEmails.push(seed.SCALE_CUSTOMER.email);
      for (let n = 1; n < CUSTOMERS; n++) customerEmails.push(`customer${n}@scale.example`);
    } finally {
      await database.close();
    }
  } finally {
    await loader.close();
  }
}

// The production configuration on the embedded database, with the service file's Node flags (as deployed).
const [appCmd, appArgs] = pin(1, process.execPath, [
  ...SERVICE_NODE_ARGS,
  ...PROFILE_ARGS,
  path.join(root, "server.mjs"),
]);
const app = spawn(appCmd, appArgs, {
  cwd: root,
  env: {
    ...process.env,
    ...productionEnv(),
    DATA_DIR: path.join(work, "data"),
    PORT: String(APP_PORT),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    LOG_LEVEL: "warn",
    // Each page says where its time went (db, render), as in development.
    SERVER_TIMING: "1",
    // The sample card (wc341) is a reference.
    DEMO_DATA: "1",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  },
  stdio: ["ignore", process.env.BENCH_VERBOSE ? "inherit" : "ignore", "inherit"],
});
children.push(app);
await waitFor(`${base}/healthz`);
const appStarted = Date.now();

/** Sends a login form as a browser would and returns the session's Cookie header. */
async function signIn(formPath, email, password) {
  const res = await fetch(`${base}${formPath}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "User-Agent": UA },
    body: new URLSearchParams({ email, password }),
  });
  // The session only: the toast of a successful login is shown once, and would make every request show it again.
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.startsWith("toast="));
  if (res.status !== 302 || cookies.length === 0)
    throw new Error(`signing in at ${formPath} answered ${res.status} without a session`);
  return cookies.join("; ");
}
/** The 10 signed-in users: each its own session, and the pages it browses. */
const users = [];
for (const email of customerEmails)
  users.push({ cookie: await signIn("/login", email, CUSTOMER_PASSWORD), visit: CUSTOMER_VISIT });
for (let i = 0; i < ADMIN_SESSIONS; i++)
  users.push({ cookie: await signIn("/admin-login", ADMIN.email, ADMIN.password), visit: ADMIN_VISIT });
const customerCookie = users[0].cookie;
const adminCookie = users.at(-1).cookie;
const cookieOf = (target) =>
  target.startsWith("/admin-dashboard")
    ? adminCookie
    : target.startsWith("/dashboard")
      ? customerCookie
      : undefined;

// The shop at rest: the first housekeeping round (30 s after start) queues the seeded customers' weekly digests.
// The runs begin once that round has run and the outbox is empty, so that no e-mail is sent while they run.
await new Promise((r) => setTimeout(r, Math.max(0, appStarted + 32_000 - Date.now())));
for (let i = 0; ; i++) {
  const health = await (await fetch(`${base}/healthz`)).json();
  if (health.outbox?.pending === 0) break;
  if (i === 600) throw new Error(`the outbox still holds ${health.outbox?.pending} e-mails after 60 s`);
  await new Promise((r) => setTimeout(r, 100));
}

/** Each page's Server-Timing (db and render, ms) as the app reported it: where a slow page spends its time. */
const serverTimings = new Map();

/** One request, as a browser sends it (brotli accepted); resolves to its status once the whole answer is in. */
async function get(target, cookie) {
  const res = await fetchFresh(`${base}${target}`, {
    headers: {
      "User-Agent": UA,
      "Accept-Encoding": BROWSER_ACCEPT_ENCODING,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    redirect: "manual",
  });
  await res.arrayBuffer();
  const timing = res.headers.get("server-timing");
  if (timing) {
    const page = target.split("?render=")[0];
    const runs = serverTimings.get(page) ?? serverTimings.set(page, { db: [], render: [] }).get(page);
    for (const [, name, ms] of timing.matchAll(/(db|render);dur=([\d.]+)/g)) runs[name].push(Number(ms));
  }
  return res.status;
}

const rendered = [...SHOP, ...SIGNED_IN];
for (const target of [CARD, ...MARKETING, REFERENCE, ...rendered]) {
  const status = await get(target, cookieOf(target));
  if (status !== 200) throw new Error(`${target} answered ${status}`);
}
// Unrecorded runs first, so that nothing is measured while the JIT is still warming up.
for (const target of [CARD, ...MARKETING]) loadTest(`${base}${target}`, "2s");
for (const target of [REFERENCE, ...rendered])
  for (let i = 0; i < 10; i++) await get(target, cookieOf(target));

// --- CPU per render: one request at a time, each to an address not asked before (a query string the page
// ignores), so that no cache answers it; the page's reference measured right before each page, so that each ratio
// compares two runs a second apart rather than runs a minute apart on a machine whose speed drifts. ---
/** Renders `target` RENDERS times one at a time; the process's CPU per render, in ms. */
async function cpuOf(target, label) {
  const before = processCpuMs(app.pid);
  for (let i = 0; i < RENDERS; i++) {
    const status = await get(`${target}?render=${label}-${i}`, cookieOf(target));
    if (status !== 200) throw new Error(`${target}?render=${label}-${i} answered ${status}`);
  }
  return (processCpuMs(app.pid) - before) / RENDERS;
}
const cpuRuns = new Map(rendered.map((t) => [t, []]));
/** Each reference's CPU per render, as measured before each page it is the reference of. */
const referenceCpuRuns = new Map([REFERENCE, SIGNED_IN_REFERENCE].map((t) => [t, []]));
/** Each page's CPU per render over its reference's measured just before it, one per round. */
const ratioRuns = new Map(rendered.map((t) => [t, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [n, target] of rendered.entries()) {
    const referenceTarget = referenceOf(target);
    const reference = await cpuOf(referenceTarget, `${round}-${n}`);
    const cpu = await cpuOf(target, round);
    referenceCpuRuns.get(referenceTarget).push(reference);
    cpuRuns.get(target).push(cpu);
    ratioRuns.get(target).push(cpu / reference);
  }
  console.log(`CPU per render, round ${round + 1} of ${ROUNDS}: done`);
}
const cpuPerRender = (target) => median(cpuRuns.get(target));
const referenceCpu = (target) => median(referenceCpuRuns.get(target));
console.log("\nServer-Timing of each page rendered per request, median ms: db / render");
for (const [page, runs] of serverTimings)
  if (runs.db.length)
    console.log(`  ${page}: ${median(runs.db).toFixed(1)} / ${median(runs.render).toFixed(1)}`);

// --- the shop's pages with 10 visitors at once, and one at a time (the page's own tail, no queue) ---
const shopRuns = new Map(SHOP.map((t) => [t, []]));
const shopAloneRuns = new Map(SHOP.map((t) => [t, []]));
for (let round = 0; round < ROUNDS; round++)
  for (const target of SHOP) {
    shopRuns.get(target).push(wrk(target, { connections: 10, acceptEncoding: BROWSER_ACCEPT_ENCODING }));
    shopAloneRuns.get(target).push(wrk(target, { connections: 1, acceptEncoding: BROWSER_ACCEPT_ENCODING }));
  }

console.log("10 shop visitors: done");

// --- 10 signed-in users at once, each browsing its own pages one after another ---
const timings = [];
let browseErrors = 0;
const browseUntil = Date.now() + BROWSE_SECONDS * 1000;
await Promise.all(
  users.map(async (user, u) => {
    for (let i = u; Date.now() < browseUntil; i++) {
      const target = user.visit[i % user.visit.length];
      const started = performance.now();
      const status = await get(target, user.cookie).catch(() => 0);
      timings.push({ target, ms: performance.now() - started });
      if (status !== 200) browseErrors++;
    }
  }),
);
const browseP99 = percentile(
  timings.map((t) => t.ms),
  0.99,
);

// --- references: the card page and the render-once marketing pages at 50 connections ---
const referenceRuns = new Map([CARD, ...MARKETING].map((t) => [t, wrk(t)]));
// What rendering them once saves (decision 038): the same pages rendered for each request, as a visitor with any
// cookie but the referral one gets them.
const RENDERED_EACH_TIME = ["/", "/pricing", "/login"];
const perRequestRuns = new Map(
  RENDERED_EACH_TIME.map((t) => [
    t,
    {
      once: t === "/login" ? wrk(t) : referenceRuns.get(t),
      each: wrk(t, { headers: ["Cookie: visitor=1"] }),
    },
  ]),
);

console.log(
  `\nbench:pages on Node ${process.version} (${cores} cores, app on core 1 with ${SERVICE_NODE_ARGS.join(" ")}, wrk on core 0; CPU per render: median of ${ROUNDS} rounds of ${RENDERS} requests one at a time)`,
);
const card = referenceRuns.get(CARD);
console.log(
  `reference: card page ${CARD} ${card.rps.toFixed(0)} req/s, p99 ${card.p99.toFixed(1)} ms at 50 connections`,
);
for (const target of MARKETING) {
  const r = referenceRuns.get(target);
  console.log(
    `reference: ${target.padEnd(12)} ${r.rps.toFixed(0).padStart(7)} req/s, p99 ${r.p99.toFixed(1)} ms at 50 connections`,
  );
}
for (const [target, { once, each }] of perRequestRuns)
  console.log(
    `reference: ${target.padEnd(12)} rendered once ${once.rps.toFixed(0)} req/s, p99 ${once.p99.toFixed(1)} ms; rendered per request ${each.rps.toFixed(0)} req/s, p99 ${each.p99.toFixed(1)} ms (50 connections)`,
  );
/** The median of one figure (p99, rps) over a page's wrk runs. */
const medianOf = (runs, figure) => median(runs.map((r) => r[figure]));
const results = [];
for (const target of rendered) {
  const cpu = cpuPerRender(target);
  const ratio = median(ratioRuns.get(target));
  results.push({
    figure: `CPU per render of ${target}`,
    value: `${cpu.toFixed(2)} ms (${ratio.toFixed(2)}x: median of ${ROUNDS} rounds, each against the reference just before)`,
    budget: `<= ${RENDER_BUDGET}x ${referenceOf(target)}`,
    baseline: `${referenceOf(target)} ${referenceCpu(referenceOf(target)).toFixed(2)} ms (median)`,
    pass: ratio <= RENDER_BUDGET,
  });
}
/** One p99 budget line of a shop page: the median of its runs' p99, and no failed request. */
const shopP99 = (target, runs, visitors, budgetMs) => {
  const p99 = medianOf(runs, "p99");
  const failures = runs.reduce((n, r) => n + r.timeouts + r.socketErrors + r.non2xx, 0);
  return {
    figure: `p99 of ${target}, ${visitors} (wrk -d${DURATION}, median of ${ROUNDS})`,
    value: `${p99.toFixed(1)} ms, ${medianOf(runs, "rps").toFixed(0)} req/s, ${failures} failed`,
    budget: `<= ${budgetMs} ms, none failed`,
    baseline: `card page ${card.p99.toFixed(1)} ms at 50 connections`,
    pass: p99 <= budgetMs && failures === 0,
  };
};
for (const target of SHOP) {
  results.push(shopP99(target, shopAloneRuns.get(target), "one visitor at a time, -c1", SHOP_ALONE_P99_MS));
  results.push(shopP99(target, shopRuns.get(target), "10 visitors at once, -c10", SHOP_P99_MS));
}
results.push({
  figure: `p99 of 10 signed-in users at once (${CUSTOMERS} customers, ${ADMIN_SESSIONS} admin sessions, ${BROWSE_SECONDS} s)`,
  value: `${browseP99.toFixed(1)} ms over ${timings.length} pages, ${browseErrors} failed`,
  budget: `<= ${SIGNED_IN_P99_MS} ms, none failed`,
  baseline: `${SIGNED_IN_REFERENCE} ${referenceCpu(SIGNED_IN_REFERENCE).toFixed(2)} ms of CPU per render`,
  pass: browseP99 <= SIGNED_IN_P99_MS && browseErrors === 0,
});
for (const [target, { once, each }] of perRequestRuns)
  results.push({
    figure: `${target} rendered once vs per request, 50 connections (reference, decision 038)`,
    value: `${once.rps.toFixed(0)} vs ${each.rps.toFixed(0)} req/s, p99 ${once.p99.toFixed(1)} vs ${each.p99.toFixed(1)} ms`,
    budget: "reference",
    baseline: `card page ${card.rps.toFixed(0)} req/s`,
    pass: true,
  });
console.log("");
for (const r of results) report({ bench: "pages", ...r });
console.log("\nsigned-in pages while 10 users browse: median / p99 ms");
for (const target of SIGNED_IN) {
  const ms = timings.filter((t) => t.target === target).map((t) => t.ms);
  if (ms.length)
    console.log(
      `  ${target.padEnd(36)} ${median(ms).toFixed(1).padStart(7)} ${percentile(ms, 0.99).toFixed(1).padStart(7)}  (${ms.length})`,
    );
}
// Exit explicitly: the server started above keeps the event loop alive, and "exit" stops it.
process.exit(results.every((r) => r.pass) ? 0 : 1);
