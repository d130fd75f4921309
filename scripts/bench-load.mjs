// What the load benchmarks and the load test share: a browser's User-Agent, pinning a process to a core, waiting
// for a server, wrk with its figures read back, latency on open connections (h2load), and rounds of load with the
// app's memory read after each.
import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/** Node's flags in the service file's command (deploy/tapcard.service): measured processes start as deployed. */
export const SERVICE_NODE_ARGS =
  /^ExecStart=\S+\s+(.*)\s+server\.mjs\s*$/m
    .exec(fs.readFileSync(new URL("../deploy/tapcard.service", import.meta.url), "utf8"))?.[1]
    ?.split(/\s+/)
    .filter(Boolean) ?? [];

/** The service file's `Environment=` settings (deploy/tapcard.service): measured processes run with them too. */
export const SERVICE_ENV = Object.fromEntries(
  [
    ...fs
      .readFileSync(new URL("../deploy/tapcard.service", import.meta.url), "utf8")
      .matchAll(/^Environment=([A-Z][A-Z0-9_]*)=(\S*)\s*$/gm),
  ].map(([, name, value]) => [name, value]),
);

/** What a production process will not start without (a secret, company and bank details): the app as deployed. */
export function productionEnv() {
  return {
    ...SERVICE_ENV,
    NODE_ENV: "production",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    SHOP_ADDRESS: "1 Bench Street, London",
    WHATSAPP_NUMBER: "+447700900000",
    BANK_ACCOUNT_NAME: "Bench Ltd",
    BANK_SORT_CODE: "00-00-00",
    BANK_ACCOUNT_NUMBER: "00000000",
  };
}

/** `BENCH_CPU_PROF=<folder>`: the measured app writes a CPU profile there when it stops (open it in Chromium's DevTools). */
export const PROFILE_ARGS = process.env.BENCH_CPU_PROF
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];

/** What a browser says it accepts (Chromium 126): pages rendered per request are measured as browsers get them. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Mobile Safari/537.36";

const cores = os.cpus().length;

/** The command and arguments that run `cmd` on one core (taskset), when the machine has more than one. */
export const pin = (core, cmd, args) =>
  cores > 1 ? ["taskset", ["-c", String(core), cmd, ...args]] : [cmd, args];

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The value below which a share `p` (0.99 for p99) of `xs` lies. */
export const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

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

/** After a load run the pooled keep-alive socket may have been closed by the server: retry once. */
export async function fetchFresh(url, init) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return fetch(url, init);
  }
}

/**
 * wrk -t1 on core 0 with gzip (or `acceptEncoding`) and a browser's User-Agent, at 50 connections unless told:
 * requests a second, requests, p99 (ms), time-outs, other socket errors (connect, read, write) and answers other
 * than 2xx or 3xx. `timeout` is how long wrk waits for an answer before it counts a time-out (its own default is
 * 2 s); `headers` are sent with every request (e.g. a session's Cookie).
 */
export function wrk(url, duration, options = {}) {
  const [cmd, args] = wrkCommand(url, duration, options);
  return wrkFigures(execFileSync(cmd, args, { encoding: "utf8" }));
}

/** wrk as above, without blocking this process while it runs. */
export async function wrkAsync(url, duration, options = {}) {
  const [cmd, args] = wrkCommand(url, duration, options);
  const { stdout } = await promisify(execFile)(cmd, args, { encoding: "utf8" });
  return wrkFigures(stdout);
}

function wrkCommand(
  url,
  duration,
  { connections = 50, timeout, headers = [], acceptEncoding = "gzip" } = {},
) {
  return pin(0, "wrk", [
    "-t1",
    `-c${connections}`,
    `-d${duration}`,
    ...(timeout ? ["--timeout", timeout] : []),
    "--latency",
    "-H",
    `Accept-Encoding: ${acceptEncoding}`,
    "-H",
    `User-Agent: ${BROWSER_UA}`,
    ...headers.flatMap((h) => ["-H", h]),
    url,
  ]);
}

function wrkFigures(out) {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const p99raw = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99 = p99raw ? Number(p99raw[1]) * { us: 0.001, ms: 1, s: 1000 }[p99raw[2]] : Number.NaN;
  const socket = /connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const timeouts = Number(socket?.[4] ?? 0);
  const socketErrors = socket ? Number(socket[1]) + Number(socket[2]) + Number(socket[3]) : 0;
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return { rps, requests, p99, timeouts, socketErrors, non2xx };
}

