// npm run bench:writes: writes under load, through real HTTP against the built app, on the embedded database and
// on PostgreSQL side by side. (1) 20 customers at once each put a card in a cart, give a delivery address and
// place a bank-transfer order: p50 and p95 of placing the order, errors (budget: none), and every order whole in
// the database. (2) A burst of 10,000 card views in 10 s from a worker thread: every view counted, and the card
// page's p95 during the burst, timed by a second client 20 times a second, against the same page at rest
// (printed). Each customer is a visitor of its own address (TRUST_PROXY=1).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { appModuleLoader } from "./app-modules.mjs";
import { percentile } from "./bench-load.mjs";
import { report } from "./bench-report.mjs";
import { buildIfStale, root } from "./build-if-stale.mjs";
import { announceNode } from "./node-version.mjs";

announceNode("bench:writes");

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20);
const VIEWS = Number(process.env.BENCH_VIEWS ?? 10_000);
const VIEW_SECONDS = 10;
const UA =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Mobile Safari/537.36";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-writes-"));
const children = [];
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
  fs.rmSync(work, { recursive: true, force: true });
});

const ms = (x) => `${x.toFixed(1)} ms`;

async function startApp(name, port, env) {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, "server.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: path.join(work, name),
      TRUST_PROXY: "1",
      DEMO_DATA: "1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  for (let i = 0; ; i++) {
    if (
      (await fetch(`${base}/healthz`)
        .then((r) => r.status)
        .catch(() => 0)) === 200
    )
      break;
    if (i > 600 || child.exitCode !== null) throw new Error(`${name} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { name, base, child };
}

/** One customer, from an empty cart to a placed bank-transfer order; returns the time of placing the order. */
async function customer(app, n) {
  const address = `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  let cookie = "";
  const post = async (pathname, fields) => {
    const response = await fetch(`${app.base}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: app.base, "User-Agent": UA, "X-Forwarded-For": address, Cookie: cookie },
      body: new URLSearchParams(fields),
    });
    const set = response.headers.getSetCookie().map((c) => c.split(";")[0]);
    if (set.length) cookie = [...new Set([...cookie.split("; ").filter(Boolean), ...set])].join("; ");
    await response.arrayBuffer();
    return response;
  };
  const added = await post("/order-card", {
    intent: "add-card",
    type: "one-link",
    "links[0].platform": "website",
    "links[0].url": `https://customer-${n}.example`,
  });
  if (added.status !== 302) throw new Error(`add to cart answered ${added.status}`);
  const delivered = await post("/cart", {
    intent: "delivery",
    fullName: `Load Customer ${n}`,
    email: `load-${n}-${Date.now()}@example.com`,
    phone: "+44 7700 900123",
    addressLine1: "1 Bench Street",
    city: "London",
    postalCode: "N1 1AA",
    country: "United Kingdom",
  });
  if (delivered.status !== 302) throw new Error(`delivery answered ${delivered.status}`);
  const started = performance.now();
  const placed = await post("/cart", { intent: "place-order", paymentMethod: "bank_transfer" });
  const took = performance.now() - started;
  const to = placed.headers.get("location") ?? "";
  if (placed.status !== 302 || !to.startsWith("/payment-success"))
    throw new Error(`place order answered ${placed.status}`);
  return took;
}

async function checkouts(app) {
  const outcomes = await Promise.allSettled(Array.from({ length: CUSTOMERS }, (_, n) => customer(app, n)));
  const times = outcomes.filter((o) => o.status === "fulfilled").map((o) => o.value);
  const errors = outcomes
    .filter((o) => o.status === "rejected")
    .map((o) => String(o.reason?.message ?? o.reason));
  return { times, errors };
}

/**
 * The card page as a visitor meets it: one request every 50 ms for `seconds`, each timed; returns the times, how
 * many were sent and how many were not answered 200.
 */
async function probe(app, seconds) {
  const times = [];
  let bad = 0;
  const requests = [];
  const started = performance.now();
  for (let i = 0; i < seconds * 20; i++) {
    const wait = started + i * 50 - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const t = performance.now();
    requests.push(
      fetch(`${app.base}/wc341?s=nfc`, { headers: { "User-Agent": UA } })
        .then(async (r) => {
          await r.arrayBuffer();
          if (r.status !== 200) bad++;
          times.push(performance.now() - t);
        })
        .catch(() => {
          bad++;
        }),
    );
  }
  await Promise.all(requests);
  return { times, bad, sent: requests.length };
}

/** `total` views of the card page in `seconds`, sent from a worker thread (scripts/bench-view-burst.mjs). */
function burst(app, total, seconds) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./bench-view-burst.mjs", import.meta.url), {
      workerData: { url: `${app.base}/wc341?s=nfc`, total, seconds, userAgent: UA },
    });
    worker.once("message", resolve);
    worker.once("error", reject);
    // Settled already when it answered; otherwise it stopped without a word.
    worker.once("exit", (code) => reject(new Error(`the view burst stopped with exit code ${code}`)));
  });
}

