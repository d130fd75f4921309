// The view burst of bench:writes, in a worker thread of its own: `total` card views spread evenly over `seconds`,
// open loop (each sent when due, whatever the answers before it), at most 200 at once. Posts back how many were
// not answered 200, and how late each view was sent (ms). Kept off the thread that times the card page: a client
// sending 1,000 requests a second keeps a core busy, and its own queue would be timed.
import { parentPort, workerData } from "node:worker_threads";

const { url, total, seconds, userAgent } = workerData;
let bad = 0;
const late = [];
const inFlight = new Set();
const started = performance.now();
for (let i = 0; i < total; i++) {
  const due = started + (i * seconds * 1000) / total;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((r) => setTimeout(r, wait));
  late.push(Math.max(0, performance.now() - due));
  const request = fetch(url, { headers: { "User-Agent": userAgent } })
    .then(async (r) => {
      await r.arrayBuffer();
      if (r.status !== 200) bad++;
    })
    .catch(() => {
      bad++;
    })
    .finally(() => inFlight.delete(request));
  inFlight.add(request);
  if (inFlight.size >= 200) await Promise.race(inFlight);
}
await Promise.all(inFlight);
parentPort.postMessage({ bad, late });
