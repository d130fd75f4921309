// No file in app/, tests included, is over 300 lines (a long module is split by what it does, a long test file by
// what it tests, its setup in a fixture beside it: decision 037), except the database schema, which is one table
// list. Elsewhere (server/, scripts/) a source file over 300 lines says why on its first line ("// Over 300 lines:
// ..."), so that it grows past that only on purpose (docs/decisions/024-layers-and-server-timing.md).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./support/app-server";

const MAX_LINES = 300;
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const TEST = /\.test\.tsx?$/;
/** The one file in app/ allowed to be longer: every table of the database, in one place. */
const LONG_IN_APP = ["app/db/schema.ts"];

function files(folder: string, withTests = false): string[] {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => SOURCE.test(file) && (withTests || !TEST.test(file)))
    .map((file) => path.join(folder, file));
}

const linesOf = (file: string) => fs.readFileSync(path.join(root, file), "utf8").trimEnd().split("\n");

describe("source files", () => {
  it(`in app/ are at most ${MAX_LINES} lines, tests included, the schema excepted`, () => {
    const long = files("app", true).filter(
      (file) => !LONG_IN_APP.includes(file) && linesOf(file).length > MAX_LINES,
    );
    expect(long).toEqual([]);
  });

  it(`in server/ and scripts/ say on their first line why they are over ${MAX_LINES} lines`, () => {
    const unexplained = ["server", "scripts"]
      .flatMap((f) => files(f, false))
      .filter((file) => {
        const lines = linesOf(file);
        return lines.length > MAX_LINES && !lines[0]?.startsWith("// Over 300 lines: ");
      });
    expect(unexplained).toEqual([]);
  });
});
