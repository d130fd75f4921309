import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fails on serious or critical accessibility violations of the current page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Toasts fade in and out; axe would measure their contrast mid-animation, so the toaster is left out. A sandboxed
  // frame runs no script, so axe cannot run inside it (the brand kit's signature preview, a document of our own).
  const results = await new AxeBuilder({ page })
    .exclude("[data-sonner-toaster]")
    .exclude("iframe[sandbox]")
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}
