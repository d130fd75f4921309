// Card ownership against the database: the account's card list and adding a card by number + edit password.
// The race case proves something only on PostgreSQL (PGlite runs one transaction at a time).
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, cardViewsDaily, linkClicksDaily, pageLinks, rateLimits, users } from "~/db/schema";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createCardPage } from "./cards.server";
import { CLAIM_LIMITED, CLAIM_REFUSED, claimCard, listOwnedCards } from "./ownership.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

let serial = 0;
async function customer() {
  const id = crypto.randomUUID();
  await t.db.insert(users).values({ id, name: `Customer ${id}`, email: `${id}@example.com` });
  return id;
}
async function card(password = "edit-pass-1", ownerUserId: string | null = null) {
  serial += 1;
  return createCardPage(
    t.db,
    {
      name: `Owner ${serial}`,
      businessName: "Bakery",
      slug: `owned-${serial}`,
      password,
      ownerUserId,
      links: [
        { title: "Website", url: "https://example.com", icon: "globe" },
        { title: "Shop", url: "https://example.com/shop", icon: "globe" },
      ],
    },
    { announce: false },
  );
}
/** A fresh client address per test, so one test's attempts do not use up another's limit. */
const address = () => `10.0.${Math.floor(Math.random() * 255)}.${serial++ % 255}`;
const owner = async (id: string) =>
  (await t.db.select({ o: cardPages.ownerUserId }).from(cardPages).where(eq(cardPages.id, id)))[0]?.o;

describe("adding a card to an account", () => {
  it("adds the card when the number and edit password match, and the card is then listed", async () => {
    const me = await customer();
    const c = await card("right-pass-1");
    const outcome = await claimCard(t.db, {
      userId: me,
      clientIp: address(),
      cardNumber: c.cardNumber,
      password: "right-pass-1",
    });
    expect(outcome).toEqual({ ok: true, cardNumber: c.cardNumber });
    expect(await owner(c.id)).toBe(me);
    const listed = await listOwnedCards(t.db, me);
    expect(listed.map((l) => l.cardNumber)).toEqual([c.cardNumber]);
    expect(listed[0]).toMatchObject({ slug: c.slug, businessName: "Bakery", links: 2, views: 0, clicks: 0 });
  });

  it("refuses a wrong password and an unknown number with the same message, and sets no owner", async () => {
    const me = await customer();
    const c = await card("right-pass-1");
    const wrong = await claimCard(t.db, {
      userId: me,
      clientIp: address(),
      cardNumber: c.cardNumber,
      password: "wrong-pass-1",
    });
    const unknown = await claimCard(t.db, {
      userId: me,
      clientIp: address(),
      cardNumber: "WC0000",
      password: "right-pass-1",
    });
    expect(wrong).toEqual({ ok: false, error: CLAIM_REFUSED, status: 400 });
    expect(unknown).toEqual(wrong);
    expect(CLAIM_REFUSED).toBe("Card number or password is incorrect");
    expect(await owner(c.id)).toBeNull();
    expect(await listOwnedCards(t.db, me)).toEqual([]);
  });

  it("never takes a card that another customer owns, even with the right password", async () => {
    const alice = await customer();
    const bob = await customer();
    const c = await card("right-pass-1", alice);
    const outcome = await claimCard(t.db, {
      userId: bob,
      clientIp: address(),
      cardNumber: c.cardNumber,
      password: "right-pass-1",
    });
    expect(outcome).toEqual({ ok: false, error: CLAIM_REFUSED, status: 400 });
    expect(await owner(c.id)).toBe(alice);
    expect(await listOwnedCards(t.db, bob)).toEqual([]);
    // Adding one's own card again is harmless.
    expect(
      await claimCard(t.db, {
        userId: alice,
        clientIp: address(),
        cardNumber: c.cardNumber,
        password: "right-pass-1",
      }),
    ).toMatchObject({ ok: true });
  });

  it("gives a card to exactly one of many customers claiming it at the same moment", async () => {
    const c = await card("right-pass-1");
    const claimants = await Promise.all(Array.from({ length: 8 }, () => customer()));
    const outcomes = await Promise.all(
      claimants.map((userId) =>
        claimCard(t.db, { userId, clientIp: address(), cardNumber: c.cardNumber, password: "right-pass-1" }),
      ),
    );
    const winners = claimants.filter((_, i) => outcomes[i]!.ok);
    expect(winners).toHaveLength(1);
    expect(await owner(c.id)).toBe(winners[0]);
  });

  it("stops guessing after 10 attempts an hour per client address and per account", async () => {
    const c = await card("right-pass-1");
    const guesser = await customer();
    const ip = address();
    for (let i = 0; i < 10; i++) {
      const o = await claimCard(t.db, {
        userId: guesser,
        clientIp: ip,
        cardNumber: c.cardNumber,
        password: `guess-${i}`,
      });
      expect(o).toMatchObject({ ok: false, error: CLAIM_REFUSED });
    }
    // Even the right password is refused now, from this address and from this account on another address.
    expect(
      await claimCard(t.db, {
        userId: guesser,
        clientIp: ip,
        cardNumber: c.cardNumber,
        password: "right-pass-1",
      }),
    ).toEqual({ ok: false, error: CLAIM_LIMITED, status: 429 });
    expect(
      await claimCard(t.db, {
        userId: guesser,
        clientIp: address(),
        cardNumber: c.cardNumber,
        password: "right-pass-1",
      }),
    ).toEqual({ ok: false, error: CLAIM_LIMITED, status: 429 });
    const otherAccount = await customer();
    expect(
      await claimCard(t.db, {
        userId: otherAccount,
        clientIp: ip,
        cardNumber: c.cardNumber,
        password: "right-pass-1",
      }),
    ).toEqual({ ok: false, error: CLAIM_LIMITED, status: 429 });
    expect(await owner(c.id)).toBeNull();
    await t.db.delete(rateLimits).where(sql`${rateLimits.key} like 'claim-card:%'`);
  });
});

describe("the account's card list", () => {
  it("lists only the account's own cards, newest first, with view and click totals", async () => {
    const me = await customer();
    const someoneElse = await customer();
    const older = await card("p-1", me);
    const newer = await card("p-2", me);
    await card("p-3", someoneElse);
    await t.db
      .update(cardPages)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(cardPages.id, older.id));
    await t.db.insert(cardViewsDaily).values([
      { cardPageId: newer.id, day: "2026-01-01", source: "nfc", count: 3 },
      { cardPageId: newer.id, day: "2026-01-02", source: "qr", count: 4 },
    ]);
    const [link] = await t.db.select().from(pageLinks).where(eq(pageLinks.cardPageId, newer.id)).limit(1);
    await t.db
      .insert(linkClicksDaily)
      .values({ linkId: link!.id, cardPageId: newer.id, day: "2026-01-01", source: "link", count: 5 });
    const listed = await listOwnedCards(t.db, me);
    expect(listed.map((l) => [l.cardNumber, l.links, l.views, l.clicks])).toEqual([
      [newer.cardNumber, 2, 7, 5],
      [older.cardNumber, 2, 0, 0],
    ]);
  });
});
