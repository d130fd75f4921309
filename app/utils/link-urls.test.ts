// Link URLs are stored in one form, printable ASCII, as the link redirect's Location header must be.
import { describe, expect, it } from "vitest";
import { linkHref } from "~/schemas/link-rules";
import {
  classifyOrderLinks,
  linkUrlProblem,
  normalizeLinkUrl,
  socialProfileUrl,
  websiteUrl,
} from "./card-links";

const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;

describe("normalizeLinkUrl", () => {
  it("writes an internationalised host in punycode", () => {
    expect(normalizeLinkUrl("https://exämple.com/")).toBe("https://xn--exmple-cua.com/");
    expect(normalizeLinkUrl("https://bücher.example/über")).toBe("https://xn--bcher-kva.example/%C3%BCber");
  });

  it("percent-encodes a non-ASCII path, query and fragment", () => {
    expect(normalizeLinkUrl("https://example.com/café/日本")).toBe(
      "https://example.com/caf%C3%A9/%E6%97%A5%E6%9C%AC",
    );
    expect(normalizeLinkUrl("https://example.com/a b?q=ü z#straße")).toBe(
      "https://example.com/a%20b?q=%C3%BC%20z#stra%C3%9Fe",
    );
  });

  it("writes http(s) addresses the way the URL standard does", () => {
    expect(normalizeLinkUrl("  HTTPS://Example.COM:443/a/../b  ")).toBe("https://example.com/b");
    expect(normalizeLinkUrl("https://shop.example")).toBe("https://shop.example/");
  });

  it("gives mailto a punycode domain and percent-encodes the rest", () => {
    expect(normalizeLinkUrl("mailto:josé@exämple.com?subject=Grüße aus Köln")).toBe(
      "mailto:jos%C3%A9@xn--exmple-cua.com?subject=Gr%C3%BC%C3%9Fe%20aus%20K%C3%B6ln",
    );
    expect(normalizeLinkUrl("MAILTO:a@example.com")).toBe("mailto:a@example.com");
  });

  it("writes tel without spaces and encodes anything outside ASCII", () => {
    expect(normalizeLinkUrl("tel:+44 7700 900123")).toBe("tel:+447700900123");
    expect(normalizeLinkUrl("tel:+44\u00a07700 ٩٠٠")).toBe("tel:+447700%D9%A9%D9%A0%D9%A0");
  });

  it("always gives printable ASCII, even for what it does not understand", () => {
    for (const raw of [
      "https://example.com/日本",
      "https://exa mple.com/ü",
      "mailto:日本@日本.jp",
      "tel:☎ 123",
      "javascript:alert('é')",
      "https://example.com/\ud800",
      "ftp://exämple.com/",
      "just some words",
    ])
      expect(normalizeLinkUrl(raw)).toMatch(PRINTABLE_ASCII);
  });

  it("changes nothing the second time", () => {
    for (const raw of [
      "https://exämple.com/café/日本?q=ü#ß",
      "https://example.com/a%20b",
      "mailto:josé@exämple.com?subject=hé",
      "tel:+44 7700 900123",
      "javascript:alert(1)",
      "https://example.com/100%",
    ]) {
      const once = normalizeLinkUrl(raw);
      expect(normalizeLinkUrl(once)).toBe(once);
    }
  });

  it("still lets nothing but http(s), mailto and tel through", () => {
    for (const raw of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert('ü')",
      "java\tscript:alert(1)",
      "data:text/html,é",
    ])
      expect(linkUrlProblem(normalizeLinkUrl(raw))).not.toBeNull();
    expect(linkUrlProblem(normalizeLinkUrl("https://example.com/café"))).toBeNull();
    expect(linkUrlProblem(normalizeLinkUrl("mailto:josé@exämple.com"))).toBeNull();
  });

  it("refuses a URL whose stored form would be too long, though it was short as typed", () => {
    const typed = `https://example.com/${"日".repeat(400)}`;
    expect(typed.length).toBeLessThan(2000);
    expect(linkUrlProblem(typed)).toBe("URL is too long");
  });
});

describe("every way a link is made gives its stored form", () => {
  it("the create-client dialog's website, profiles and order links", () => {
    expect(websiteUrl("exämple.com/café")).toBe("https://xn--exmple-cua.com/caf%C3%A9");
    expect(socialProfileUrl("instagram", "@café")).toBe("https://instagram.com/caf%C3%A9");
    expect(socialProfileUrl("facebook", "https://facebook.com/日本")).toBe(
      "https://facebook.com/%E6%97%A5%E6%9C%AC",
    );
    const links = classifyOrderLinks(["https://exämple.com/menu", "tel:+44 7700 900123", "bücher.example"]);
    expect(links.map((l) => l.url)).toEqual([
      "https://xn--exmple-cua.com/menu",
      "tel:+447700900123",
      "https://xn--bcher-kva.example/",
    ]);
  });

  it("links from the order form, as they become page links", () => {
    expect(linkHref({ platform: "website", url: "https://example.com/café" })).toBe(
      "https://example.com/caf%C3%A9",
    );
    expect(linkHref({ platform: "email", url: "josé@exämple.com" })).toBe(
      "mailto:jos%C3%A9@xn--exmple-cua.com",
    );
    expect(linkHref({ platform: "phone", url: "+44 7700 900123" })).toBe("tel:+447700900123");
  });
});
