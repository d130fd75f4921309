// Webhook addresses checked at delivery time: a name with any local address refused, the address checked is the
// one connected to, and no redirect followed.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { LookupAll } from "./address-guard.server";
import { deliverDueWebhooks } from "./delivery.server";
import { addEndpoint, base, contactEvent, deliveries, LOCAL, receiver, t } from "./webhooks-fixture";

describe("webhook addresses at delivery time", () => {
  /** A name that resolves to the given addresses, standing in for DNS; counts how often it was asked. */
  function dns(answers: Record<string, string[]>) {
    const asked: string[] = [];
    const lookup: LookupAll = async (host) => {
      asked.push(host);
      return (answers[host] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    };
    return { lookup, asked };
  }

  it.each([["127.0.0.1"], ["10.0.0.1"], ["169.254.169.254"], ["::1"], ["::ffff:127.0.0.1"]])(
    "refuses a name that resolves to %s without naming the address",
    async (address) => {
      // Saved while its name looked public; only the delivery sees where it points.
      await addEndpoint("https://hooks.example.com/hook", []);
      await contactEvent();
      const { lookup } = dns({ "hooks.example.com": [address] });
      expect(await deliverDueWebhooks(t.db, { ...base, allowedHosts: [], lookup })).toEqual({
        delivered: 0,
        failed: 1,
      });
      const [row] = await deliveries();
      // The owner is told why, but not the address: that would show the shop's own DNS.
      expect(row!.lastError).toBe("refused: hooks.example.com points to a private address");
      expect(row!.status).toBe("pending");
    },
  );

  it("refuses a name when any one of its addresses is local", async () => {
    await addEndpoint("https://mixed.example.com/hook", []);
    await contactEvent();
    const { lookup } = dns({ "mixed.example.com": ["93.184.215.14", "10.0.0.1"] });
    await deliverDueWebhooks(t.db, { ...base, allowedHosts: [], lookup });
    expect((await deliveries())[0]!.lastError).toBe("refused: mixed.example.com points to a private address");
  });

  it.each([["127.0.0.1"], ["10.0.0.1"], ["169.254.169.254"]])(
    "refuses a saved URL naming %s once the host is no longer allowed",
    async (address) => {
      await addEndpoint(`https://${address}/hook`, [address]);
      await contactEvent();
      await deliverDueWebhooks(t.db, { ...base, allowedHosts: [] });
      const [row] = await deliveries();
      expect(row!.lastError).toBe(`refused: ${address} points to a private address`);
      expect(row!.lastStatusCode).toBeNull();
    },
  );

  it("connects to the address it checked: an allowed name is resolved once and that address is used", async () => {
    const r = await receiver([200]);
    await addEndpoint(`http://receiver.test:${r.port}/hook`, ["receiver.test"]);
    await contactEvent();
    const { lookup, asked } = dns({ "receiver.test": ["127.0.0.1"] });
    expect(await deliverDueWebhooks(t.db, { ...base, allowedHosts: ["receiver.test"], lookup })).toEqual({
      delivered: 1,
      failed: 0,
    });
    expect(asked).toEqual(["receiver.test"]);
    expect(r.received[0]!.headers.host).toBe(`receiver.test:${r.port}`);
  });

  it("does not follow a redirect", async () => {
    const target = await receiver([200]);
    const server = http.createServer((_req, res) => {
      res.writeHead(307, { Location: target.url }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      await addEndpoint(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
      await contactEvent();
      await deliverDueWebhooks(t.db, { ...base, allowedHosts: LOCAL });
      expect((await deliveries())[0]).toMatchObject({ status: "pending", lastStatusCode: 307 });
      expect(target.received).toEqual([]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
