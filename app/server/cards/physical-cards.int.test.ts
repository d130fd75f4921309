// A card's life as visitors meet it: each physical card opens its page through its own chip address, one card
// can be turned off while the others still open the page, a paused page answers a short notice everywhere, and a
// replacement, once written, takes over from the lost card. Served by the fast path from memory, as in the app.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPageEvents, cardViewsDaily, orderItems, physicalCards } from "~/db/schema";
import {
  cartWithMultiLink,
  delivery,
  MULTI_LINK_PRICE,
  markPaidByAdmin,
  shopOpts,
} from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { addReplacementItem, createCart } from "../shop/cart.server";
import { createOrderFromCart } from "../shop/checkout.server";
import { flushAnalytics } from "./analytics.server";
import { cardHistory, physicalCardsToWrite } from "./card-lifecycle.server";
import { setCardPaused, setOlderCardsOff } from "./card-page-state.server";
import { getCardPageById } from "./card-reads.server";
import { createCardPage } from "./cards.server";
import { cardPageCache } from "./page-cache.server";
import { tryFastCardResponse } from "./page-responses.server";
import {
  chipPath,
  createPhysicalCard,
  markPhysicalCardWritten,
  setPhysicalCardOff,
} from "./physical-cards.server";

let t: TestDb;
let server: http.Server;
let base: string;
const options = () => ({ db: t.db, publicUrl: "http://shop.test", siteName: "TapCard", shared: false });
const owner = { userId: null, label: "owner@example.com" };
const browser = {
  "User-Agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36",
};

