// npm run bench:memory: the resident memory of one app process, and where it goes. Starts the built app in
// production mode with scripts/memory-probe.mjs preloaded, on a fresh embedded database (first start, then a
// restart) and on a throw-away PostgreSQL, and drives each through rounds of load: the seeded card page at 200
// connections and at 50, then the home, shop and login pages at 50 and /order-card at 10. Prints the resident
// memory (from /proc, as `top` shows it) idle after the start and after each round, the V8 heap after a full
// collection, the embedded database's WebAssembly memory, sharp's cache and the rest (native allocations, the
// code of Node and its libraries).
// Budgets (docs/benchmarks.md, memory): <= 300 MB idle after a start, the first one included, and <= 450 MB
// after three rounds, on either database (decisions 032, 035); the heap after a full collection does not grow
// from the second round to the third.
// Knobs: BENCH_MEMORY_DATABASES (embedded,postgres), BENCH_ROUNDS (3), BENCH_CARD_DURATION (20s),
// BENCH_PAGE_DURATION (5s), BENCH_APP_PORT (3398; the probe listens on the next port), BENCH_NODE_ARGS,
// BENCH_VERBOSE=1.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { appModuleLoader } from "./app-modules.mjs";
import {
  loadRound,
  PROBE_ARGS,
  productionEnv,
  residentBytes,
  SERVICE_NODE_ARGS,
  settledAppMemory,
} from "./bench-load.mjs";
import { record } from "./bench-report.mjs";
import { buildIfStale } from "./build-if-stale.mjs";
import { announceNode } from "./node-version.mjs";

announceNode("bench:memory");

const MB = 1024 * 1024;
const PORT = Number(process.env.BENCH_APP_PORT ?? 3398);
const PROBE_PORT = PORT + 1;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CARD_DURATION = process.env.BENCH_CARD_DURATION ?? "20s";
const PAGE_DURATION = process.env.BENCH_PAGE_DURATION ?? "5s";
const DATABASES = (process.env.BENCH_MEMORY_DATABASES ?? "embedded,postgres").split(",");
/** Extra arguments for Node, to try a V8 or allocator setting (e.g. BENCH_NODE_ARGS="--max-semi-space-size=8"). */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
const APP_ARGS = [...SERVICE_NODE_ARGS, ...NODE_ARGS, ...PROBE_ARGS, "server.mjs"];
/** Growth of the heap after a full collection from round 2 to round 3 that counts as a leak (see the doc). */
const HEAP_GROWTH_TOLERANCE = 4 * MB;
/** A shop runs on a 1 GB server: the same budget on either database, under a 192 MB heap limit (decision 035). */
const BUDGET = { idle: 300 * MB, loaded: 450 * MB };

const TARGETS = [
  { path: "/wc341", connections: 200, duration: CARD_DURATION },
  { path: "/wc341", connections: 50, duration: CARD_DURATION },
  ...["/", "/order-card", "/cart", "/update-links", "/login"].map((p) => ({
    path: p,
    connections: 50,
    duration: PAGE_DURATION,
  })),
  // A shop page as visitors meet it: ten at once (decision 034).
  { path: "/order-card", connections: 10, duration: PAGE_DURATION },
];

const mb = (bytes) => (bytes == null ? "-" : `${(bytes / MB).toFixed(0)} MB`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-memory-"));
process.on("exit", () => fs.rmSync(work, { recursive: true, force: true }));

buildIfStale();
const loader = await appModuleLoader();
const { startApp } = await loader.load("tests/support/app-server.ts");
const { startPostgres } = await loader.load("tests/support/postgres-server.ts");

const rows = [];
const verdicts = [];

/** The production configuration, as `npm start` runs it, with the demo card (wc341). */
function appEnv(extra) {
  return {
    ...productionEnv(),
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    DEMO_DATA: "1",
    MEMORY_PROBE_PORT: String(PROBE_PORT),
    ...extra,
  };
}

/** Resident memory once it has settled: two readings a second apart within 1 MB (at most 15 s). */
async function settledResident(pid) {
  let last = residentBytes(pid);
  for (let i = 0; i < 15; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = residentBytes(pid);
    if (Math.abs(now - last) < MB) return now;
    last = now;
  }
  return last;
}

/** One line of the breakdown: resident memory from outside, then the probe's figures once the heap settled. */
async function measure(database, moment, resident) {
  const m = await settledAppMemory(PROBE_PORT);
  const heap = m.heapPhysical;
  const rest = m.rss - heap - (m.wasm ?? 0) - m.arrayBuffers;
  const row = {
    database,
    moment,
    resident,
    afterGc: m.rss,
    heap,
    heapUsed: m.heapUsed,
    newSpace: m.heapSpaces.new_space,
    wasm: m.wasm,
    buffers: m.arrayBuffers,
    sharp: m.sharp?.bytes,
    rest,
  };
  rows.push(row);
  if (process.env.BENCH_VERBOSE) console.log(JSON.stringify(m));
  console.log(
    `${database}, ${moment}: resident ${mb(resident)} (${mb(m.rss)} after a full collection): V8 heap ${mb(heap)} ` +
      `(${mb(m.heapUsed)} in use, new space ${mb(row.newSpace)}), WebAssembly ${mb(m.wasm)}, buffers ${mb(m.arrayBuffers)}, ` +
      `sharp cache ${mb(row.sharp)}, rest ${mb(rest)}`,
  );
  return row;
}

async function rounds(database, app) {
  const pid = app.child.pid;
  const after = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const { results, peakResident } = await loadRound(app.url, TARGETS, { pid });
    const resident = residentBytes(pid);
    for (const r of results)
      if (r.non2xx || r.socketErrors)
        console.log(
          `  ${r.path}: ${r.non2xx} non-2xx, ${r.socketErrors} socket errors, ${r.timeouts} time-outs`,
        );
    console.log(
      `  round ${round}: ${results.map((r) => `${r.path} ${r.rps.toFixed(0)} req/s`).join(", ")}; peak resident ${mb(peakResident)}`,
    );
    after.push({ ...(await measure(database, `after round ${round}`, resident)), peakResident });
  }
  return after;
}

