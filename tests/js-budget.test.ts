// The JavaScript budget of the shop, account and dashboard pages (120 KiB gzip each, as `npm run
// bench:lighthouse` measures it), checked on the client build so that a page that grows fails `npm test`, not
// only the benchmark. The pages and the budget are the benchmark's own (scripts/budgeted-pages.mjs).
import { beforeAll, describe, expect, it } from "vitest";
import { BUDGETED_PAGES, JS_BUDGET_KIB } from "../scripts/budgeted-pages.mjs";
import { buildApp, root } from "./support/app-server";
import { pageScripts } from "./support/client-js";

/** Libraries that only the server needs: forms are validated there. */
const SERVER_ONLY = [
  { name: "zod", marker: "$ZodType" },
  { name: "conform", marker: "__intent__" },
];

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

describe("JavaScript each page loads (client build, gzip as served)", () => {
  // The build is what is measured: made again only when a source is newer.
  beforeAll(() => buildApp(), 5 * 60_000);
  const clientDir = `${root}/build/client`;

  it.each(BUDGETED_PAGES)("%s stays within the budget", (page) => {
    const scripts = pageScripts(clientDir, page);
    const total = kib(scripts.reduce((sum, s) => sum + s.bytes, 0));
    const largest = scripts.slice(0, 6).map((s) => `${s.url} ${kib(s.bytes)} KiB`);
    expect(
      total,
      `${page}: ${total} KiB in ${scripts.length} files; largest: ${largest.join(", ")}`,
    ).toBeLessThanOrEqual(JS_BUDGET_KIB);
  });

  it.each(BUDGETED_PAGES)("%s loads no validator and no form library", (page) => {
    const found = pageScripts(clientDir, page).flatMap((s) =>
      SERVER_ONLY.filter((lib) => s.source.includes(lib.marker)).map((lib) => `${lib.name} in ${s.url}`),
    );
    expect(found).toEqual([]);
  });
});