/** Stops with the Debian packages to install when a command a benchmark runs is not on this machine. */
export function needCommands(commands) {
  const missing = Object.keys(commands).filter((cmd) => {
    try {
      execFileSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length)
    throw new Error(
      `${missing.join(", ")} not found: apt-get install ${[...new Set(missing.map((cmd) => commands[cmd]))].join(" ")}`,
    );
}

/**
 * Latency with `connections` connections already open: h2load (Debian's nghttp2-client) over HTTP/1.1, one thread
 * on core 0, the same headers as `wrk()`, timing only after `warmUp`, from its log of every request. wrk times from
 * the first request, and Node 20's event loop (libuv 1.46) accepts one connection per turn, so when 50 connections
 * open at once the last waits for its first answer until the 49 before it are in: 80-400 ms here, which a 2 s run's
 * p99 measures more than the page (docs/benchmarks-history.md, 2026-11-26, night). Returns p99 and the slowest answer (ms),
 * and the requests that failed (no answer, or one other than 2xx or 3xx).
 */
export function openLatency(url, duration, { connections = 50, warmUp = "1s" } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "latency-"));
  const log = path.join(dir, "requests.tsv");
  try {
    const [cmd, args] = pin(0, "h2load", [
      "--h1",
      "-t1",
      `-c${connections}`,
      `--duration=${duration}`,
      `--warm-up-time=${warmUp}`,
      `--log-file=${log}`,
      ...["Accept-Encoding: gzip", `User-Agent: ${BROWSER_UA}`].flatMap((h) => ["-H", h]),
      url,
    ]);
    const out = runH2load(cmd, args, seconds(warmUp) + seconds(duration) + H2LOAD_GRACE_S);
    // Each row: start (µs since the epoch), status, µs to the end of the answer.
    const rows = fs.existsSync(log) ? fs.readFileSync(log, "utf8").trim().split("\n").filter(Boolean) : [];
    if (rows.length === 0) throw new Error(`h2load timed no answer from ${url}:\n${out}`);
    const times = rows.map((row) => Number(row.split("\t")[2]) / 1000);
    return {
      p99: percentile(times, 0.99),
      max: times.reduce((a, b) => Math.max(a, b), 0),
      failed: Number(/(\d+) failed/.exec(out)?.[1] ?? Number.NaN),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// h2load has hung now and then after "Stopped all clients", spinning on a core until killed.
const H2LOAD_GRACE_S = 20;
const H2LOAD_TRIES = 3;

/** Runs h2load, killed and run again (from an empty log) when it outlives its run by H2LOAD_GRACE_S seconds. */
function runH2load(cmd, args, timeoutS) {
  const log = args.find((a) => a.startsWith("--log-file="))?.slice("--log-file=".length);
  for (let attempt = 1; ; attempt++) {
    try {
      return execFileSync(cmd, args, { encoding: "utf8", timeout: timeoutS * 1000, killSignal: "SIGKILL" });
    } catch (error) {
      if (error.code !== "ETIMEDOUT" || attempt === H2LOAD_TRIES) throw error;
      console.warn(
        `h2load did not stop within ${timeoutS} s; running it again (${attempt + 1} of ${H2LOAD_TRIES})`,
      );
      if (log) fs.rmSync(log, { force: true });
    }
  }
}

/** "2s", "500ms" or "1m" in seconds. */
function seconds(duration) {
  const [, n, unit] = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(duration) ?? [];
  if (n === undefined) throw new Error(`not a duration: ${duration}`);
  return (Number(n) / (unit === "ms" ? 1000 : 1)) * (unit === "m" ? 60 : 1);
}

/**
 * CPU time a process has used so far, in ms: the sum over its threads of the scheduler's run time (Linux:
 * /proc/<pid>/task/<tid>/schedstat, in nanoseconds; /proc/<pid>/stat counts 10 ms ticks, a sixth of what 30
 * renders of a small page take). Divided by the requests of a run it gives the cost of one request, which moves
 * far less than req/s when other work shares the machine. Node's threads live as long as the process.
 */
export function processCpuMs(pid) {
  let ns = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`))
    ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
  return ns / 1e6;
}

/** Node's arguments that preload the memory probe (MEMORY_PROBE_PORT says where it listens) and allow gc(). */
export const PROBE_ARGS = ["--expose-gc", "--import", "./scripts/memory-probe.mjs"];

/** The app's memory, from scripts/memory-probe.mjs preloaded into it; after a full collection when `gc`. */
export async function appMemory(probePort, { gc = false } = {}) {
  const response = await fetch(`http://127.0.0.1:${probePort}/memory${gc ? "?gc=1" : ""}`);
  if (!response.ok) throw new Error(`the memory probe answered ${response.status}`);
  return response.json();
}

/**
 * The app's memory once the heap in use after full collections holds still: two readings 2 s apart within
 * 512 KB (at most a minute). Right after load the heap still holds what expires with time (closed connections'
 * timers, cached entries), about 10 MB here, gone some 20 s later.
 */
export async function settledAppMemory(probePort) {
  let last = await appMemory(probePort, { gc: true });
  for (let i = 0; i < 30; i++) {
    await new Promise((r) => setTimeout(r, 2000));
    const now = await appMemory(probePort, { gc: true });
    if (Math.abs(now.heapUsed - last.heapUsed) < 512 * 1024) return now;
    last = now;
  }
  return last;
}

/** Resident bytes of a process now as `top` shows it, read from outside (/proc, Linux), or null. */
export function residentBytes(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * One round of load: each target in turn with wrk (its path, connections and duration) while the app's resident
 * memory is sampled every 200 ms; returns each target's wrk figures and the highest resident memory seen.
 */
export async function loadRound(base, targets, { pid, timeout } = {}) {
  const results = [];
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, (pid && residentBytes(pid)) || 0);
  };
  const sampler = setInterval(sample, 200);
  try {
    for (const target of targets) {
      const figures = await wrkAsync(`${base}${target.path}`, target.duration, {
        connections: target.connections,
        timeout,
      });
      results.push({ ...target, ...figures });
    }
  } finally {
    clearInterval(sampler);
  }
  sample();
  return { results, peakResident: peak };
}
