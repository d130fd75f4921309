import { describe, expect, it } from "vitest";
import { classifyOrderLinks, linkUrlProblem, socialProfileUrl, websiteUrl } from "./card-links";
import { normalizeSlug, slugFromName, slugProblem } from "./slug";

describe("slugs", () => {
  it("normalises as the card form says", () => {
    expect(normalizeSlug("  Jamie   Test Page! ")).toBe("jamie-test-page");
    expect(normalizeSlug("Café_Bar")).toBe("cafbar");
  });
  it("makes create-client slugs from names", () => {
    expect(slugFromName("  Morgan & Co. Coffee!! ")).toBe("morgan-co-coffee");
  });
  it("refuses reserved and empty slugs", () => {
    expect(slugProblem("admin-dashboard")).toMatch(/reserved/);
    expect(slugProblem("")).toBe("Slug is required");
    expect(slugProblem("wc341")).toBeNull();
  });
});

describe("link URLs", () => {
  it("accepts http(s), mailto and tel only", () => {
    expect(linkUrlProblem("https://example.com/a")).toBeNull();
    expect(linkUrlProblem("mailto:a@example.com")).toBeNull();
    expect(linkUrlProblem("tel:+44 7700 900123")).toBeNull();
    expect(linkUrlProblem("javascript:alert(1)")).not.toBeNull();
    expect(linkUrlProblem("JaVaScRiPt:alert(1)")).not.toBeNull();
    expect(linkUrlProblem("java\tscript:alert(1)")).not.toBeNull();
    expect(linkUrlProblem("data:text/html,hi")).not.toBeNull();
    expect(linkUrlProblem("")).toBe("URL is required");
  });
  it("builds profile and website URLs", () => {
    expect(socialProfileUrl("instagram", "@shop")).toBe("https://instagram.com/shop");
    expect(socialProfileUrl("facebook", "https://fb.com/x")).toBe("https://fb.com/x");
    expect(websiteUrl("shop.example")).toBe("https://shop.example/");
  });
  it("classifies order links", () => {
    const links = classifyOrderLinks([
      "tel:+441234567",
      "https://deliveroo.co.uk/menu/x",
      "https://example.com/our-menu",
      "https://g.page/x/review",
      "https://www.google.com/maps/x",
      "tel:+447700900123",
      "https://shop.example",
    ]);
    expect(links.map((l) => l.title)).toEqual([
      "Call Us",
      "Menu",
      "Menu",
      "Google Review",
      "Google Review",
      "Mobile",
      "Website",
    ]);
  });
});
