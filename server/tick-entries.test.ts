import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { literalKeyStates } from "../tests/fixtures/tick-feedback.mjs";

/** A fresh Node process: ticks, a full collection with none queued, ticks; the states of the entry's four keys. */
function keyStatesAfterCollection({ keep }: { keep: boolean }) {
  const script = [
    'import { keepTickEntryMaps } from "./server/tick-entries.mjs";',
    'import { printTickFeedbackAfterCollection } from "./tests/fixtures/tick-feedback.mjs";',
    keep ? "keepTickEntryMaps();" : "",
    "await printTickFeedbackAfterCollection();",
  ].join("\n");
  // V8 prints to stdout itself, past Node's stream: into a file, where none of it can be cut short.
  const printed = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ticks-")), "v8.txt");
  const file = fs.openSync(printed, "w");
  const node = spawnSync(
    process.execPath,
    ["--expose-gc", "--allow-natives-syntax", "--input-type=module", "-e", script],
    { cwd: fileURLToPath(new URL("..", import.meta.url)), encoding: "utf8", stdio: ["ignore", file, "pipe"] },
  );
  fs.closeSync(file);
  expect(node.stderr).toBe("");
  return literalKeyStates(fs.readFileSync(printed, "utf8"));
}

describe("process.nextTick entries", () => {
  // What the module works around, on this Node: the feedback never comes back from megamorphic.
  it("lose their fast path after a full collection with no tick queued", () => {
    expect(keyStatesAfterCollection({ keep: false })).toContain("MEGAMORPHIC");
  });

  it("keep it when one entry is held for the life of the process", () => {
    expect(keyStatesAfterCollection({ keep: true })).toEqual([
      "MONOMORPHIC",
      "MONOMORPHIC",
      "MONOMORPHIC",
      "MONOMORPHIC",
    ]);
  });
});
