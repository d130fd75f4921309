// Node 20 keeps an AsyncLocalStorage alive with a process-wide hook that runs for every asynchronous resource (each
// promise, tick, timer and socket), from a store's first run until every store is disabled. React (one store, around
// each piece of rendering) and better-auth (three, around each auth call) never disable theirs, so after the first
// sign-in every request paid for the hook, card pages included: a fifth of their throughput
// (docs/decisions/015-context-hooks-off-when-idle.md).
//
// Both read a store only inside its own run. So while no run is pending the stores can be disabled, which turns the
// hook off; the next run turns it on again, as Node's own AsyncLocalStorage.exit() does. A run that returns a
// promise is pending until that promise settles.
import { AsyncLocalStorage, executionAsyncResource } from "node:async_hooks";

type Store = AsyncLocalStorage<unknown>;
type Run = Store["run"];

const stores = new Set<Store>(); // made once per module that keeps one, never per request
let pending = 0;
let entered = false;
let installed = false;

/**
 * Disables every store that has run once no run is pending. Only for the hook-based AsyncLocalStorage (Node 20 and
 * 22), recognised by its `_propagate`; later Node versions keep the context without hooks. Returns whether it did.
 */
export function releaseContextHooksWhenIdle() {
  const proto = AsyncLocalStorage.prototype as Store & { _propagate?: unknown };
  if (installed) return true;
  if (typeof proto._propagate !== "function") return false;
  installed = true;
  const run = proto.run as (this: Store, ...args: unknown[]) => unknown;
  proto.run = function (this: Store, ...args: unknown[]) {
    stores.add(this);
    pending++;
    let result: unknown;
    try {
      result = run.apply(this, args);
    } catch (error) {
      settled();
      throw error;
    }
    if (!(result instanceof Promise)) {
      settled();
      return result;
    }
    // The caller gets the settled promise, so a rejection nobody handles is still reported.
    return result.finally(settled);
  } as Run;
  // A store entered without a run has no end, so from then on the stores stay on.
  const enterWith = proto.enterWith;
  proto.enterWith = function (this: Store, store: unknown) {
    entered = true;
    return enterWith.call(this, store);
  };
  return true;
}

function settled() {
  if (--pending > 0 || entered) return;
  for (const store of stores) store.disable();
}

/** Whether Node runs its hooks for promises now: a promise's reaction then runs as that promise's resource. */
export async function contextHooksOn() {
  return Promise.resolve().then(() => executionAsyncResource() instanceof Promise);
}
