// Every signed-in route's row in the access matrix, by route file; each area keeps its rows in its own module.
import { ADMIN_CASES } from "./admin-cases";
import { DASHBOARD_CASES } from "./dashboard-cases";
import { SETTINGS_CASES } from "./settings-cases";
import type { RouteCase } from "./types";

export const CASES: Record<string, RouteCase> = { ...DASHBOARD_CASES, ...SETTINGS_CASES, ...ADMIN_CASES };
