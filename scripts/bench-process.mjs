// npm run bench:process: how long a newcomer and an operator wait. Prints the time of `npm install` with a warm
// cache (in a scratch copy of package.json and the lockfile), of `npm run build`, and from starting the built
// server to its first 200 on a fresh embedded database (first start: migrations and demo data) and on a restart.
// Budget: a start after a build (the database already made) answers its first 200 within 3 s; the very first
// start, which creates the embedded database, is printed beside it. Exits 1 when a budget is missed.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { report } from "./bench-report.mjs";
import { build, root } from "./build-if-stale.mjs";
import { announceNode } from "./node-version.mjs";

announceNode("bench:process");

const PORT = Number(process.env.BENCH_APP_PORT ?? 3393);
const base = `http://127.0.0.1:${PORT}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-process-"));
process.on("exit", () => fs.rmSync(work, { recursive: true, force: true }));

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

function timed(run) {
  const started = performance.now();
  run();
  return performance.now() - started;
}

/** Starts the built server on DATA_DIR and returns the milliseconds until GET / answers 200. */
async function startToFirst200(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, "server.mjs")], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), PUBLIC_URL: base, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const status = await fetch(`${base}/`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error("no 200 within 60 s");
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const scratch = path.join(work, "install");
fs.mkdirSync(scratch);
for (const f of ["package.json", "package-lock.json"])
  fs.copyFileSync(path.join(root, f), path.join(scratch, f));
const install = timed(() =>
  execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"], {
    cwd: scratch,
    stdio: "ignore",
  }),
);
const buildTime = timed(() => {
  if (!build({ quiet: true })) throw new Error("the build failed");
});
const dataDir = path.join(work, "data");
const firstStart = await startToFirst200(dataDir);
const restart = await startToFirst200(dataDir);

const results = [
  ["npm install, warm cache (no install scripts)", seconds(install), true],
  ["npm run build", seconds(buildTime), true],
  ["first start to the first 200 (creates the database, migrations, demo data)", seconds(firstStart), true],
  ["start after a build to the first 200", seconds(restart), restart <= 3000, "<= 3 s"],
];
console.log(`bench:process (${os.cpus().length} cores, Node ${process.version})`);
for (const [figure, value, pass, budget] of results)
  report({ bench: "process", figure, value, pass, budget });
process.exitCode = results.every(([, , ok]) => ok) ? 0 : 1;
