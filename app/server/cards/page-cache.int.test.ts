// The card page cache stays within its limits whatever visitors ask for, keeps the pages they actually visit,
// and still serves every edit on the next request.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cardPages } from "~/db/schema";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { CARD_CACHE_LIMITS, CARD_CACHE_MISS_TTL_MS, type CardEntry } from "./card-entries.server";
import { getCardPageById } from "./card-reads.server";
import { createCardPage, updateCardPage } from "./cards.server";
import { cardPageCache, createCardPageCache, loadCardEntry } from "./page-cache.server";

const html = (entry: CardEntry | null | undefined) => entry?.identity.toString() ?? "";
const website = (n: number) => ({ title: `Link ${n}`, url: `https://example.com/${n}`, icon: "globe" });

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const options = () => ({ db: t.db, publicUrl: "http://shop.test", siteName: "TapCard", shared: false });
const card = (slug: string, name = slug, links = [website(1)]) =>
  createCardPage(t.db, { name, slug, password: "edit-password-1", links });

describe("card page cache limits", () => {
  it("made-up slugs never grow it past its cap nor push out a hot page, and an edit still shows at once", async () => {
    const hot = await card("hot-page", "Hot Page");
    expect(html(await loadCardEntry(options(), "hot-page", "link"))).toContain("Hot Page");

    for (let i = 0; i < CARD_CACHE_LIMITS.misses + 100; i++)
      expect(await loadCardEntry(options(), `no-such-card-${i}`, "link")).toBeNull();

    const size = cardPageCache.size();
    expect(size.misses).toBeLessThanOrEqual(CARD_CACHE_LIMITS.misses);
    expect(size.pages).toBe(1);
    expect(cardPageCache.peek("hot-page", "link")).toBeTruthy();

    await updateCardPage(t.db, hot.id, { name: "Hot Page Edited", slug: "hot-page", links: [website(1)] });
    expect(html(await loadCardEntry(options(), "hot-page", "link"))).toContain("Hot Page Edited");
  });

  it("forgets 'no such card' soon, so a card created behind its back still shows", async () => {
    const cache = createCardPageCache();
    expect(await cache.load(options(), "late-card", "link")).toBeNull();
    // Created without telling this cache, as a write another process made and failed to announce.
    await t.db.insert(cardPages).values({
      cardNumber: "WC0002",
      slug: "late-card",
      name: "Late Card",
      passwordHash: "scrypt$x$y",
    });
    expect(await cache.load(options(), "late-card", "link")).toBeNull();

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + CARD_CACHE_MISS_TTL_MS + 1);
    expect(html(await cache.load(options(), "late-card", "link"))).toContain("Late Card");
    expect(cache.size().misses).toBe(0);
  });

  it("drops the least recently visited pages once its bytes are spent, and keeps the busy one", async () => {
    const probe = createCardPageCache();
    for (let i = 0; i < 5; i++) await card(`lru-page-${i}`);
    await probe.load(options(), "lru-page-0", "link");
    const onePage = probe.size().pageBytes;

    const cache = createCardPageCache({ ...CARD_CACHE_LIMITS, pageBytes: Math.floor(onePage * 3.5) });
    await cache.load(options(), "lru-page-0", "link");
    for (let i = 1; i < 5; i++) {
      await cache.load(options(), `lru-page-${i}`, "link");
      expect(cache.peek("lru-page-0", "link")).toBeTruthy(); // visited again between the others
    }
    expect(cache.size().pageBytes).toBeLessThanOrEqual(Math.floor(onePage * 3.5));
    expect(cache.size().pages).toBe(3);
    expect(cache.peek("lru-page-1", "link")).toBeUndefined();
    expect(html(await cache.load(options(), "lru-page-1", "link"))).toContain("lru-page-1");
  });

  it("holds a bounded number of link targets, and a link whose target was dropped still redirects", async () => {
    const created = await card(
      "many-links",
      "Many Links",
      Array.from({ length: 8 }, (_, i) => website(i)),
    );
    const cache = createCardPageCache({ ...CARD_CACHE_LIMITS, linkTargets: 5 });
    await cache.load(options(), "many-links", "link");
    expect(cache.size().linkTargets).toBe(5);
    const links = (await getCardPageById(t.db, created.id))!.links;
    expect(cache.peekLinkTarget(links[0]!.id)).toBeUndefined();
    expect((await cache.resolveLinkTarget(t.db, links[0]!.id))?.url).toBe("https://example.com/0");
    expect(cache.peekLinkTarget(links[7]!.id)?.url).toBe("https://example.com/7");
  });

  it("answers each card and source with its own page when visits alternate between them", async () => {
    const cache = createCardPageCache();
    await card("alt-one", "Alt One");
    await card("alt-two", "Alt Two");
    for (const slug of ["alt-one", "alt-two"])
      for (const source of ["nfc", "qr"] as const) await cache.load(options(), slug, source);
    for (let round = 0; round < 2; round++) {
      expect(html(cache.peek("alt-one", "nfc"))).toContain("Alt One");
      expect(html(cache.peek("alt-two", "nfc"))).toContain("Alt Two");
      expect(html(cache.peek("alt-two", "qr"))).toContain("Alt Two");
      expect(html(cache.peek("alt-one", "qr"))).toContain("Alt One");
      expect(cache.peek("alt-one", "link")).toBeUndefined();
      expect(html(cache.peek("alt-one", "qr"))).not.toBe(html(cache.peek("alt-one", "nfc")));
    }
  });

  it("does not store a load that an edit overtook, however many other pages changed meanwhile", async () => {
    const raced = await card("raced-page", "Before Edit");
    const cache = createCardPageCache();
    // The load reads first; the edit is announced while that read is still on its way back, and then far more
    // pages change than the cache has room for.
    const loading = cache.load(options(), "raced-page", "link");
    const editing = updateCardPage(t.db, raced.id, {
      name: "After Edit",
      slug: "raced-page",
      links: [website(1)],
    });
    cache.invalidate("raced-page");
    for (let i = 0; i < CARD_CACHE_LIMITS.misses + CARD_CACHE_LIMITS.linkTargets; i++)
      cache.invalidate(`other-page-${i}`);
    await Promise.all([loading, editing]);
    expect(cache.peek("raced-page", "link")).toBeUndefined();
    expect(html(await cache.load(options(), "raced-page", "link"))).toContain("After Edit");
  });
});
