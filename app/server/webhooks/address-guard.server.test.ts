// Which addresses a webhook may reach, and how a URL is stored: the rules behind the SSRF refusals.
import dgram from "node:dgram";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import {
  isForbiddenAddress,
  normaliseWebhookUrl,
  resolverLookup,
  resolveWebhookTarget,
} from "./address-guard.server";

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
    ["https://hooks.example.com:8443/in", "standard https port (443)"],
    ["https://hooks.example.com:22/in", "standard https port (443)"],
    ["https://hooks.example.com:6379/in", "standard https port (443)"],
    ["not a url", "full URL"],
    [`https://hooks.example.com/${"a".repeat(600)}`, "at most 500 characters"],
  ])("refuses %s", (url, message) => {
    expect(() => normaliseWebhookUrl(url, [])).toThrow(message);
  });

  it("keeps port 443 named explicitly, as the default port", () => {
    expect(normaliseWebhookUrl("https://hooks.example.com:443/in", [])).toBe("https://hooks.example.com/in");
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
    ).rejects.toThrow("refused: hooks.example.com points to a private address");
    await expect(resolveWebhookTarget(url, { allowedHosts: [], lookup: async () => [] })).rejects.toThrow(
      "could not be resolved",
    );
  });

  it("never names the private address a name resolves to", async () => {
    const url = new URL("https://intranet-db.corp.example.com/in");
    const refused = resolveWebhookTarget(url, { allowedHosts: [], lookup: lookup("10.20.30.40") });
    await expect(refused).rejects.toThrow(
      "refused: intranet-db.corp.example.com points to a private address",
    );
    await expect(refused).rejects.not.toThrow("10.20.30.40");
  });

  it("refuses a saved URL on another port at delivery, unless its host is allowed", async () => {
    await expect(
      resolveWebhookTarget(new URL("https://hooks.example.com:25/in"), {
        allowedHosts: [],
        lookup: lookup("93.184.215.14"),
      }),
    ).rejects.toThrow("standard https port (443)");
    expect(
      await resolveWebhookTarget(new URL("http://127.0.0.1:4000/in"), { allowedHosts: ["127.0.0.1"] }),
    ).toEqual({ address: "127.0.0.1", family: 4 });
  });

  it("refuses localhost unless it is allowed, and then resolves it on this machine", async () => {
    await expect(resolveWebhookTarget(new URL("https://localhost/in"), { allowedHosts: [] })).rejects.toThrow(
      "refused: localhost points to a private address",
    );
    const allowed = await resolveWebhookTarget(new URL("http://localhost/in"), {
      allowedHosts: ["localhost"],
    });
    expect(["127.0.0.1", "::1"]).toContain(allowed.address);
  });
});

describe("the resolver", () => {
  it("gives up on a name server that never answers, cancelling its query", async () => {
    // A name server on 127.0.0.1 that reads every query and answers none.
    const server = dgram.createSocket("udp4");
    const queries: Buffer[] = [];
    server.on("message", (message) => queries.push(message));
    await new Promise<void>((resolve) => server.bind(0, "127.0.0.1", resolve));
    try {
      const lookup = resolverLookup({
        servers: [`127.0.0.1:${(server.address() as AddressInfo).port}`],
        timeoutMs: 200,
      });
      await expect(lookup("hooks.example.com")).rejects.toThrow();
      expect(queries.length).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  });
});
