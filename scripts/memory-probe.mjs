// Where a running app's memory goes, for the memory benchmark and the load test only: preloaded with
// `node --expose-gc --import ./scripts/memory-probe.mjs server.mjs` and MEMORY_PROBE_PORT set, it answers
// GET http://127.0.0.1:<port>/memory on a listener of its own (loopback only) with the process's figures in
// bytes, after a full garbage collection when asked (`?gc=1`). The app itself has no such door: production
// never loads this file.
import fs from "node:fs";
import http from "node:http";
import v8 from "node:v8";

/**
 * A WebAssembly memory is one reservation of 8 GiB or more: its pages in use (read-write), then guard pages (no
 * access) that stand in for bounds checks. Nothing else in the process maps such a pair.
 */
const WASM_RESERVATION = 4 * 1024 ** 3;

/** Resident bytes of the WebAssembly memories (the embedded database's), from /proc/self/smaps; null elsewhere. */
function wasmResident() {
  let text;
  try {
    text = fs.readFileSync("/proc/self/smaps", "utf8");
  } catch {
    return null;
  }
  const maps = [];
  for (const line of text.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)/.exec(line);
    if (head) {
      const [, start, end, perms, inode] = head;
      maps.push({
        start: BigInt(`0x${start}`),
        end: BigInt(`0x${end}`),
        perms,
        anonymous: inode === "0",
        rss: 0,
      });
    } else if (line.startsWith("Rss:") && maps.length) {
      maps[maps.length - 1].rss = Number(line.slice(4).trim().split(" ")[0]) * 1024;
    }
  }
  let total = 0;
  for (let i = 0; i + 1 < maps.length; i++) {
    const [used, guard] = [maps[i], maps[i + 1]];
    if (
      used.anonymous &&
      guard.anonymous &&
      used.perms.startsWith("rw") &&
      guard.perms.startsWith("---") &&
      guard.start === used.end &&
      guard.end - used.start >= WASM_RESERVATION
    )
      total += used.rss;
  }
  return total;
}

/** libvips' operation cache, when the app has loaded sharp (resolved from the app's folder, so the same copy). */
async function sharpCache() {
  try {
    const { default: sharp } = await import("sharp");
    // No argument: reads the figures and changes nothing.
    const { memory, items, files } = sharp.cache();
    return { bytes: memory.current, highBytes: memory.high, items: items.current, files: files.current };
  } catch {
    return null;
  }
}

/**
 * Full collections until the heap in use stops shrinking: at least 8, then until two in a row are within 256 KB
 * (at most 30). Each one also ages the bytecode of functions that did not run since, which V8 drops after a few
 * collections, so one alone leaves a figure that depends on what ran last. Returns how many ran.
 */
async function settledGc() {
  if (typeof globalThis.gc !== "function") return 0;
  let last = Number.POSITIVE_INFINITY;
  for (let i = 1; i <= 30; i++) {
    globalThis.gc();
    // A turn of the event loop between: finalizers run, and what they free goes in the next collection.
    await new Promise((resolve) => setImmediate(resolve));
    const used = process.memoryUsage().heapUsed;
    if (i >= 8 && last - used < 256 * 1024) return i;
    last = used;
  }
  return 30;
}

async function figures(collect) {
  const collections = collect ? await settledGc() : 0;
  const usage = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  return {
    collections,
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    heapPhysical: heap.total_physical_size,
    /** Bytes each part of the V8 heap holds in memory (new space for young objects, old space, code...). */
    heapSpaces: Object.fromEntries(
      v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.physical_space_size]),
    ),
    wasm: wasmResident(),
    sharp: await sharpCache(),
    /** Timers waiting to fire: what keeps what they reach in memory until then. */
    timers: process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length,
  };
}

const port = Number(process.env.MEMORY_PROBE_PORT);
if (port) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/memory") {
      res.writeHead(404).end();
      return;
    }
    figures(url.searchParams.get("gc") === "1").then(
      (body) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body)),
      (error) => res.writeHead(500).end(String(error)),
    );
  });
  server.listen(port, "127.0.0.1");
  // The probe never keeps the app alive: it stops when the app does.
  server.unref();
}