buildIfStale();
const loader = await appModuleLoader();
const { startPostgres } = await loader.load("tests/support/postgres-server.ts");
const postgres = await startPostgres();
const pg = (await import("pg")).default;
const adminClient = new pg.Client({ connectionString: postgres.url("postgres") });
await adminClient.connect();
await adminClient.query("create database writes");
await adminClient.end();

let failed = false;
try {
  const apps = [
    await startApp("embedded", Number(process.env.BENCH_APP_PORT ?? 3396), {}),
    await startApp("postgres", Number(process.env.BENCH_APP_PORT2 ?? 3397), {
      DATABASE_URL: postgres.url("writes"),
    }),
  ];
  console.log(
    `bench:writes (${os.cpus().length} cores, ${CUSTOMERS} customers at once, ${VIEWS} views in ${VIEW_SECONDS} s)`,
  );
  for (const app of apps) {
    const { times, errors } = await checkouts(app);
    report({
      bench: "writes",
      figure: `${app.name}: place order, ${CUSTOMERS} customers at once, p50 / p95`,
      value: times.length ? `${ms(percentile(times, 0.5))} / ${ms(percentile(times, 0.95))}` : "none placed",
      pass: true,
    });
    report({
      bench: "writes",
      figure: `${app.name}: checkout errors`,
      value: errors.length ? `${errors.length}: ${[...new Set(errors)].join("; ")}` : "none",
      budget: "none",
      pass: errors.length === 0,
    });

    // A burst of views from one client, and the card page timed by another, at rest and during the burst.
    const warmUp = await burst(app, 500, 5);
    const atRest = await probe(app, 5);
    const [load, during] = await Promise.all([burst(app, VIEWS, VIEW_SECONDS), probe(app, VIEW_SECONDS)]);
    // Stopped, the server writes what it still holds; then the database is read on its own.
    const stored = await storedFigures(app);
    report({
      bench: "writes",
      figure: `${app.name}: card page p95 during ${VIEWS} views in ${VIEW_SECONDS} s (timed 20 times a second)`,
      value: `${ms(percentile(during.times, 0.95))}, views sent late by ${ms(percentile(load.late, 0.95))} (p95)`,
      baseline: `at rest: ${ms(percentile(atRest.times, 0.95))}`,
      pass: warmUp.bad + load.bad + atRest.bad + during.bad === 0,
    });
    const expected = 500 + VIEWS + atRest.sent + during.sent;
    report({
      bench: "writes",
      figure: `${app.name}: views counted`,
      value: `${stored.views} of ${expected}`,
      budget: "every one",
      pass: stored.views === expected,
    });
    report({
      bench: "writes",
      figure: `${app.name}: orders stored whole (items, totals, number)`,
      value: `${stored.whole} of ${stored.orders} stored, ${times.length} answered`,
      budget: "every answered order, whole",
      pass: stored.whole === stored.orders && stored.orders === times.length,
    });
  }
} catch (error) {
  console.error(error?.stack ?? String(error));
  failed = true;
} finally {
  for (const child of children) child.kill("SIGTERM");
  postgres.stop();
  await loader.close();
}
process.exit(failed ? 1 : (process.exitCode ?? 0));

/** Stops the app (it writes the views it holds) and reads the orders and views from its database. */
async function storedFigures(app) {
  app.child.kill("SIGTERM");
  await new Promise((r) => (app.child.exitCode === null ? app.child.once("exit", r) : r()));
  const { openDatabase } = await loader.load("app/server/platform/db.server.ts");
  const { sql } = await import("drizzle-orm");
  const handle = await openDatabase({
    databaseUrl: app.name === "postgres" ? postgres.url("writes") : undefined,
    dataDir: path.join(work, app.name),
    migrationsFolder: path.join(root, "drizzle"),
  });
  try {
    const one = async (q) => Number(Object.values((await handle.db.execute(sql.raw(q))).rows[0])[0]);
    return {
      orders: await one("select count(*) from orders where customer_email like 'load-%'"),
      whole: await one(`select count(*) from orders o where customer_email like 'load-%'
        and total = subtotal + delivery_fee - discount and order_number ~ '^WC[0-9]{6}$'
        and exists (select 1 from order_items i where i.order_id = o.id)`),
      views: await one(`select coalesce(sum(v.count), 0) from card_views_daily v
        join card_pages c on c.id = v.card_page_id where c.slug = 'wc341' and v.source = 'nfc'`),
    };
  } finally {
    await handle.close();
  }
}