beforeAll(async () => {
  t = await createTestDb();
  // Only the fast path answers here: 404 'not in memory' stands for the app's fallback route.
  server = http.createServer((req, res) => {
    if (!tryFastCardResponse(req, res)) res.writeHead(404, { "x-not-in-memory": "1" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** Loads the address into memory as the app's fallback route would, then asks the fast path alone. */
async function visit(path: string) {
  const url = new URL(path, base);
  const chip = /^\/c\/(.+)$/.exec(url.pathname);
  const go = /^\/go\/(.+)$/.exec(url.pathname);
  if (chip) await cardPageCache.loadChip(options(), chip[1]!);
  else if (go) await cardPageCache.load(options(), await slugOfLink(go[1]!), "link");
  else {
    const s = url.searchParams.get("s");
    await cardPageCache.load(options(), url.pathname.slice(1), s === "nfc" || s === "qr" ? s : "link");
  }
  const res = await fetch(url, { headers: browser, redirect: "manual" });
  expect(res.headers.get("x-not-in-memory")).toBeNull();
  return { status: res.status, html: await res.text(), headers: res.headers };
}

async function slugOfLink(linkId: string) {
  const target = await cardPageCache.resolveLinkTarget(t.db, linkId);
  const page = await getCardPageById(t.db, target!.cardId);
  return page!.slug;
}

async function viewsBySource(cardPageId: string) {
  await flushAnalytics(t.db);
  const rows = await t.db
    .select({ source: cardViewsDaily.source, count: sql<number>`sum(${cardViewsDaily.count})::int` })
    .from(cardViewsDaily)
    .where(eq(cardViewsDaily.cardPageId, cardPageId))
    .groupBy(cardViewsDaily.source);
  return Object.fromEntries(rows.map((r) => [r.source, r.count]));
}

async function pageWithTwoCards(slug: string) {
  const page = await createCardPage(t.db, {
    name: "Casey Owner",
    slug,
    password: "edit-password-1",
    links: [{ title: "Website", url: "https://casey.example/", icon: "globe" }],
  });
  const first = await createPhysicalCard(t.db, { cardPageId: page.id }, owner);
  const second = await createPhysicalCard(t.db, { cardPageId: page.id }, owner);
  await markPhysicalCardWritten(t.db, first.id);
  await markPhysicalCardWritten(t.db, second.id);
  return { page, first, second };
}

describe("chip addresses", () => {
  it("each card opens its page at its own short address, counted as an NFC tap", async () => {
    const { page, first } = await pageWithTwoCards("chip-open");
    expect(first.token).toMatch(/^[0-9A-Za-z]{11}$/);
    // An NTAG213 holds 144 bytes of NDEF; the URL record's prefix byte stands for 'https://'.
    expect(Buffer.byteLength(`shop.example.co.uk${chipPath(first)}`)).toBeLessThan(60);
    const tap = await visit(chipPath(first));
    expect(tap.status).toBe(200);
    expect(tap.html).toContain("Casey Owner");
    expect(tap.html).toContain("?s=nfc"); // its links count as NFC too
    await visit(chipPath(first));
    expect(await viewsBySource(page.id)).toEqual({ nfc: 2 });
  });

  it("a card reported lost stops opening the page while the page's other card and its address still do", async () => {
    const { page, first, second } = await pageWithTwoCards("chip-lost");
    expect((await visit(chipPath(first))).html).toContain("Casey Owner");
    await setPhysicalCardOff(t.db, first.id, true, owner, { cardPageId: page.id });

    const lost = await visit(chipPath(first));
    expect(lost.html).toContain("This card is turned off");
    expect(lost.html).not.toContain("Casey Owner");
    expect((await visit(chipPath(second))).html).toContain("Casey Owner");
    expect((await visit("/chip-lost")).html).toContain("Casey Owner");
    expect((await visit("/chip-lost?s=nfc")).html).toContain("Casey Owner");

    // Undone: the card opens the page again.
    await setPhysicalCardOff(t.db, first.id, false, owner, { cardPageId: page.id });
    expect((await visit(chipPath(first))).html).toContain("Casey Owner");
    const actions = (await cardHistory(t.db, page.id)).map((h) => `${h.action} by ${h.actor}`);
    expect(actions.slice(0, 2)).toEqual(["card-on by owner@example.com", "card-off by owner@example.com"]);
  });

  it("an address never issued is not a card", async () => {
    expect(await cardPageCache.loadChip(options(), "AAAAAAAAAAA")).toBeNull();
    expect(await cardPageCache.loadChip(options(), "short")).toBeNull();
  });

  it("the older cards' address (?s=nfc) can be turned off while the page's own address stays live", async () => {
    const { page, first } = await pageWithTwoCards("chip-older");
    await setOlderCardsOff(t.db, page.id, true, owner);
    expect((await visit("/chip-older?s=nfc")).html).toContain("This card is turned off");
    expect((await visit("/chip-older")).html).toContain("Casey Owner");
    expect((await visit(chipPath(first))).html).toContain("Casey Owner");
    await setOlderCardsOff(t.db, page.id, false, owner);
    expect((await visit("/chip-older?s=nfc")).html).toContain("Casey Owner");
  });
});

describe("pausing a card", () => {
  it("answers every address with a short notice that is not indexed and counts nothing, until resumed", async () => {
    const { page, first } = await pageWithTwoCards("paused-card");
    const linkId = (await getCardPageById(t.db, page.id))!.links[0]!.id;
    await setCardPaused(t.db, page.id, true, owner);

    for (const path of [
      "/paused-card",
      "/paused-card?s=nfc",
      "/paused-card?s=qr",
      chipPath(first),
      `/go/${linkId}`,
    ]) {
      const res = await visit(path);
      expect(res.status, path).toBe(200);
      expect(res.html, path).toContain("This card is paused");
      expect(res.html, path).toContain('<meta name="robots" content="noindex">');
      expect(res.html, path).not.toContain("<a ");
      expect(res.html, path).not.toContain("<form");
      expect(res.headers.get("x-robots-tag"), path).toBe("noindex");
    }
    expect(await viewsBySource(page.id)).toEqual({});

    await setCardPaused(t.db, page.id, false, owner);
    expect((await visit("/paused-card")).html).toContain("Casey Owner");
    const go = await visit(`/go/${linkId}`);
    expect(go.status).toBe(302);
    expect(go.headers.get("location")).toBe("https://casey.example/");
    expect((await cardHistory(t.db, page.id)).map((h) => h.action).slice(0, 2)).toEqual([
      "resumed",
      "paused",
    ]);
  });
});

describe("replacements", () => {
  it("a paid replacement is a new card to write for the same page; writing it turns the lost card off", async () => {
    const { page, first, second } = await pageWithTwoCards("replaced-card");
    const cart = await createCart(t.db);
    await addReplacementItem(t.db, cart.id, {
      links: [],
      replacementFor: { cardPageId: page.id, cardNumber: page.cardNumber, physicalCardId: first.id },
    });
    const { order } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery,
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    // Priced as the card from the catalogue, with delivery.
    expect(order.subtotal).toBe(MULTI_LINK_PRICE);
    expect(await markPaidByAdmin(t.db, order.id)).toMatchObject({ changed: true, cardPages: [] });

    const toWrite = (await physicalCardsToWrite(t.db)).filter((c) => c.cardPageId === page.id);
    expect(toWrite).toHaveLength(1);
    const replacement = toWrite[0]!;
    expect(replacement).toMatchObject({ isReplacement: true, replacesId: first.id, slug: "replaced-card" });
    // Until the replacement is written, the lost card still opens the page.
    expect((await visit(chipPath(first))).html).toContain("Casey Owner");

    expect(await markPhysicalCardWritten(t.db, replacement.id)).toBe(true);
    expect(await markPhysicalCardWritten(t.db, replacement.id)).toBe(false); // once
    expect((await visit(chipPath(replacement))).html).toContain("Casey Owner");
    expect((await visit(chipPath(first))).html).toContain("This card is turned off");
    expect((await visit(chipPath(second))).html).toContain("Casey Owner");
    const [lost] = await t.db.select().from(physicalCards).where(eq(physicalCards.id, first.id));
    expect(lost).toMatchObject({ state: "off", offReason: "replaced" });
  });

  it("a replacement for an older card turns the older cards' address off when written", async () => {
    const page = await createCardPage(t.db, {
      name: "Old Card",
      slug: "older-replaced",
      password: "pw-123456",
      links: [],
    });
    const replacement = await createPhysicalCard(
      t.db,
      { cardPageId: page.id, replacesOlderCards: true },
      owner,
    );
    expect((await visit("/older-replaced?s=nfc")).html).toContain("Old Card");
    await markPhysicalCardWritten(t.db, replacement.id);
    expect((await visit("/older-replaced?s=nfc")).html).toContain("This card is turned off");
    expect((await visit(chipPath(replacement))).html).toContain("Old Card");
    expect((await visit("/older-replaced")).html).toContain("Old Card");
  });

  it("a Multi Link card bought now is made with a chip address of its own, waiting to be written", async () => {
    const cart = await cartWithMultiLink(t.db);
    const { order } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery,
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    const paid = await markPaidByAdmin(t.db, order.id);
    if (!paid.changed) throw new Error("not paid");
    const [made] = paid.cardPages;
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const cards = await t.db.select().from(physicalCards).where(eq(physicalCards.cardPageId, made!.id));
    expect(cards).toMatchObject([{ state: "to_write", orderItemId: item!.id, replacesId: null }]);
    const events = await t.db.select().from(cardPageEvents).where(eq(cardPageEvents.cardPageId, made!.id));
    expect(events).toMatchObject([{ action: "card-created", actor: "payment" }]);
  });
});
