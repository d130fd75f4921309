// What a new route must be registered in besides app/routes.ts, checked in seconds instead of in a browser run:
// each dashboard section has its sidebar row (and so its icon), and every route has a row in the narrow-screens
// walk (a page to open, or why it is none). The access matrix's rows are checked by its own integration test.
import { describe, expect, it } from "vitest";
import { NAV_ICONS } from "~/components/dashboard/nav-icons";
import { DASHBOARD_NAV, navIconName } from "~/components/dashboard/nav-items";
import appRoutes from "~/routes";
import { NOT_PAGES, PAGES, patterns } from "./e2e/narrow-screens-pages";
import type { RouteConfigEntry } from "./support/route-table";

const find = (entries: RouteConfigEntry[], file: string): RouteConfigEntry | undefined =>
  entries.map((e) => (e.file === file ? e : find(e.children ?? [], file))).find(Boolean);

/** The dashboard's sections: its pages one level down with an address of their own (no parameter). */
function dashboardSections() {
  const layout = find(appRoutes as RouteConfigEntry[], "routes/dashboard/layout.tsx")!;
  return (layout.children ?? [])
    .filter((r) => r.file.endsWith(".tsx") && !r.path?.includes(":"))
    .map((r) => (r.path ? `/dashboard/${r.path}` : "/dashboard"));
}

describe("route registrations", () => {
  it("lists every dashboard section in the sidebar, and nothing else", () => {
    const sections = dashboardSections();
    expect(sections).toContain("/dashboard/links");
    expect(DASHBOARD_NAV.map((i) => i.to).sort()).toEqual(sections.sort());
    // Each row has its icon in the sprite.
    expect(DASHBOARD_NAV.filter((i) => !NAV_ICONS[navIconName(i.to)])).toEqual([]);
  });

  it("gives every route a row in the narrow-screens walk, and keeps no row of a route that is gone", () => {
    const table = [...new Set(patterns())];
    const rows = [...Object.keys(PAGES), ...Object.keys(NOT_PAGES)];
    expect(table.filter((p) => !rows.includes(p))).toEqual([]);
    expect(rows.filter((p) => !table.includes(p))).toEqual([]);
  });
});
