// A shared read is never older than the call that asked for it, and the calls made together share one read.
import { describe, expect, it } from "vitest";
import { freshRead } from "./fresh-read.server";

/** A read whose runs finish only when told, each answering with the value `state` had when it began. */
function controlledRead() {
  const runs: { value: number; finish: () => void; fail: (error: Error) => void }[] = [];
  const state = { value: 0 };
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const value = state.value;
      runs.push({ value, finish: () => resolve(value), fail: reject });
    });
  return { runs, state, read };
}

const nextTurn = () => new Promise((r) => setImmediate(r));

describe("freshRead", () => {
  it("answers the calls made together with one read, begun after the last of them", async () => {
    const { runs, state, read } = controlledRead();
    const shared = freshRead(read);
    const calls = [shared()];
    for (let i = 1; i < 50; i++) {
      state.value = i; // a write committed between two calls
      calls.push(shared());
    }
    await nextTurn();
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    expect(new Set(await Promise.all(calls))).toEqual(new Set([49]));
  });

  it("gives a call made while a read runs a read of its own, begun after it", async () => {
    const { runs, state, read } = controlledRead();
    const shared = freshRead(read);
    const first = shared();
    await nextTurn();
    state.value = 1; // a write committed after the first read began
    const second = shared();
    await nextTurn();
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    runs[0]!.finish();
    expect(await first).toBe(0);
    expect(await second).toBe(1);
  });

  it("passes a failed read to its callers and reads again for the next", async () => {
    const { runs, read } = controlledRead();
    const shared = freshRead(read);
    const failed = [shared(), shared()];
    await nextTurn();
    runs[0]!.fail(new Error("connection lost"));
    for (const call of failed) await expect(call).rejects.toThrow("connection lost");
    const after = shared();
    await nextTurn();
    runs[1]!.finish();
    expect(await after).toBe(0);
  });
});
