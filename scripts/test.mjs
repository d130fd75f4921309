// `npm test`: every check and suite in turn, then one line totalling them all: "N passed, N failed".
// Typecheck and lint (Biome and knip) count as one check each; test suites count their tests.
// `npm run test:hard` (`--hard`): only the long suite of whole processes (crashes, replays, load; tests/hard).
// `BUSY_CORE=1`: the browser tests run with one core kept busy (scripts/busy-core.mjs), as on a loaded machine.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { announceNode } from "./node-version.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
// Every temporary folder the suites make (databases, uploads, mail, browser profiles) goes under one folder of this
// run, removed when it ends: runs would otherwise leave gigabytes in the system's. Others may pass through it (the
// PostgreSQL and nginx the tests start run as their own users), as they could through the system's.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tapcard-test-"));
fs.chmodSync(scratch, 0o755);
process.on("exit", () => fs.rmSync(scratch, { recursive: true, force: true }));
process.on("SIGINT", () => process.exit(130));
const reports = fs.mkdtempSync(path.join(scratch, "reports-"));
const hard = process.argv.includes("--hard");
const only = process.argv.slice(2).filter((a) => a !== "--hard"); // e.g. `npm test -- unit e2e`
const results = [];
const selected = (name) =>
  name.startsWith("Hard") === hard && (!only.length || only.some((o) => name.toLowerCase().includes(o)));

// This Node first on every child's PATH: the runners' `#!/usr/bin/env node` and the servers the browser tests
// start with `node server.mjs` then run on it too, not on whatever Node the system has.
const PATH = [path.dirname(process.execPath), process.env.PATH].join(path.delimiter);

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PATH, TMPDIR: scratch, ...env },
  });
  return result.status ?? 1;
}

function step(name, fn) {
  if (!selected(name)) return;
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const outcome = fn();
  results.push({ name, seconds: Math.round((Date.now() - started) / 1000), ...outcome });
}

function check(command, args) {
  const status = run(command, args);
  return { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 };
}

function vitest(project, env = {}) {
  const file = path.join(reports, `${project}-${env.TEST_DATABASE ?? "none"}.json`);
  const status = run(
    bin("vitest"),
    ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile=${file}`],
    env,
  );
  const report = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
  if (!report) return { passed: 0, failed: 1, note: "no report: the runner failed to start" };
  const failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  return { passed: report.numPassedTests, failed, skipped: report.numPendingTests + report.numTodoTests };
}

function postgresAvailable() {
  const versions = fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql") : [];
  const dirs = ["/usr/local/bin", ...versions.map((v) => `/usr/lib/postgresql/${v}/bin`), "/usr/bin"];
  return dirs.some((d) => fs.existsSync(path.join(d, "initdb")) && fs.existsSync(path.join(d, "pg_ctl")));
}

const commandAvailable = (name) =>
  ["/usr/sbin", "/usr/bin", "/usr/local/bin", "/usr/local/sbin"].some((d) =>
    fs.existsSync(path.join(d, name)),
  );
const chromiumAvailable = () => fs.existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium");
/** The HTML checker (vnu-jar) runs on Java. */
const javaAvailable = () => spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;

/**
 * The browser tests need Chromium (and Java for the HTML checker), the PostgreSQL suites need the server binaries. As root on a Debian-like
 * machine they are installed here; anywhere else the run stops at once with the command to run.
 */
function ensureSystemPackages() {
  const missing = [];
  if (selected("Browser tests") && !chromiumAvailable()) missing.push("chromium");
  if (selected("Browser tests") && !javaAvailable()) missing.push("default-jre-headless");
  if (
    (selected("Integration tests (PostgreSQL)") || selected("Browser tests") || selected("Hard tests")) &&
    !postgresAvailable()
  )
    missing.push("postgresql");
  // The deployment test and the hard tests put nginx in front of the app; the load tests drive it with wrk.
  if ((selected("Browser tests") || selected("Hard tests")) && !commandAvailable("nginx"))
    missing.push("nginx");
  if (selected("Hard tests") && !commandAvailable("wrk")) missing.push("wrk");
  if (!missing.length) return;
  const installArgs = ["install", "-y", "--no-install-recommends", ...missing];
  const install = `apt-get ${installArgs.join(" ")}`;
  const canInstall =
    process.getuid?.() === 0 && fs.existsSync("/etc/debian_version") && fs.existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(
      `Missing ${missing.join(" and ")}: run \`sudo apt-get update && sudo ${install}\` (or set CHROMIUM_PATH), then npm test again.`,
    );
    process.exit(1);
  }
  console.log(`\n━━ Installing ${missing.join(" and ")} ━━`);
  const env = { DEBIAN_FRONTEND: "noninteractive", TMPDIR: os.tmpdir() };
  if (run("apt-get", ["update", "-qq"], env) !== 0 || run("apt-get", installArgs, env) !== 0) {
    console.error(`Could not install ${missing.join(" and ")}: run \`${install}\` by hand.`);
    process.exit(1);
  }
}

announceNode(hard ? "npm run test:hard" : "npm test");
ensureSystemPackages();

step("Typecheck", () => {
  const typegen = run(bin("react-router"), ["typegen"]);
  if (typegen !== 0) return { passed: 0, failed: 1 };
  return check(bin("tsc"), []);
});
step("Lint and format", () => {
  const biome = run(bin("biome"), ["check", "."]);
  // Unused files, exports and dependencies (knip.json says where the entry points are).
  const knip = run(bin("knip"), []);
  return biome === 0 && knip === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
});
step("Unit tests", () => vitest("unit"));
step("Integration tests (PGlite)", () => vitest("integration", { TEST_DATABASE: "pglite" }));
step("Integration tests (PostgreSQL)", () => vitest("integration", { TEST_DATABASE: "postgres" }));
step("Browser tests (Chromium)", () => {
  if (run(process.execPath, ["scripts/build-if-stale.mjs", "--always", "--strict"]) !== 0)
    return { passed: 0, failed: 1, note: "the build failed or printed a warning" };
  const file = path.join(reports, "e2e.json");
  // BUSY_CORE=1: one core kept busy the whole time, as on a loaded machine, where pages hydrate late.
  const busy =
    process.env.BUSY_CORE === "1"
      ? spawn(process.execPath, ["scripts/busy-core.mjs"], { stdio: "ignore" })
      : null;
  if (busy) console.log("One core kept busy (BUSY_CORE=1)");
  const status = run(bin("playwright"), ["test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  busy?.kill();
  const report = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
  if (!report?.stats) return { passed: 0, failed: 1, note: "no report: the runner failed to start" };
  const { expected, unexpected, flaky, skipped } = report.stats;
  const failed = unexpected + flaky + (status !== 0 && unexpected === 0 ? 1 : 0);
  return { passed: expected, failed, skipped };
});

step("Hard tests", () => {
  if (run(process.execPath, ["scripts/build-if-stale.mjs", "--always", "--strict"]) !== 0)
    return { passed: 0, failed: 1, note: "the build failed or printed a warning" };
  return vitest("hard");
});

console.log(`\n━━ Summary (Node ${process.version}) ━━`);
for (const r of results) {
  const extra = [r.skipped ? `${r.skipped} skipped` : "", r.note ?? ""].filter(Boolean).join("; ");
  console.log(
    `${r.failed ? "✗" : "✓"} ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds}s)${extra ? ` — ${extra}` : ""}`,
  );
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + (r.skipped ?? 0), 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
