// Builds the app when build/ is missing or older than any source file it is made from.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = [
  "app",
  "server",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "vite.islands.config.ts",
  "react-router.config.ts",
];

function newestMtime(p) {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/**
 * `npm run build`: the app, then the island scripts (which the app build's emptying of build/client would remove).
 * Returns whether it built. The tools report progress on stdout and warn on stderr (Vite and Rolldown through Vite's
 * logger, Node itself): what they write on stderr is shown after each step, and with `strict` (`npm test` builds so)
 * a build that printed anything there has failed, so that no warning goes unnoticed.
 */
export function build({ quiet = false, strict = false } = {}) {
  const steps = [
    [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"],
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--config", "vite.islands.config.ts"],
  ];
  // A production build whatever the caller runs under: with NODE_ENV=test (a test runner calling this) Vite would
  // build with import.meta.env.DEV on, which drops the Content-Security-Policy.
  const env = { ...process.env, NODE_ENV: "production" };
  const stdio = ["inherit", quiet ? "ignore" : "inherit", "pipe"];
  let warned = false;
  for (const args of steps) {
    const result = spawnSync(process.execPath, args, { cwd: root, stdio, env, encoding: "utf8" });
    const printed = result.stderr ?? "";
    if (!quiet) process.stderr.write(printed);
    warned ||= printed.trim() !== "";
    if (result.status !== 0) return false;
  }
  if (strict && warned) {
    console.error("The build printed warnings (above); npm test allows none.");
    return false;
  }
  return true;
}

export function buildIfStale({ quiet = false, strict = false } = {}) {
  const built = fs.statSync(path.join(root, "build/server/index.js"), { throwIfNoEntry: false });
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (built && built.mtimeMs >= sources) return false;
  if (!quiet)
    console.warn(built ? "Sources changed since the last build; building..." : "No build yet; building...");
  if (!build({ quiet, strict })) {
    console.error("The build failed.");
    process.exit(1);
  }
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // --strict: a build that printed a warning has failed (the test runner's builds).
  const strict = process.argv.includes("--strict");
  if (process.argv.includes("--always")) process.exit(build({ strict }) ? 0 : 1);
  buildIfStale({ strict });
}
