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

/** `npm run build`: the app, then the island scripts (which the app build's emptying of build/client would remove). */
export function build({ quiet = false } = {}) {
  const stdio = quiet ? "ignore" : "inherit";
  const steps = [
    [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--config", "vite.islands.config.ts"],
  ];
  // A production build whatever the caller runs under: with NODE_ENV=test (a test runner calling this) Vite would
  // build with import.meta.env.DEV on, which drops the Content-Security-Policy.
  const env = { ...process.env, NODE_ENV: "production" };
  return steps.every((args) => spawnSync(process.execPath, args, { cwd: root, stdio, env }).status === 0);
}

export function buildIfStale({ quiet = false } = {}) {
  const built = fs.statSync(path.join(root, "build/server/index.js"), { throwIfNoEntry: false });
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (built && built.mtimeMs >= sources) return false;
  if (!quiet)
    console.warn(built ? "Sources changed since the last build; building..." : "No build yet; building...");
  if (!build({ quiet })) {
    console.error("The build failed.");
    process.exit(1);
  }
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--always")) process.exit(build() ? 0 : 1);
  buildIfStale();
}
