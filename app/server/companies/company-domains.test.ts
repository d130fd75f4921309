// A company's domain as typed, in the one form it is stored in, and the TXT record that proves it.
import { describe, expect, it } from "vitest";
import {
  DOMAIN_MESSAGES,
  DOMAIN_RECORD_PREFIX,
  domainRecord,
  normaliseDomain,
  PUBLIC_MAIL_DOMAINS,
} from "./company-domains.server";

describe("normaliseDomain", () => {
  it("keeps one form of what people type: case, a leading @, a trailing dot, spaces", () => {
    for (const typed of ["@Example.COM.", "example.com", "  EXAMPLE.com  ", "@example.com"])
      expect(normaliseDomain(typed)).toEqual({ domain: "example.com" });
    expect(normaliseDomain("Sales.Acme-Group.co.uk")).toEqual({ domain: "sales.acme-group.co.uk" });
    expect(normaliseDomain("xn--bcher-kva.example")).toEqual({ domain: "xn--bcher-kva.example" });
  });

  it("stores an international name as DNS holds it (punycode)", () => {
    expect(normaliseDomain("Bücher.example")).toEqual({ domain: "xn--bcher-kva.example" });
    expect(normaliseDomain("@MÜNCHEN.de.")).toEqual({ domain: "xn--mnchen-3ya.de" });
    expect(normaliseDomain("例え.jp")).toEqual({ domain: "xn--r8jz45g.jp" });
  });

  it("takes a name of 253 characters and refuses a longer one, however it is written", () => {
    const longest = ["a".repeat(63), "b".repeat(63), "c".repeat(63), "d".repeat(61)].join(".");
    expect(longest).toHaveLength(253);
    expect(normaliseDomain(longest)).toEqual({ domain: longest });
    expect(normaliseDomain(`@${longest.toUpperCase()}.`)).toEqual({ domain: longest });
    const tooLong = { error: DOMAIN_MESSAGES.tooLong };
    expect(normaliseDomain(`e${longest}`)).toEqual(tooLong);
    expect(normaliseDomain(`${"a.".repeat(5_000_000)}com`)).toEqual(tooLong);
    // Short as typed, longer than DNS allows once in punycode.
    const wide = `${"ü.".repeat(100)}com`;
    expect(wide.length).toBeLessThan(253);
    expect(normaliseDomain(wide)).toEqual(tooLong);
  });

  it("refuses what is not a domain", () => {
    const bad = [
      "",
      "   ",
      "@",
      ".",
      "example",
      "localhost.",
      "exa mple.com",
      "-example.com",
      "example-.com",
      "example..com",
      ".example.com",
      "example.com..",
      "a_b.example",
      "example.123",
      "127.0.0.1",
      "0x7f.1",
      "[::1]",
      "someone@example.com",
      "https://example.com",
      "example.com/path",
      "example.com:443",
      "example.com?x",
      "ex%61mple.com",
      "exa\tmple.com",
      `${"a".repeat(64)}.com`,
    ];
    for (const typed of bad)
      expect(normaliseDomain(typed), typed).toEqual({ error: DOMAIN_MESSAGES.badShape });
  });

  it("refuses public mail domains and the names under them, but not names that only look alike", () => {
    expect(PUBLIC_MAIL_DOMAINS.size).toBeGreaterThan(30);
    for (const domain of PUBLIC_MAIL_DOMAINS) {
      const refused = { error: DOMAIN_MESSAGES.publicMail(domain) };
      expect(normaliseDomain(domain), domain).toEqual(refused);
      expect(normaliseDomain(`@${domain.toUpperCase()}.`), domain).toEqual(refused);
      expect(normaliseDomain(`mail.${domain}`), domain).toEqual(refused);
    }
    expect(DOMAIN_MESSAGES.publicMail("gmail.com")).toContain("gmail.com");
    for (const domain of ["notgmail.com", "gmail.com.example", "gmail.co", "outlook.example"])
      expect(normaliseDomain(domain)).toEqual({ domain });
  });
});

describe("domainRecord", () => {
  it("names the record under the domain and gives the value with the company's token", () => {
    expect(domainRecord("acme.example", "abc_-123")).toEqual({
      name: `${DOMAIN_RECORD_PREFIX}.acme.example`,
      value: "tapcard-verification=abc_-123",
    });
    expect(domainRecord("xn--bcher-kva.example", "t").name).toBe(
      `${DOMAIN_RECORD_PREFIX}.xn--bcher-kva.example`,
    );
  });
});
