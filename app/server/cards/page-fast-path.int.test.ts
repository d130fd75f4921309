// The fast path answers on the raw Node request, outside any framework, where an exception would end the
// process: it must never throw. Proven on a real HTTP server with data an older version could have stored.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cardViewsDaily, pageLinks } from "~/db/schema";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { flushAnalytics, recordView } from "./analytics.server";
import { createCardPage } from "./cards.server";
import { loadCardEntry } from "./page-cache.server";
import { tryFastCardResponse } from "./page-responses.server";

let t: TestDb;
let server: http.Server;
let base: string;
/** What escaped the fast path: a real server would have crashed on each. */
const escaped: unknown[] = [];
const logged: object[] = [];
const log = { error: (details: object) => logged.push(details) };

beforeAll(async () => {
  t = await createTestDb();
  server = http.createServer((req, res) => {
    // A write that fails the way Node refuses a header it cannot send.
    if (req.headers["x-test-fail-write"]) {
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
      let first = true;
      res.writeHead = ((...args: unknown[]) => {
        if (!first) return writeHead(...args);
        first = false;
        throw new TypeError('Invalid character in header content ["Location"]');
      }) as typeof res.writeHead;
    }
    try {
      if (!tryFastCardResponse(req, res, log)) res.writeHead(404).end();
    } catch (error) {
      escaped.push(error);
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** A card whose link was stored raw by an older version, loaded into the cache as a first visit does. */
async function cardWithRawLink(slug: string, url: string) {
  const card = await createCardPage(t.db, { name: "Raw", slug, password: "edit-password-1", links: [] });
  const [link] = await t.db
    .insert(pageLinks)
    .values({ cardPageId: card.id, title: "Café", url, icon: "globe", sortOrder: 0 })
    .returning({ id: pageLinks.id });
  const options = { db: t.db, publicUrl: "http://shop.test", siteName: "TapCard", shared: false };
  expect(await loadCardEntry(options, slug, "link")).not.toBeNull();
  return link!.id;
}

describe("the card page fast path", () => {
  it("redirects a link stored with non-ASCII characters, every time, and stays up", async () => {
    const linkId = await cardWithRawLink("raw-link", "https://exämple.com/café/日本");
    for (let visit = 0; visit < 3; visit++) {
      const res = await fetch(`${base}/go/${linkId}`, { redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("https://xn--exmple-cua.com/caf%C3%A9/%E6%97%A5%E6%9C%AC");
    }
    expect(escaped).toEqual([]);
  });

  it("answers 500 instead of throwing when writing the answer fails, and goes on serving", async () => {
    const linkId = await cardWithRawLink("failing-write", "https://example.com/");
    const failed = await fetch(`${base}/go/${linkId}`, {
      redirect: "manual",
      headers: { "x-test-fail-write": "1" },
    });
    expect(failed.status).toBe(500);
    expect(await failed.text()).toBe("Internal Server Error");
    expect(escaped).toEqual([]);
    expect(logged).toHaveLength(1);

    const page = await fetch(`${base}/failing-write`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Raw");
  });

  it("counts each view by where it came from: the address printed on the card, or any other spelling", async () => {
    const card = await createCardPage(t.db, {
      name: "Sources",
      slug: "sources",
      password: "edit-password-1",
      links: [],
    });
    const options = { db: t.db, publicUrl: "http://shop.test", siteName: "TapCard", shared: false };
    for (const source of ["nfc", "qr", "link"] as const) await loadCardEntry(options, "sources", source);
    const browser = {
      "User-Agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36",
    };
    /** Visits each address, writes the counts, and reads the card's views by source. */
    const viewsAfterVisits = async (paths: string[]) => {
      for (const path of paths) {
        const res = await fetch(`${base}${path}`, { headers: browser });
        expect(res.status).toBe(200);
      }
      await flushAnalytics(t.db);
      return t.db
        .select({ source: cardViewsDaily.source, count: sql<number>`sum(${cardViewsDaily.count})::int` })
        .from(cardViewsDaily)
        .where(eq(cardViewsDaily.cardPageId, card.id))
        .groupBy(cardViewsDaily.source)
        .orderBy(cardViewsDaily.source);
    };
    const queries = ["?s=nfc", "?s=nfc", "?s=qr", "?s=%71r", "?utm_source=x&s=qr", "?s=NFC", "?s=", ""];
    expect(await viewsAfterVisits(queries.map((query) => `/sources${query}`))).toEqual([
      { source: "link", count: 3 },
      { source: "nfc", count: 2 },
      { source: "qr", count: 3 },
    ]);

    // After the counts were written: the same card and source as the last view first, then addresses read before
    // and other spellings. None lost, none counted twice.
    const again = ["/sources", "/sources?s=nfc", "/SOURCES?s=nfc", "/card/sources?s=qr", "/sources?s=nfc"];
    expect(await viewsAfterVisits(again)).toEqual([
      { source: "link", count: 4 },
      { source: "nfc", count: 5 },
      { source: "qr", count: 4 },
    ]);
  });

  it("stores a view a moment before midnight (UTC) under that day and one at midnight under the next", async () => {
    const card = await createCardPage(t.db, {
      name: "Midnight",
      slug: "midnight",
      password: "edit-password-1",
      links: [],
    });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-11-27T23:59:59.900Z"));
      recordView(card.id, "nfc");
      vi.setSystemTime(new Date("2026-11-28T00:00:00.000Z"));
      recordView(card.id, "nfc");
      recordView(card.id, "nfc");
    } finally {
      vi.useRealTimers();
    }
    await flushAnalytics(t.db);
    const days = await t.db
      .select({ day: cardViewsDaily.day, count: cardViewsDaily.count })
      .from(cardViewsDaily)
      .where(eq(cardViewsDaily.cardPageId, card.id))
      .orderBy(cardViewsDaily.day);
    expect(days).toEqual([
      { day: "2026-11-27", count: 1 },
      { day: "2026-11-28", count: 2 },
    ]);
  });
});
