// What the load benchmarks share: a browser's User-Agent, pinning a process to a core, waiting for a server, and
// wrk at 50 connections with its figures read back.
import { execFileSync } from "node:child_process";
import os from "node:os";

export const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Mobile Safari/537.36";

const cores = os.cpus().length;

/** The command and arguments that run `cmd` on one core (taskset), when the machine has more than one. */
export const pin = (core, cmd, args) =>
  cores > 1 ? ["taskset", ["-c", String(core), cmd, ...args]] : [cmd, args];

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Resolves once `url` answers at all (any status), or fails after 30 s. */
export async function waitFor(url) {
  for (let i = 0; i < 150; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} did not come up`);
}

/**
 * wrk -t1 -c50 on core 0 with gzip and a browser's User-Agent (and `headers`, e.g. a session's Cookie): requests a
 * second, p99 (ms), time-outs, non-2xx.
 */
export function wrk(url, duration, headers = []) {
  const [cmd, args] = pin(0, "wrk", [
    "-t1",
    "-c50",
    `-d${duration}`,
    "--latency",
    "-H",
    "Accept-Encoding: gzip",
    "-H",
    `User-Agent: ${BROWSER_UA}`,
    ...headers.flatMap((h) => ["-H", h]),
    url,
  ]);
  const out = execFileSync(cmd, args, { encoding: "utf8" });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99raw = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99 = p99raw ? Number(p99raw[1]) * { us: 0.001, ms: 1, s: 1000 }[p99raw[2]] : Number.NaN;
  const timeouts = Number(/timeout (\d+)/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p99, timeouts, non2xx };
}
