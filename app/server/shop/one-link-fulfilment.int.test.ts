// A paid One Link card gets a card number and shows on the buyer's account; its link is permanent, so the public
// update form refuses it; and card numbers stay unique across both kinds of card, drawn at the same moment.

import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cardPages, cartItems, oneLinkCards, orderItems } from "~/db/schema";
import * as updateLinks from "~/routes/shop/update-links";
import { routeContext, testAuth } from "../../../tests/support/auth";
import { answer, postRequest } from "../../../tests/support/routes";
import { countRows, markPaidByAdmin } from "../../../tests/support/shop";
import { createCardPage } from "../cards/cards.server";
import { getDashboardStats } from "../cards/dashboard-home.server";
import { listOwnedOneLinkCards, ONE_LINK_PERMANENT } from "../cards/one-link-cards.server";

import { config, fx, paidOrder } from "./fulfilment-fixture";

describe("a One Link card once paid", () => {
  it("gets a card number, once, and is on the buyer's account: My Cards and the dashboard count it", async () => {
    const before = await getDashboardStats(fx.t.db, fx.buyerId, "2026-11-27");
    const order = await paidOrder(["one-link"], fx.buyerId);
    // A replayed payment makes no second card.
    expect((await markPaidByAdmin(fx.t.db, order.id)).changed).toBe(false);
    const mine = (await listOwnedOneLinkCards(fx.t.db, fx.buyerId)).filter((c) => c.orderId === order.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      cardNumber: expect.stringMatching(/^WC\d{4}$/),
      url: expect.stringMatching(/^https:\/\/one-link-\d+\.example\/path$/),
      orderNumber: order.orderNumber,
      state: "To write",
    });
    const after = await getDashboardStats(fx.t.db, fx.buyerId, "2026-11-27");
    expect(after.cardsOwned).toBe(before.cardsOwned + 1);
    expect(after.totalLinks).toBe(before.totalLinks + 1);
  });
});

describe("the public update form ('Update Your Card')", () => {
  it("refuses a One Link card's number: its link is permanent, so nothing goes into the cart", async () => {
    const order = await paidOrder(["one-link"]);
    const [card] = await fx.t.db
      .select({ cardNumber: oneLinkCards.cardNumber })
      .from(oneLinkCards)
      .innerJoin(orderItems, eq(orderItems.id, oneLinkCards.orderItemId))
      .where(eq(orderItems.orderId, order.id));
    const linesBefore = await countRows(fx.t.db, cartItems);
    const reply = await answer(
      updateLinks.action,
      postRequest("http://shop.test/update-links", {
        cardNumber: card!.cardNumber.toLowerCase(),
        name: "Olive",
        email: "olive@example.com",
        updateType: "add-link",
        platform: "Website",
        url: "https://another.example",
      }),
      routeContext(fx.t.db, config, testAuth(fx.t.db, config), "10.9.9.9"),
    );
    expect(reply.status).toBe(400);
    expect((reply.data.result as { error: Record<string, string[]> }).error.cardNumber).toEqual([
      ONE_LINK_PERMANENT,
    ]);
    expect(await countRows(fx.t.db, cartItems)).toBe(linesBefore);
  });
});

describe("card numbers", () => {
  it("name one card each across card pages and One Link cards, drawn at the same time from the last free numbers", async () => {
    // Leave ten numbers free, then draw them all at once from both kinds of card.
    await fx.t.db.execute(
      sql`insert into card_pages (card_number, name, slug, password_hash) select 'WC' || n, 'Filler', 'filler-' || n, 'x' from generate_series(1000, 9999) as n where not exists (select 1 from card_pages c where c.card_number = 'WC' || n) and not exists (select 1 from one_link_cards o where o.card_number = 'WC' || n) order by n offset 10`,
    );
    const results = await Promise.allSettled([
      ...Array.from({ length: 5 }, (_, i) =>
        createCardPage(
          fx.t.db,
          { name: `Race ${i}`, slug: `race-${i}`, password: "race-password-1", links: [] },
          { announce: false },
        ),
      ),
      ...Array.from({ length: 5 }, () => paidOrder(["one-link"])),
    ]);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const numbers = [
      ...(await fx.t.db.select({ n: cardPages.cardNumber }).from(cardPages)),
      ...(await fx.t.db.select({ n: oneLinkCards.cardNumber }).from(oneLinkCards)),
    ].map((r) => r.n);
    expect(numbers).toHaveLength(9000);
    expect(new Set(numbers).size).toBe(9000);
    await fx.t.db.delete(cardPages).where(inArray(cardPages.name, ["Filler"]));
  });
});
