// npm run bench:pages: throughput of the site's pages under load, as ratios to the card page in the same run.
// Starts the built app (pinned to core 1) on a fresh embedded database and runs `wrk -t1 -c50` (core 0) against
// the seeded card page (the baseline, answered from its in-memory cache) and each page of each group, alternating
// so all of them see the same machine noise: marketing, shop and login pages as an anonymous visitor without a
// cart; dashboard pages signed in as a seeded customer with 50 cards (the scale seed at its smallest) and admin
// pages as the admin, each signed in once through the app's own login forms. Prints req/s, the ratio to the card
// page, p99 and time-outs per page, and PASS/FAIL against each group's budget; for signed-in pages, which are
// answered from memory while the database is unchanged, also the CPU of a render. Exits 1 on a failure. Knobs:
// BENCH_DURATION (5s), BENCH_ROUNDS (3), BENCH_APP_PORT (3395), BENCH_CARD_SLUG (wc341), BENCH_GROUPS
// (marketing,shop,signed-in), BENCH_VERBOSE=1, and DATABASE_URL (an empty PostgreSQL database, used instead of
// the embedded one).

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { appModuleLoader } from "./app-modules.mjs";
import {
  BROWSER_UA,
  fetchFresh,
  wrk as loadTest,
  median,
  PROFILE_ARGS,
  pin,
  processCpuMs,
  productionEnv,
  waitFor,
} from "./bench-load.mjs";
import { record } from "./bench-report.mjs";
import { buildIfStale, root } from "./build-if-stale.mjs";

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3395);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = process.env.BENCH_DURATION ?? "5s";
const CARD = `/${process.env.BENCH_CARD_SLUG ?? "wc341"}?s=nfc`;
const UA = BROWSER_UA;
const base = `http://127.0.0.1:${APP_PORT}`;
const cores = os.cpus().length;

/** Budgets as ratios to the card page's throughput (docs/benchmarks.md). */
const GROUPS = {
  marketing: {
    title: "marketing and help pages",
    minRatio: 0.5,
    maxP99: null,
    paths: [
      "/",
      "/pricing",
      "/features",
      "/about",
      "/faq",
      "/contact",
      "/socials",
      "/privacy",
      "/terms",
      "/compatibility",
      "/safety",
      "/returns",
    ],
  },
  shop: {
    title: "shop and login pages",
    minRatio: 1 / 20,
    maxP99: 100,
    paths: ["/order-card", "/cart", "/update-links", "/login", "/register"],
  },
  "signed-in": {
    title: "signed-in dashboard and admin pages",
    minRatio: 1 / 40,
    maxP99: 200,
    paths: [
      "/dashboard",
      "/dashboard/links",
      "/dashboard/cards",
      "/dashboard/resell",
      "/dashboard/cold-calling",
      "/admin-dashboard/orders",
      "/admin-dashboard/cards",
    ],
    // Rendered on every request with no stored data and no session: what React Router and React cost alone.
    reference: "/forgot-password",
  },
};
const groups = (process.env.BENCH_GROUPS ?? "marketing,shop,signed-in").split(",").map((name) => {
  if (!GROUPS[name]) throw new Error(`unknown group ${name}; known: ${Object.keys(GROUPS).join(", ")}`);
  return { name, ...GROUPS[name] };
});

const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));
const children = [];
process.on("exit", () => {
  for (const child of children) child.kill("SIGTERM");
  fs.rmSync(work, { recursive: true, force: true });
});
process.on("SIGINT", () => process.exit(130));

/** Request headers per target: the session cookie of whoever the page is for. */
const headersOf = new Map();
const wrk = (target, duration = DURATION) =>
  loadTest(`${base}${target}`, duration, { headers: headersOf.get(target) });

const ADMIN = { email: "admin@bench.example", password: "bench-admin-password" };
const CUSTOMER_PASSWORD = "bench-customer-password";
const signedIn = groups.some((g) => g.name === "signed-in");

