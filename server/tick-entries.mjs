// Node 20 queues each process.nextTick() as an object literal with computed keys. V8 defines those keys through
// feedback that turns megamorphic for good the first time it meets a map other than the one it recorded, and the
// literal's maps are made at run time and held weakly. So one full garbage collection while no tick is queued
// frees them, the next tick makes new ones, and from then on every tick in the process (several per HTTP request)
// is built by V8's runtime: the same bare handler then served 72-77% of what it serves in a bare Node process,
// against 83-92% with the entry kept. Whether it happened was down to when a start's collections fell
// (docs/decisions/016-keep-one-tick-entry.md).
// Holding one entry for the process's life keeps its maps alive, so the feedback stays on its fast path.
import { executionAsyncResource } from "node:async_hooks";

/** What is kept: one entry per call, and the server calls once. */
const kept = new Set();

/** Keeps one process.nextTick() entry for the life of the process. Call it first, before the app loads. */
export function keepTickEntryMaps() {
  process.nextTick(() => {
    // Inside a tick's callback, the current asynchronous resource is the tick's own queue entry.
    kept.add(executionAsyncResource());
  });
}
