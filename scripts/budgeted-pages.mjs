// The pages with performance budgets, in one list for the two places that check them: the JavaScript budget in
// `npm test` (tests/js-budget.test.ts, on the client build) and `npm run bench:lighthouse` (in a browser).

/** Gzipped JavaScript a budgeted page may load, in KiB (decision 036: 120 before forms kept early input). */
export const JS_BUDGET_KIB = 121;

/** Shop, account and dashboard pages, each within the JavaScript budget; dashboard pages are requested signed in. */
export const BUDGETED_PAGES = [
  "/order-card",
  "/cart",
  "/update-links",
  "/payment-success",
  "/login",
  "/register",
  "/dashboard",
  "/dashboard/links",
  "/dashboard/cards",
  "/dashboard/resell",
  "/dashboard/cold-calling",
];

/** Marketing pages: Lighthouse measures them beside the budgeted ones, with the same budgets. */
export const MARKETING_PAGES = ["/", "/pricing", "/contact"];