buildIfStale();

// The customer of the signed-in pages: the scale seed at its smallest (100 card pages, 100 orders, 2,000 of this
// customer's prospects), written before the app opens the database, and then left with 3 of its 50 cards (10
// links each), as a customer of a small business has; the admin lists see all 100 cards and orders.
let scaleCustomerEmail;
if (signedIn) {
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
      const small = { cards: 100, linksPerCard: 10, customers: 100, orders: 100, otherProspects: 0 };
      await seed.seedScale(database.db, small, await hashEditPassword("bench-card-password"), {
        customerPasswordHash: await hashPassword(CUSTOMER_PASSWORD),
      });
      await database.db.execute(
        sql`update card_pages set owner_user_id = 'scale-user-1' where owner_user_id = ${seed.SCALE_CUSTOMER.id}
          and slug not in ('scale-2', 'scale-4', 'scale-6')`,
      );
      scaleCustomerEmail = seed.SCALE_CUSTOMER.email;
    } finally {
      await database.close();
    }
  } finally {
    await loader.close();
  }
}

// The production configuration, as `npm start` would run it on the embedded database.
const [appCmd, appArgs] = pin(1, process.execPath, [...PROFILE_ARGS, path.join(root, "server.mjs")]);
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
    // The sample card (wc341) is the baseline.
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
  return `Cookie: ${cookies.join("; ")}`;
}
if (signedIn) {
  const customer = await signIn("/login", scaleCustomerEmail, CUSTOMER_PASSWORD);
  const admin = await signIn("/admin-login", ADMIN.email, ADMIN.password);
  for (const target of GROUPS["signed-in"].paths)
    headersOf.set(target, [target.startsWith("/admin-dashboard") ? admin : customer]);
}

// The shop at rest: the first housekeeping round (30 s after start) queues the seeded customers' weekly digests,
// and each e-mail sent is a write that a signed-in page must be rendered again for. The runs begin once that
// round has run and the outbox is empty.
await new Promise((r) => setTimeout(r, Math.max(0, appStarted + 32_000 - Date.now())));
for (let i = 0; ; i++) {
  const health = await (await fetch(`${base}/healthz`)).json();
  if (health.outbox?.pending === 0) break;
  if (i === 600) throw new Error(`the outbox still holds ${health.outbox?.pending} e-mails after 60 s`);
  await new Promise((r) => setTimeout(r, 100));
}

