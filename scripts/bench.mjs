// npm run bench: every benchmark in turn, each on this Node, then one table of every figure (its budget, the baseline
// measured in the same run, pass or fail) under the Node version, printed and recorded in docs/benchmarks.md. Exits 1 when any
// budget is missed or a benchmark fails to run. BENCH_ONLY=card,process runs some of them.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { root } from "./build-if-stale.mjs";
import { announceNode } from "./node-version.mjs";

announceNode("npm run bench");

const BENCHES = ["card", "pages", "scale", "writes", "process", "memory", "lighthouse"];
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
const chosen = BENCHES.filter((b) => !only || only.includes(b));
const results = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-")), "results.jsonl");
fs.writeFileSync(results, "");

const failedToRun = [];
for (const bench of chosen) {
  const script = path.join(root, "scripts", `bench-${bench}.mjs`);
  if (!fs.existsSync(script)) continue;
  console.log(`\n=== bench:${bench}`);
  const run = spawnSync(process.execPath, [script], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, BENCH_RESULTS: results },
  });
  const reported = fs.readFileSync(results, "utf8").includes(`"bench":"${bench}"`);
  if (run.status !== 0 && !reported) failedToRun.push(bench);
}

const rows = fs
  .readFileSync(results, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const cell = (s) => String(s ?? "").replaceAll("|", "\\|");
const date = new Date().toISOString().slice(0, 10);
const table = [
  `Run of ${date} on ${os.cpus().length} cores, Node ${process.version} (\`npm run bench\`).`,
  "",
  "| benchmark | figure | measured | budget | baseline in the same run | |",
  "|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${cell(r.bench)} | ${cell(r.figure)} | ${cell(r.value)} | ${cell(r.budget)} | ${cell(r.baseline)} | ${r.pass ? "pass" : "**FAIL**"} |`,
  ),
  ...failedToRun.map((b) => `| ${b} | did not run to the end | | | | **FAIL** |`),
].join("\n");
console.log(`\n${table}`);

// The latest table replaces the previous one between the markers; the notes around it stay.
const doc = path.join(root, "docs/benchmarks.md");
const start = "<!-- bench:latest -->";
const end = "<!-- /bench:latest -->";
let text = fs.readFileSync(doc, "utf8");
const block = `${start}\n${table}\n${end}`;
text = text.includes(start)
  ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block)
  : text.replace(/\n/, `\n\n## Latest run\n\n${block}\n`);
fs.writeFileSync(doc, text);
console.log(`\nRecorded in docs/benchmarks.md.`);
process.exitCode = rows.every((r) => r.pass) && failedToRun.length === 0 ? 0 : 1;
