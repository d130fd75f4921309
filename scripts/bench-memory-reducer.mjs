// Why the service starts Node with --no-memory-reducer (docs/decisions/014-no-memory-reducer.md): a bare Node
// `http` server that holds a heap of 300,000 small objects, measured with wrk before and after V8's memory reducer
// has run its collection (logged by --trace-gc as "Mark-Compact (reduce)"), then the same with the flag, after
// the same quiet spell. None of the app's code runs. `npm run bench:memory-reducer`; about 5 minutes.
import { spawn } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { median, pin, waitFor, wrk } from "./bench-load.mjs";
import { announceNode } from "./node-version.mjs";

announceNode("bench:memory-reducer");

const PORT = Number(process.env.BENCH_BARE_PORT ?? 3393);
const DURATION = process.env.BENCH_DURATION ?? "10s";
const MAX_QUIET_MS = 300_000;

/** Held for the server's whole life: a live heap like the app's (tens of MB). */
let kept = [];

if (process.argv[2] === "serve") serve();
else await compare();

/** The measured server: the heap above and a fixed 4 KB answer. */
function serve() {
  kept = Array.from({ length: 300_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: [i % 7, i % 11] }));
  const body = Buffer.alloc(4000, "x");
  const headers = { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" };
  http
    .createServer((_req, res) => {
      res.writeHead(200, headers);
      res.end(body);
    })
    .listen(PORT, "127.0.0.1", () => console.log(`listening, ${kept.length} objects kept`));
}

async function compare() {
  const rows = [];
  let quietMs = 0;
  for (const flags of [[], ["--no-memory-reducer"]]) {
    const [cmd, args] = pin(1, process.execPath, [
      "--trace-gc",
      ...flags,
      fileURLToPath(import.meta.url),
      "serve",
    ]);
    const server = spawn(cmd, args, { stdio: ["ignore", "pipe", "inherit"] });
    let log = "";
    server.stdout.on("data", (chunk) => {
      log += chunk;
    });
    const url = `http://127.0.0.1:${PORT}/`;
    try {
      await waitFor(url);
      wrk(url, "3s");
      const before = median([1, 2, 3].map(() => wrk(url, DURATION).rps));
      const quietFrom = Date.now();
      if (flags.length === 0) {
        // Wait for the reducing collection: the server is quiet now, which is what sets it off.
        await until(() => log.includes("(reduce)"), MAX_QUIET_MS);
        quietMs = Date.now() - quietFrom;
      } else {
        await until(() => Date.now() - quietFrom >= quietMs, MAX_QUIET_MS);
      }
      const after = median([1, 2, 3].map(() => wrk(url, DURATION).rps));
      rows.push({
        node: flags.join(" ") || "(no flags)",
        before: Math.round(before),
        after: Math.round(after),
        change: `${(((after - before) / before) * 100).toFixed(1)}%`,
        reduced: log.includes("(reduce)") ? "yes" : "no",
        quiet: `${(quietMs / 1000).toFixed(0)} s`,
      });
    } finally {
      server.kill();
    }
  }
  console.log(
    `bare Node http server, wrk -t1 -c50 -d${DURATION} (median of 3), before and after a quiet spell`,
  );
  console.table(rows);
}

async function until(condition, maxMs) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > maxMs) throw new Error(`no reducing collection within ${maxMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
