// Types of scripts/budgeted-pages.mjs for the tests that use it.
export const JS_BUDGET_KIB: number;
export const BUDGETED_PAGES: readonly string[];
export const MARKETING_PAGES: readonly string[];
