import { AsyncLocalStorage } from "node:async_hooks";
import { setTimeout as wait } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { contextHooksOn, releaseContextHooksWhenIdle } from "./context-hooks";

releaseContextHooksWhenIdle();
const store = new AsyncLocalStorage<string>();
const other = new AsyncLocalStorage<string>();

/** Reads the store after a promise, a timer and a tick, as a request's code would. */
async function readLater(label: string) {
  await Promise.resolve();
  await wait(5);
  await new Promise((resolve) => process.nextTick(resolve));
  return `${label}:${store.getStore()}`;
}

describe("context hooks off when idle", () => {
  it("keeps each run's store through promises, timers and ticks while runs overlap", async () => {
    const runs = Promise.all([
      store.run("a", () => readLater("a")),
      store.run("b", () => readLater("b")),
      other.run("x", () => store.run("c", () => readLater("c"))),
    ]);
    expect(await contextHooksOn()).toBe(true);
    expect(await runs).toEqual(["a:a", "b:b", "c:c"]);
  });

  it("turns the stores off once no run is pending, and on again with the next run", async () => {
    await store.run("first", () => readLater("first"));
    expect(await contextHooksOn()).toBe(false);
    expect(store.getStore()).toBeUndefined();

    const again = store.run("second", () => readLater("second"));
    expect(await contextHooksOn()).toBe(true);
    expect(await again).toBe("second:second");
    expect(await contextHooksOn()).toBe(false);
  });

  it("keeps the stores on while an outer run is pending, though an inner one has ended", async () => {
    let insideAfterInner: string | undefined;
    await store.run("outer", async () => {
      other.run("inner", () => "sync");
      await other.run("inner-async", () => readLater("inner"));
      expect(await contextHooksOn()).toBe(true);
      await wait(5);
      insideAfterInner = store.getStore();
    });
    expect(insideAfterInner).toBe("outer");
    expect(await contextHooksOn()).toBe(false);
  });

  it("hands a run's error to its caller and still turns the stores off", async () => {
    await expect(
      store.run("failing", async () => {
        await wait(1);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(() =>
      store.run("throws", () => {
        throw new Error("at once");
      }),
    ).toThrow("at once");
    expect(await contextHooksOn()).toBe(false);
  });
});
