// `npm test`: every check and suite in turn, then one line totalling them all: "N passed, N failed".
// Typecheck and lint count as one check each; test suites count their tests.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "test-reports-"));
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const results = [];

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function step(name, fn) {
  if (only.length && !only.some((o) => name.toLowerCase().includes(o))) return;
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
  return ["/usr/local/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin", "/usr/bin"].some(
    (d) => fs.existsSync(path.join(d, "initdb")),
  );
}

step("Typecheck", () => {
  const typegen = run(bin("react-router"), ["typegen"]);
  if (typegen !== 0) return { passed: 0, failed: 1 };
  return check(bin("tsc"), []);
});
step("Lint and format", () => check(bin("biome"), ["check", "."]));
step("Unit tests", () => vitest("unit"));
step("Integration tests (PGlite)", () => vitest("integration", { TEST_DATABASE: "pglite" }));
step("Integration tests (PostgreSQL)", () => {
  if (!postgresAvailable()) {
    if (process.env.CI === "true")
      return { passed: 0, failed: 1, note: "PostgreSQL is required under CI=true" };
    return { passed: 0, failed: 0, note: "skipped: no PostgreSQL server binaries on this machine" };
  }
  return vitest("integration", { TEST_DATABASE: "postgres" });
});
step("Browser tests (Chromium)", () => {
  if (run(process.execPath, ["scripts/build-if-stale.mjs", "--always"]) !== 0)
    return { passed: 0, failed: 1, note: "the build failed" };
  const file = path.join(reports, "e2e.json");
  const status = run(bin("playwright"), ["test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  const report = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
  if (!report?.stats) return { passed: 0, failed: 1, note: "no report: the runner failed to start" };
  const { expected, unexpected, flaky, skipped } = report.stats;
  const failed = unexpected + flaky + (status !== 0 && unexpected === 0 ? 1 : 0);
  return { passed: expected, failed, skipped };
});

console.log("\n━━ Summary ━━");
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
