// npm run bench:scale: the pages that must not slow down as the shop grows, timed on PostgreSQL with 100 card
// pages and with the full scale seed (100,000 card pages, 1,000,000 links, 5,000,000 clicks, 50,000 orders).
// Starts a throw-away PostgreSQL, seeds both databases, then times each path's server reads (the real server
// functions, see tests/support/scale-paths.ts): warm-up runs, then the median of BENCH_RUNS, alternating the two
// databases. Prints each median, the ratio and PASS/FAIL against the budget (1.5x); exits 1 on a failure.

import { appModuleLoader } from "./app-modules.mjs";
import { report } from "./bench-report.mjs";
import { root } from "./build-if-stale.mjs";
import { announceNode } from "./node-version.mjs";

announceNode("bench:scale");

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const BUDGET = 1.5;
const SMALL = {
  cards: 100,
  linksPerCard: 10,
  customers: 100,
  orders: 100,
  otherProspects: 0,
  companyMembers: 100,
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const loader = await appModuleLoader();
const { startPostgres } = await loader.load("tests/support/postgres-server.ts");
const { openDatabase } = await loader.load("app/server/platform/db.server.ts");
const { hashEditPassword } = await loader.load("app/server/cards/edit-passwords.server.ts");
const seed = await loader.load("app/server/platform/scale-seed.server.ts");
const { scalePaths } = await loader.load("tests/support/scale-paths.ts");
const full = process.env.BENCH_SCALE === "tenth" ? seed.TENTH_SCALE : seed.FULL_SCALE;

const server = await startPostgres();
let failed = false;
const handles = [];
try {
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: server.url("postgres") });
  await admin.connect();
  await admin.query("create database bench_small");
  await admin.query("create database bench_full");
  await admin.end();
  const passwordHash = await hashEditPassword("scale-card-password");
  const open = async (name, size) => {
    const handle = await openDatabase({
      databaseUrl: server.url(name),
      dataDir: root,
      migrationsFolder: `${root}/drizzle`,
    });
    handles.push(handle);
    const { ms } = await seed.seedScale(handle.db, size, passwordHash);
    console.warn(
      `${name}: ${size.cards.toLocaleString("en-GB")} card pages seeded in ${(ms / 1000).toFixed(1)} s`,
    );
    return { db: handle.db, paths: await scalePaths(handle.db, size.cards) };
  };
  const small = await open("bench_small", SMALL);
  const big = await open("bench_full", full);

  const rows = [];
  for (let i = 0; i < small.paths.length; i++) {
    const [a, b] = [small.paths[i], big.paths[i]];
    for (let w = 0; w < WARMUP; w++) {
      await a.run(small.db);
      await b.run(big.db);
    }
    const times = { small: [], big: [] };
    for (let r = 0; r < RUNS; r++) {
      let t = performance.now();
      await a.run(small.db);
      times.small.push(performance.now() - t);
      t = performance.now();
      await b.run(big.db);
      times.big.push(performance.now() - t);
    }
    const [s, l] = [median(times.small), median(times.big)];
    const ratio = l / s;
    if (ratio > BUDGET) failed = true;
    rows.push({ path: a.name, small: s, big: l, ratio });
  }
  console.log(
    `\n| path | 100 cards (ms) | ${full.cards.toLocaleString("en-GB")} cards (ms) | ratio | <= ${BUDGET}x |`,
  );
  console.log("|---|---|---|---|---|");
  for (const r of rows)
    console.log(
      `| ${r.path} | ${r.small.toFixed(2)} | ${r.big.toFixed(2)} | ${r.ratio.toFixed(2)} | ${r.ratio <= BUDGET ? "pass" : "**FAIL**"} |`,
    );
  console.log(
    `\nmedians of ${RUNS} runs after ${WARMUP} warm-up runs, ${new Date().toISOString().slice(0, 10)}`,
  );
  for (const r of rows)
    report({
      bench: "scale",
      figure: r.path,
      value: `${r.ratio.toFixed(2)}x (${r.big.toFixed(2)} ms)`,
      budget: `<= ${BUDGET}x`,
      baseline: `100 cards: ${r.small.toFixed(2)} ms`,
      pass: r.ratio <= BUDGET,
    });
} catch (error) {
  console.error(error?.stack ?? String(error));
  failed = true;
} finally {
  for (const handle of handles) await handle.close();
  server.stop();
  await loader.close();
}
process.exit(failed ? 1 : 0);
