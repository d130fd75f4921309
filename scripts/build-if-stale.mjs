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

export function buildIfStale({ quiet = false } = {}) {
  const built = fs.statSync(path.join(root, "build/server/index.js"), { throwIfNoEntry: false });
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (built && built.mtimeMs >= sources) return false;
  if (!quiet)
    console.warn(built ? "Sources changed since the last build; building..." : "No build yet; building...");
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"],
    {
      cwd: root,
      stdio: quiet ? "ignore" : "inherit",
    },
  );
  if (result.status !== 0) {
    console.error("The build failed.");
    process.exit(result.status ?? 1);
  }
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