const targets = [CARD, ...groups.flatMap((g) => [...g.paths, ...(g.reference ? [g.reference] : [])])];
// The HTML's size as sent before compression: what the server renders, and the first thing that grows with a page.
const htmlBytes = new Map();
for (const target of targets) {
  const cookie = headersOf.get(target)?.[0]?.slice("Cookie: ".length);
  const res = await fetch(`${base}${target}`, {
    headers: { "User-Agent": UA, ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
  if (res.status !== 200) throw new Error(`${target} answered ${res.status}`);
  htmlBytes.set(target, (await res.arrayBuffer()).byteLength);
}
// One unrecorded run each, so that nothing is measured while the JIT is still warming up.
for (const target of targets) wrk(target, "2s");

const runs = new Map(targets.map((t) => [t, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const target of targets) {
    const cpuBefore = processCpuMs(app.pid);
    const run = wrk(target);
    runs.get(target).push({ ...run, cpuMs: (processCpuMs(app.pid) - cpuBefore) / run.requests });
  }
  console.log(`round ${round + 1}: card page ${runs.get(CARD)[round].rps.toFixed(0)} req/s`);
}

// What a signed-in page costs when it must be rendered (a first visit, or the first after any write): each request
// asks for an address not yet kept, with a query string the page ignores.
const RENDERS = 20;
const renderCpuMs = new Map();
if (signedIn) {
  for (const target of GROUPS["signed-in"].paths) {
    const cookie = headersOf.get(target)[0].slice("Cookie: ".length);
    const before = processCpuMs(app.pid);
    for (let i = 0; i < RENDERS; i++) {
      const res = await fetchFresh(`${base}${target}?render=${i}`, {
        headers: { "User-Agent": UA, "Accept-Encoding": "gzip", Cookie: cookie },
      });
      if (res.status !== 200) throw new Error(`${target}?render=${i} answered ${res.status}`);
      await res.arrayBuffer();
    }
    renderCpuMs.set(target, (processCpuMs(app.pid) - before) / RENDERS);
  }
}

const summary = (target) => {
  const rs = runs.get(target);
  return {
    rps: median(rs.map((r) => r.rps)),
    p99: median(rs.map((r) => r.p99)),
    cpuMs: median(rs.map((r) => r.cpuMs)),
    timeouts: rs.reduce((n, r) => n + r.timeouts, 0),
    non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
  };
};
const card = summary(CARD);
console.log(
  `\nbench:pages (${cores} cores, wrk -t1 -c50 -d${DURATION}, medians of ${ROUNDS}, app on core 1, wrk on core 0)`,
);
console.log(
  `baseline: card page ${CARD} ${card.rps.toFixed(0)} req/s, p99 ${card.p99.toFixed(1)} ms, time-outs ${card.timeouts}, CPU ${(card.cpuMs * 1000).toFixed(0)} µs per request`,
);
let ok = card.non2xx === 0;
for (const group of groups) {
  const budget = `>= 1/${Math.round(1 / group.minRatio)} of the card page${group.maxP99 ? `, p99 <= ${group.maxP99} ms` : ""}, no time-outs`;
  console.log(`\n${group.title} (budget ${budget})`);
  const rendered = group.name === "signed-in";
  console.log(
    `      page                       req/s   of card     p99 ms  time-outs   HTML KB  CPU ms/req${rendered ? "  CPU ms/render" : ""}`,
  );
  for (const target of group.paths) {
    const s = summary(target);
    const ratio = s.rps / card.rps;
    const pass =
      ratio >= group.minRatio &&
      (group.maxP99 === null || s.p99 <= group.maxP99) &&
      s.timeouts === 0 &&
      s.non2xx === 0;
    ok &&= pass;
    console.log(
      `${pass ? "PASS" : "FAIL"}  ${target.padEnd(25)} ${s.rps.toFixed(0).padStart(7)}  ${(ratio * 100).toFixed(1).padStart(6)}%  ${s.p99.toFixed(1).padStart(9)}  ${String(s.timeouts).padStart(9)}  ${(htmlBytes.get(target) / 1000).toFixed(1).padStart(8)}  ${s.cpuMs.toFixed(2).padStart(10)}${rendered ? renderCpuMs.get(target).toFixed(1).padStart(15) : ""}${s.non2xx ? `  (${s.non2xx} non-2xx)` : ""}`,
    );
    if (process.env.BENCH_RESULTS)
      record({
        bench: "pages",
        figure: `${group.title}: ${target}`,
        value: `${(ratio * 100).toFixed(1)}% of the card page, p99 ${s.p99.toFixed(1)} ms, ${s.timeouts} time-outs`,
        budget,
        baseline: `card page ${card.rps.toFixed(0)} req/s`,
        pass,
      });
  }
  if (group.reference) {
    const s = summary(group.reference);
    console.log(
      `ref.  ${group.reference.padEnd(25)} ${s.rps.toFixed(0).padStart(7)}  ${((s.rps / card.rps) * 100).toFixed(1).padStart(6)}%  ${s.p99.toFixed(1).padStart(9)}  ${String(s.timeouts).padStart(9)}  ${(htmlBytes.get(group.reference) / 1000).toFixed(1).padStart(8)}  ${s.cpuMs.toFixed(2).padStart(10)}  (no data, no session: the framework's own cost)`,
    );
  }
}
// Exit explicitly: the server started above keeps the event loop alive, and "exit" stops it.
process.exit(ok ? 0 : 1);
