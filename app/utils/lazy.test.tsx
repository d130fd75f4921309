import { lazy, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyWithPreload } from "./lazy";

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;
const page = (Component: React.ComponentType<{ name: string }>) =>
  renderToString(
    <Suspense fallback={<p>Loading</p>}>
      <Component name="Mia" />
    </Suspense>,
  );

describe("lazyWithPreload", () => {
  it("renders the component in the first pass once preloaded, where React.lazy shows its fallback", async () => {
    const plain = lazy(async () => ({ default: Greeting }));
    const preloaded = lazyWithPreload(async () => ({ default: Greeting }));
    await preloaded.preload();
    // A server render that suspends sends the fallback first and the content later by script, which a
    // browser without JavaScript never runs.
    expect(page(plain)).toContain("Loading");
    expect(page(preloaded)).toContain("Hello <!-- -->Mia");
    expect(page(preloaded)).not.toContain("Loading");
  });

  it("loads the module once, and again after a failed download", async () => {
    let calls = 0;
    const flaky = lazyWithPreload(async () => {
      calls += 1;
      if (calls === 1) throw new Error("network");
      return { default: Greeting };
    });
    await expect(flaky.preload()).rejects.toThrow("network");
    await flaky.preload();
    await flaky.preload();
    expect(calls).toBe(2);
    expect(page(flaky)).toContain("Mia");
  });
});
