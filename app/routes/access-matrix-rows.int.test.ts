// The access matrix has a row for every signed-in route of app/routes.ts and every intent its form handlers answer
// (the rows: tests/support/access-matrix/), so a new route or intent fails here until it has one. The rows are
// checked as each visitor in access-matrix-who-gets-in and access-matrix-other-accounts.
import { describe, expect, it } from "vitest";
import { CASES } from "../../tests/support/access-matrix/cases";
import {
  dispatchesBySwitch,
  intentHandlers,
  intentsIn,
  signedInRouteFiles,
} from "../../tests/support/access-matrix/route-sources";

describe("access matrix", () => {
  const files = signedInRouteFiles();

  it("has a row for every signed-in route and every intent its forms answer, found in their switch", () => {
    expect(files.filter((f) => !CASES[f])).toEqual([]);
    expect(Object.keys(CASES).filter((f) => !files.includes(f))).toEqual([]);
    const declaredByHandler = new Map<string, Set<string>>();
    for (const file of files) {
      for (const handler of intentHandlers(file)) {
        const set = declaredByHandler.get(handler) ?? new Set();
        for (const intent of Object.keys(CASES[file]?.intents ?? {})) set.add(intent);
        declaredByHandler.set(handler, set);
      }
    }
    expect([...declaredByHandler.keys()].filter((handler) => !dispatchesBySwitch(handler))).toEqual([]);
    const missing = [...declaredByHandler].flatMap(([handler, declared]) =>
      intentsIn(handler)
        .filter((i) => !declared.has(i))
        .map((i) => `${handler}: ${i}`),
    );
    expect(missing).toEqual([]);
  });
});
