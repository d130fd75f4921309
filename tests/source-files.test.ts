// A source file over 300 lines says why on its first line ("// Over 300 lines: ..."), so that a module grows past
// that only on purpose (docs/decisions/024-layers-and-server-timing.md). Tests are not counted.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./support/app-server";

const MAX_LINES = 300;
const FOLDERS = ["app", "server", "scripts"];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const TEST = /\.test\.tsx?$/;

function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => SOURCE.test(file) && !TEST.test(file))
    .map((file) => path.join(folder, file));
}

describe("source files", () => {
  it(`say on their first line why they are over ${MAX_LINES} lines`, () => {
    const unexplained = FOLDERS.flatMap(sourceFiles).filter((file) => {
      const lines = fs.readFileSync(path.join(root, file), "utf8").trimEnd().split("\n");
      return lines.length > MAX_LINES && !lines[0]?.startsWith("// Over 300 lines: ");
    });
    expect(unexplained).toEqual([]);
  });
});
