// Which addresses a webhook may reach, and how a URL is stored: the rules behind the SSRF refusals.
import { describe, expect, it } from "vitest";
import { isForbiddenAddress, normaliseWebhookUrl, resolveWebhookTarget } from "./address-guard.server";

describe("forbidden addresses", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.100.100.200",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fc00::1",
    "fd00:ec2::254",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:7f00:1",
    "64:ff9b::a00:1",
    "2002:a00:1::1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(["93.184.215.14", "1.1.1.1", "8.8.8.8", "172.15.255.255", "172.32.0.1", "2606:4700:4700::1111"])(
    "allows the public address %s",
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );
});

describe("webhook URLs as saved", () => {
  it("normalises the scheme, host (punycode), path encoding, and drops the fragment", () => {
    expect(normaliseWebhookUrl("  HTTPS://Hooks.Exämple.COM/in box?a=1#frag ", [])).toBe(
      "https://hooks.xn--exmple-cua.com/in%20box?a=1",
    );
  });

  it.each([
    ["http://hooks.example.com/in", "must start with https://"],
    ["ftp://hooks.example.com/in", "must start with https://"],
    ["https://user:pass@hooks.example.com/in", "user name or password"],
    ["https://127.0.0.1/in", "public address"],
    ["https://10.0.0.1/in", "public address"],
    ["https://169.254.169.254/latest/meta-data", "public address"],
    ["https://[::1]/in", "public address"],
    ["https://[::ffff:127.0.0.1]/in", "public address"],
    ["https://0x7f000001/in", "public address"],
    ["https://2130706433/in", "public address"],
    ["https://localhost/in", "public address"],
    ["https://printer.local/in", "public address"],
    ["not a url", "full URL"],
    [`https://hooks.example.com/${"a".repeat(600)}`, "at most 500 characters"],
  ])("refuses %s", (url, message) => {
    expect(() => normaliseWebhookUrl(url, [])).toThrow(message);
  });

  it("accepts a named local host over http only when WEBHOOK_ALLOWED_HOSTS lists it", () => {
    expect(normaliseWebhookUrl("http://localhost:4000/hook", ["localhost"])).toBe(
      "http://localhost:4000/hook",
    );
    expect(normaliseWebhookUrl("http://127.0.0.1:4000/hook", ["127.0.0.1"])).toBe(
      "http://127.0.0.1:4000/hook",
    );
    expect(() => normaliseWebhookUrl("http://localhost:4000/hook", ["127.0.0.1"])).toThrow();
  });
});

describe("webhook targets at delivery", () => {
  const lookup = (address: string) => async () => [{ address, family: 4 as const }];

  it("uses the address a public name resolves to", async () => {
    const url = new URL("https://hooks.example.com/in");
    expect(await resolveWebhookTarget(url, { allowedHosts: [], lookup: lookup("93.184.215.14") })).toEqual({
      address: "93.184.215.14",
      family: 4,
    });
  });

  it("refuses a name that resolves to a local address, or does not resolve", async () => {
    const url = new URL("https://hooks.example.com/in");
    await expect(
      resolveWebhookTarget(url, { allowedHosts: [], lookup: lookup("127.0.0.1") }),
    ).rejects.toThrow("resolves to 127.0.0.1");
    await expect(resolveWebhookTarget(url, { allowedHosts: [], lookup: async () => [] })).rejects.toThrow(
      "could not be resolved",
    );
  });

  it("refuses localhost through the system resolver unless it is allowed", async () => {
    await expect(resolveWebhookTarget(new URL("https://localhost/in"), { allowedHosts: [] })).rejects.toThrow(
      /refused: localhost resolves to (127\.0\.0\.1|::1)/,
    );
    const allowed = await resolveWebhookTarget(new URL("http://localhost/in"), {
      allowedHosts: ["localhost"],
    });
    expect(["127.0.0.1", "::1"]).toContain(allowed.address);
  });
});
