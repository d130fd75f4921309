// Server-Timing for pages rendered per request (docs/decisions/024-layers-and-server-timing.md): how long the
// database took and how long everything else did, so a slow page shows where its time goes in the browser's
// network panel. On in development and when SERVER_TIMING=1 (bench:pages); off otherwise, costing nothing.
import { AsyncLocalStorage } from "node:async_hooks";

interface Timing {
  started: number;
  db: number;
}

const current = new AsyncLocalStorage<Timing>();

/**
 * Runs one request's handling with a timing of its own; `run` gets the function that words the Server-Timing
 * header up to the moment it is called ('db;dur=3.1, render;dur=12.4': render is all that is not the database).
 */
export function timeRequest<T>(run: (header: () => string) => T): T {
  const timing: Timing = { started: performance.now(), db: 0 };
  return current.run(timing, () => run(() => header(timing)));
}

function header(timing: Timing) {
  const render = Math.max(0, performance.now() - timing.started - timing.db);
  return `db;dur=${timing.db.toFixed(1)}, render;dur=${render.toFixed(1)}`;
}

/** Adds the time of one database call to the request it was made for, if any is being timed. */
export function timeDatabase<T>(call: () => Promise<T>): Promise<T> {
  const timing = current.getStore();
  if (!timing) return call();
  const started = performance.now();
  return call().finally(() => {
    timing.db += performance.now() - started;
  });
}
