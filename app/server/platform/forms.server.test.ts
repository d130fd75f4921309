// Where a form may send the browser afterwards: only somewhere on this site.
import { describe, expect, it } from "vitest";
import { safeRedirect } from "./forms.server";

const SITE = "https://shop.example";

describe("safeRedirect", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/dashboard/links?tab=social#top", "/dashboard/links?tab=social#top"],
    ["/order-card?type=multi-link", "/order-card?type=multi-link"],
    ["/a/../cart", "/cart"],
  ])("keeps the path %s on this site", (to, expected) => {
    expect(safeRedirect(to, "/home", SITE)).toBe(expected);
  });

  it.each([
    ["a tab that browsers drop", "/\t/evil.example"],
    ["a newline", "/\n/evil.example"],
    ["a carriage return", "/\r/evil.example"],
    ["a backslash", "/\\evil.example"],
    ["a backslash later on", "/foo\\..\\..\\evil"],
    ["a protocol-relative URL", "//evil.example"],
    ["a protocol-relative URL with more slashes", "///evil.example"],
    ["an absolute URL", "https://evil.example/"],
    ["a scheme without slashes", "javascript:alert(1)"],
    ["an encoded tab", "/%09/evil.example"],
    ["an encoded backslash", "/%5Cevil.example"],
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["a null byte", "/%00/evil.example"],
    ["broken percent-encoding", "/%E0%A4%A"],
    ["a relative path", "dashboard"],
    ["nothing", ""],
  ])("refuses %s", (_name, to) => {
    expect(safeRedirect(to, "/home", SITE)).toBe("/home");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(null, "/home", SITE)).toBe("/home");
    expect(safeRedirect(undefined, "/home", SITE)).toBe("/home");
    expect(safeRedirect(new File(["x"], "x"), "/home", SITE)).toBe("/home");
  });

  it("never leaves the site's origin, whatever the browser makes of the path", () => {
    for (const to of ["/\t/evil.example", "/\\evil.example", "//evil.example", "/%09/evil.example"]) {
      const target = new URL(safeRedirect(to, "/home", SITE), SITE);
      expect(target.origin).toBe(SITE);
    }
  });
});
