// Which addresses count as one client for the per-address limits.
import { describe, expect, it } from "vitest";
import { addressKey } from "./rate-limit-address.server";

describe("addressKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv4 address written as IPv6 as that IPv4 address", () => {
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(addressKey("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts every IPv6 address of one /64 as one client, however it is written", () => {
    const keys = [
      "2001:db8:aa:1::1",
      "2001:0db8:00aa:0001:0000:0000:0000:0002",
      "2001:DB8:AA:1:ffff:ffff:ffff:ffff",
      "2001:db8:aa:1:1234::",
      "2001:db8:aa:1::9%eth0",
    ].map(addressKey);
    expect(new Set(keys)).toEqual(new Set(["2001:db8:aa:1::/64"]));
  });

  it("keeps different /64s apart, and IPv6 apart from IPv4", () => {
    expect(addressKey("2001:db8:aa:2::1")).toBe("2001:db8:aa:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("::")).toBe("0:0:0:0::/64");
  });

  it("leaves anything that is not an address as it is", () => {
    expect(addressKey("unknown")).toBe("unknown");
    expect(addressKey("")).toBe("");
  });
});