function verdict(r) {
  verdicts.push(r);
  record({ bench: "memory", ...r });
}

async function embedded() {
  const dataDir = path.join(work, "data");
  const env = appEnv({ DATA_DIR: dataDir });
  // The very first start creates the database (initdb, migrations, demo data).
  let app = await startApp(PORT, env, APP_ARGS);
  const first = await measure("embedded", "idle after the first start", await settledResident(app.child.pid));
  await app.stop();
  app = await startApp(PORT, env, APP_ARGS);
  try {
    const idle = await measure("embedded", "idle after a start", await settledResident(app.child.pid));
    const after = await rounds("embedded", app);
    const last = after.at(-1);
    // A newcomer's `npm start` is a first start: it is held to the same budget as a restart.
    verdict({
      figure: "embedded: resident memory idle after the first start (creating the database)",
      value: mb(first.resident),
      budget: "<= 300 MB",
      pass: first.resident <= BUDGET.idle,
    });
    verdict({
      figure: "embedded: resident memory idle after a start",
      value: mb(idle.resident),
      budget: "<= 300 MB",
      pass: idle.resident <= BUDGET.idle,
    });
    verdict({
      figure: `embedded: resident memory after ${ROUNDS} rounds of load`,
      value: mb(last.resident),
      budget: "<= 450 MB",
      baseline: `peak during the rounds ${mb(Math.max(...after.map((a) => a.peakResident)))}`,
      pass: last.resident <= BUDGET.loaded,
    });
    heapGrowth("embedded", after);
  } finally {
    await app.stop();
  }
}

async function postgres() {
  const server = await startPostgres();
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: server.url("postgres") });
  await admin.connect();
  await admin.query("create database memory");
  await admin.end();
  let app;
  try {
    app = await startApp(
      PORT,
      appEnv({ DATA_DIR: path.join(work, "pg-data"), DATABASE_URL: server.url("memory") }),
      APP_ARGS,
    );
    const idle = await measure("postgres", "idle after a start", await settledResident(app.child.pid));
    const after = await rounds("postgres", app);
    verdict({
      figure: "postgres: resident memory idle after a start",
      value: mb(idle.resident),
      budget: "<= 300 MB",
      pass: idle.resident <= BUDGET.idle,
    });
    verdict({
      figure: `postgres: resident memory after ${ROUNDS} rounds of load`,
      value: mb(after.at(-1).resident),
      budget: "<= 450 MB",
      baseline: `peak during the rounds ${mb(Math.max(...after.map((a) => a.peakResident)))}`,
      pass: after.at(-1).resident <= BUDGET.loaded,
    });
    heapGrowth("postgres", after);
  } finally {
    await app?.stop();
    server.stop();
  }
}

/** The leak check: heap in use after a full collection, last round against the one before. */
function heapGrowth(database, after) {
  if (after.length < 2) return;
  const [before, last] = after.slice(-2);
  const growth = last.heapUsed - before.heapUsed;
  verdict({
    figure: `${database}: V8 heap in use after a full collection, round ${after.length - 1} to ${after.length}`,
    value: `${growth >= 0 ? "+" : ""}${(growth / MB).toFixed(1)} MB (${mb(before.heapUsed)} to ${mb(last.heapUsed)})`,
    budget: `growth <= ${mb(HEAP_GROWTH_TOLERANCE)}`,
    pass: growth <= HEAP_GROWTH_TOLERANCE,
  });
}

let failed = false;
console.log(`bench:memory (${os.cpus().length} cores, Node ${process.version}, ${ROUNDS} rounds)`);
try {
  if (DATABASES.includes("embedded")) await embedded();
  if (DATABASES.includes("postgres")) await postgres();
} catch (error) {
  console.error(error?.stack ?? String(error));
  failed = true;
} finally {
  await loader.close();
}

console.log(
  "\n| database | moment | resident | after full GC | V8 heap (in use) | WebAssembly | buffers | rest |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows)
  console.log(
    `| ${r.database} | ${r.moment} | ${mb(r.resident)} | ${mb(r.afterGc)} | ${mb(r.heap)} (${mb(r.heapUsed)}) | ${mb(r.wasm)} | ${mb(r.buffers)} | ${mb(r.rest)} |`,
  );
console.log("");
for (const v of verdicts)
  console.log(
    `${v.pass ? "PASS" : "FAIL"}  ${v.figure}: ${v.value} (budget ${v.budget}${v.baseline ? `; ${v.baseline}` : ""})`,
  );
process.exit(failed || verdicts.some((v) => !v.pass) ? 1 : 0);
