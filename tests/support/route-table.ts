// The app's route table as tests walk it: every route from app/routes.ts with its full address pattern, and its
// module loaded the way React Router would, so a suite over "every route" covers a new route without an edit.
import appRoutes from "~/routes";

export interface RouteConfigEntry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteConfigEntry[];
}

export interface RouteRow {
  /** The module, relative to app/: 'routes/admin/cards.tsx'. */
  file: string;
  /** The full address pattern with its parameters: '/admin-dashboard/edit/:id', '/api/auth/*'. */
  pattern: string;
}

/** Every route of the config, parents before children, with the address it answers. */
export function routeRows(entries = appRoutes as RouteConfigEntry[], parent = ""): RouteRow[] {
  return entries.flatMap((r) => {
    const pattern = r.path ? `${parent}/${r.path}` : parent || "/";
    return [{ file: r.file, pattern }, ...routeRows(r.children ?? [], pattern === "/" ? "" : pattern)];
  });
}

export type RouteModule = {
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
};

const modules = import.meta.glob<RouteModule>([
  "../../app/routes/**/*.{ts,tsx}",
  "!../../app/routes/**/*.test.{ts,tsx}",
]);

/** The module of a route file named as in the config ('routes/admin/cards.tsx'). */
export async function routeModule(file: string): Promise<RouteModule> {
  const key = Object.keys(modules).find((k) => k.replace(/^\.\.\/\.\.\/app\//, "") === file);
  if (!key) throw new Error(`No module for ${file}`);
  return modules[key]!();
}
