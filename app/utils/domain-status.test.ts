// Every sentence about a company's domain comes from its state: walked here state by state.
import { describe, expect, it } from "vitest";
import { domainStatus } from "./domain-status";

describe("a company domain's status", () => {
  it("says where the domain stands in each state", () => {
    expect(domainStatus({ verified: false, requireSso: false }, false)).toMatch(/^Not verified yet/);
    expect(domainStatus({ verified: false, requireSso: false }, true)).toMatch(/^Not verified yet/);
    expect(domainStatus({ verified: true, requireSso: false }, false)).toBe(
      "Verified. Add your identity provider to let its people sign in through it.",
    );
    expect(domainStatus({ verified: true, requireSso: false }, true)).toBe(
      "Verified. Its people may sign in by password or through your identity provider.",
    );
    expect(domainStatus({ verified: true, requireSso: true }, true)).toBe(
      "Verified. Single sign-on is required: its people cannot sign in by password.",
    );
  });
});
