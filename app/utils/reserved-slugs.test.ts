import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { isReservedSlug } from "./slug";

type Entry = { path?: string; children?: Entry[] };

/** The first path segment of every route that is not itself a parameter, at any depth of layouts. */
function topSegments(entries: Entry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const full = [prefix, entry.path ?? ""].filter(Boolean).join("/");
    const own = full && !full.startsWith(":") && full !== "*" ? [full.split("/")[0]!] : [];
    // Children of a route with a path are below it; children of a pathless layout are top-level.
    return [...own, ...topSegments(entry.children ?? [], full)];
  });
}

describe("reserved slugs", () => {
  it("include every top-level route, so a card page can never hide a page of the site", () => {
    const segments = [...new Set(topSegments(routes as Entry[]))].map((s) => s.replace(/\.(txt|xml)$/, ""));
    expect(segments.length).toBeGreaterThan(10);
    expect(segments.filter((s) => !isReservedSlug(s))).toEqual([]);
  });
});
