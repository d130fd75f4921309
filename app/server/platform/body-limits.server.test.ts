import { describe, expect, it } from "vitest";
import { maxBodyBytes } from "./body-limits.server";

describe("request body limits", () => {
  it("let a 5 MB image through on the pages that upload one, with or without JavaScript", () => {
    for (const path of [
      "/update-links",
      "/update-links.data",
      "/dashboard/settings",
      "/dashboard/settings.data",
      "/admin-dashboard/upload-image",
    ])
      expect(maxBodyBytes(path), path).toBeGreaterThan(5 * 1024 * 1024 + 64 * 1024);
  });

  it("let a CSV file a little over 1 MB reach the import, which refuses it with its own message", () => {
    for (const path of [
      "/dashboard/cold-calling/prospects",
      "/dashboard/cold-calling/prospects.data",
      "/admin-dashboard/leads",
      "/admin-dashboard/leads.data",
    ])
      expect(maxBodyBytes(path), path).toBeGreaterThan(1024 * 1024 + 64 * 1024);
  });

  it("keep every other form at 1 MB", () => {
    for (const path of ["/contact", "/contact.data", "/cart.data", "/dashboard/settings/billing", "/data"])
      expect(maxBodyBytes(path), path).toBe(1024 * 1024);
  });
});
