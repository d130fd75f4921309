// The bounded map behind the card page cache.
import { describe, expect, it } from "vitest";
import { Lru } from "./lru.server";

describe("Lru", () => {
  it("drops the least recently used entry when full, and a read counts as a use", () => {
    const lru = new Lru<string, number>(3);
    lru.set("a", 1);
    lru.set("b", 2);
    lru.set("c", 3);
    expect(lru.get("a")).toBe(1);
    lru.set("d", 4);
    expect(lru.size).toBe(3);
    expect(lru.get("b")).toBeUndefined();
    expect([...lru.entries()].map(([k]) => k)).toEqual(["c", "a", "d"]);
  });

  it("weighs entries, and replacing or deleting one gives its weight back", () => {
    const lru = new Lru<string, string>(10, (v) => v.length);
    lru.set("a", "xxxx");
    lru.set("b", "xxxx");
    lru.set("a", "xx");
    expect(lru.weight).toBe(6);
    lru.set("c", "xxxxxx");
    expect([...lru.entries()].map(([k]) => k)).toEqual(["a", "c"]);
    expect(lru.weight).toBe(8);
    lru.delete("c");
    expect(lru.weight).toBe(2);
    lru.set("huge", "x".repeat(11));
    expect(lru.size).toBe(0);
    expect(lru.weight).toBe(0);
  });

  it("keeps the order right when the most recent entry is read again, and after it is deleted", () => {
    const lru = new Lru<string, number>(3);
    lru.set("a", 1);
    lru.set("b", 2);
    expect(lru.get("b")).toBe(2);
    expect(lru.get("a")).toBe(1);
    expect(lru.get("a")).toBe(1);
    expect([...lru.entries()].map(([k]) => k)).toEqual(["b", "a"]);
    lru.delete("a");
    lru.set("c", 3);
    expect(lru.get("b")).toBe(2);
    expect([...lru.entries()].map(([k]) => k)).toEqual(["c", "b"]);
  });
});
