// Every card sold is in its owner's hands, and the customer hears at each step: a paid One Link card gets a
// card number and shows on the buyer's account; the admin's 'To write and post' list gives each chip's exact
// address, oldest payment first; posting needs every card written, stores the tracking and e-mails its link in
// the same transaction; delivering completes the order. Card numbers stay unique across both kinds of card.

import { and, eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cardPages,
  cartItems,
  emailOutbox,
  oneLinkCards,
  orderItems,
  orderStatusHistory,
  orders,
  physicalCards,
  users,
} from "~/db/schema";
import * as updateLinks from "~/routes/shop/update-links";
import { routeContext, testAuth } from "../../../tests/support/auth";
import { answer, postRequest } from "../../../tests/support/routes";
import { countRows, deliveryTo, form, markPaidByAdmin, shopOpts, toastOf } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { SessionUser } from "../accounts/session.server";
import { createCardPage } from "../cards/cards.server";
import { getDashboardStats } from "../cards/dashboard-home.server";
import { listOwnedOneLinkCards, ONE_LINK_PERMANENT } from "../cards/one-link-cards.server";
import { loadConfig } from "../platform/env.server";
import { addCardItem, createCart } from "./cart.server";
import { createOrderFromCart } from "./checkout.server";
import { handleFulfilmentAction } from "./fulfilment-actions.server";
import { loadFulfilment } from "./fulfilment-queue.server";
import { progressOfOrder } from "./order-progress.server";

let t: TestDb;
const config = loadConfig({ DATA_DIR: "/tmp/fulfilment-test", PUBLIC_URL: "http://shop.test" });
const admin: SessionUser = { id: "admin-fulfil", name: "Admin", email: "admin@example.com", role: "admin" };
let buyerId: string;

beforeAll(async () => {
  t = await createTestDb();
  await t.db.insert(users).values({ ...admin, emailVerified: true });
  buyerId = crypto.randomUUID();
  await t.db
    .insert(users)
    .values({ id: buyerId, name: "Olive", email: "olive@example.com", emailVerified: true });
});
afterAll(() => t?.close());

let seq = 0;
const uniqueEmail = () => `buyer.${Date.now()}.${++seq}@example.com`;

async function paidOrder(
  kinds: ("one-link" | "multi-link")[],
  userId: string | null = null,
  email = uniqueEmail(),
) {
  const cart = await createCart(t.db);
  for (const kind of kinds) {
    const links = [{ platform: "website", label: "Website", url: `https://${kind}-${seq}.example/path` }];
    await addCardItem(
      t.db,
      cart.id,
      kind === "multi-link" ? { kind, name: "Mia Multi", bio: "", links } : { kind, links },
    );
  }
  const { order } = await createOrderFromCart(t.db, {
    cartId: cart.id,
    delivery: deliveryTo(email),
    paymentMethod: "bank_transfer",
    userId,
    shop: shopOpts.shop,
    bank: shopOpts.bank,
  });
  const paid = await markPaidByAdmin(t.db, order.id);
  expect(paid.changed).toBe(true);
  return order;
}

const ctx = () => ({ admin, config, pokeOutbox: () => {} });
const act = (fields: Record<string, string>) => handleFulfilmentAction(t.db, form(fields), ctx());
const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : (answer as { init?: { status?: number } }).init?.status;

async function toPostEntry(orderId: string) {
  return (await loadFulfilment(t.db, config.publicUrl)).toPost.find((o) => o.id === orderId);
}

async function historyNotes(orderId: string) {
  const rows = await t.db
    .select({
      from: orderStatusHistory.fromStatus,
      to: orderStatusHistory.toStatus,
      note: orderStatusHistory.note,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.id);
  return rows.map((r) => `${r.from} → ${r.to}: ${r.note}`);
}

describe("a One Link card once paid", () => {
  it("gets a card number, once, and is on the buyer's account: My Cards and the dashboard count it", async () => {
    const before = await getDashboardStats(t.db, buyerId, "2026-11-27");
    const order = await paidOrder(["one-link"], buyerId);
    // A replayed payment makes no second card.
    expect((await markPaidByAdmin(t.db, order.id)).changed).toBe(false);
    const mine = (await listOwnedOneLinkCards(t.db, buyerId)).filter((c) => c.orderId === order.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      cardNumber: expect.stringMatching(/^WC\d{4}$/),
      url: expect.stringMatching(/^https:\/\/one-link-\d+\.example\/path$/),
      orderNumber: order.orderNumber,
      state: "To write",
    });
    const after = await getDashboardStats(t.db, buyerId, "2026-11-27");
    expect(after.cardsOwned).toBe(before.cardsOwned + 1);
    expect(after.totalLinks).toBe(before.totalLinks + 1);
  });
});

describe("the public update form ('Update Your Card')", () => {
  it("refuses a One Link card's number: its link is permanent, so nothing goes into the cart", async () => {
    const order = await paidOrder(["one-link"]);
    const [card] = await t.db
      .select({ cardNumber: oneLinkCards.cardNumber })
      .from(oneLinkCards)
      .innerJoin(orderItems, eq(orderItems.id, oneLinkCards.orderItemId))
      .where(eq(orderItems.orderId, order.id));
    const linesBefore = await countRows(t.db, cartItems);
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
      routeContext(t.db, config, testAuth(t.db, config), "10.9.9.9"),
    );
    expect(reply.status).toBe(400);
    expect((reply.data.result as { error: Record<string, string[]> }).error.cardNumber).toEqual([
      ONE_LINK_PERMANENT,
    ]);
    expect(await countRows(t.db, cartItems)).toBe(linesBefore);
  });
});

describe("the admin's 'To write and post'", () => {
  it("lists paid orders with cards, oldest payment first, each card with the exact address for its chip", async () => {
    const first = await paidOrder(["multi-link", "one-link"]);
    const second = await paidOrder(["one-link"]);
    const { toPost } = await loadFulfilment(t.db, config.publicUrl);
    const ids = toPost.map((o) => o.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const entry = toPost.find((o) => o.id === first.id)!;
    const [page] = await t.db
      .select({ slug: cardPages.slug, cardNumber: cardPages.cardNumber })
      .from(cardPages)
      .where(eq(cardPages.name, "Mia Multi"))
      .orderBy(sql`${cardPages.createdAt} desc`)
      .limit(1);
    // A Multi Link card is written with its physical card's own address (decision 026), for the page just made.
    const [chip] = await t.db
      .select({ id: physicalCards.id, token: physicalCards.token, cardNumber: cardPages.cardNumber })
      .from(physicalCards)
      .innerJoin(cardPages, eq(cardPages.id, physicalCards.cardPageId))
      .where(eq(physicalCards.id, entry.cards[0]!.id!));
    expect(chip?.cardNumber).toBe(page!.cardNumber);
    expect(entry.cards.map((c) => [c.kind, c.url])).toEqual([
      ["multi-link", `http://shop.test/c/${chip!.token}`],
      ["one-link", expect.stringMatching(/^https:\/\/one-link-\d+\.example\/path$/)],
    ]);
    expect(entry.cards.every((c) => c.qr && c.qr.path.length > 0)).toBe(true);

    // Marking it written here puts the physical card in use, as the card's own view would.
    expect(statusOf(await act({ intent: "mark-written", kind: "multi-link", cardId: chip!.id }))).toBe(302);
    const [after] = await t.db.select().from(physicalCards).where(eq(physicalCards.id, chip!.id));
    expect(after?.state).toBe("active");
    expect((await toPostEntry(first.id))!.cards[0]!.writtenAt).not.toBeNull();
  });

  it("refuses 'Mark posted' until every card is written, then posts with tracking and e-mails its link", async () => {
    const order = await paidOrder(["multi-link", "one-link"]);
    const post = {
      intent: "mark-posted",
      orderId: order.id,
      carrier: "royal-mail",
      trackingNumber: "ab 1234 5678 9gb",
    };
    const refused = await act(post);
    expect(statusOf(refused)).toBe(409);
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.postedAt).toBeNull();

    const cards = (await toPostEntry(order.id))!.cards;
    for (const card of cards) {
      const answer = await act({ intent: "mark-written", kind: card.kind, cardId: card.id! });
      expect(statusOf(answer)).toBe(302);
    }
    // A second mark changes nothing and adds no history.
    const again = await act({ intent: "mark-written", kind: cards[0]!.kind, cardId: cards[0]!.id! });
    expect((await toastOf((again as Response).headers))?.title).toBe("Nothing changed");
    expect(
      (await progressOfOrder(t.db, (await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!))
        .status.stage,
    ).toBe("Being prepared");

    const posted = await act(post);
    expect(statusOf(posted)).toBe(302);
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ status: "paid", carrier: "royal-mail", trackingNumber: "AB123456789GB" });
    expect(await toPostEntry(order.id)).toBeUndefined();

    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, stored!.customerEmail), like(emailOutbox.subject, "%posted")));
    expect(mail!.subject).toBe(`Order ${order.orderNumber} posted`);
    expect(mail!.text).toContain(
      "Track your parcel: https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB",
    );
    const progress = await progressOfOrder(t.db, stored!);
    expect(progress).toMatchObject({
      status: { stage: "Posted" },
      carrier: "Royal Mail",
      trackingNumber: "AB123456789GB",
    });

    expect(await historyNotes(order.id)).toEqual([
      "null → awaiting_payment: Bank transfer chosen",
      "awaiting_payment → paid: Payment: bank_transfer",
      `paid → paid: Being prepared: card ${cards[0]!.cardNumber} written`,
      `paid → paid: Being prepared: card ${cards[1]!.cardNumber} written`,
      "paid → paid: Posted: Royal Mail, tracking AB123456789GB",
    ]);

    // Delivered: the order completes, the customer is told, and every step shows done.
    const delivered = await act({ intent: "mark-delivered", orderId: order.id, notify: "on" });
    expect(statusOf(delivered)).toBe(302);
    const [done] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(done!.status).toBe("completed");
    expect((await historyNotes(order.id)).at(-1)).toBe("paid → completed: Delivered");
    expect((await progressOfOrder(t.db, done!)).steps?.map((s) => [s.label, s.done])).toEqual([
      ["Paid", true],
      ["Being prepared", true],
      ["Posted", true],
      ["Delivered", true],
    ]);
    const deliveredMail = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, done!.customerEmail), like(emailOutbox.subject, "%delivered")));
    expect(deliveredMail).toHaveLength(1);
    // A delivered order takes no more steps.
    expect(statusOf(await act({ intent: "mark-delivered", orderId: order.id }))).toBe(409);
  });

  it("answers a bad carrier or tracking number with 400 and field errors, and changes nothing", async () => {
    const order = await paidOrder(["one-link"]);
    const card = (await toPostEntry(order.id))!.cards[0]!;
    await act({ intent: "mark-written", kind: card.kind, cardId: card.id! });
    for (const [fields, field] of [
      [{ carrier: "pigeon", trackingNumber: "AB123456789GB" }, "carrier"],
      [{ carrier: "dpd", trackingNumber: "x".repeat(41) }, "trackingNumber"],
      [{ carrier: "dpd", trackingNumber: "<script>" }, "trackingNumber"],
      [{ carrier: "dpd", trackingNumber: "" }, "trackingNumber"],
    ] as const) {
      const answer = await act({ intent: "mark-posted", orderId: order.id, ...fields });
      expect(statusOf(answer)).toBe(400);
      expect(Object.keys((answer as { data: { errors: object } }).data.errors)).toEqual([field]);
    }
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.postedAt).toBeNull();
    // The tracking number goes into the carrier's address encoded.
    await act({ intent: "mark-posted", orderId: order.id, carrier: "evri", trackingNumber: "H01-23 45" });
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `Order ${order.orderNumber} posted`));
    expect(mail!.text).toContain("https://www.evri.com/track/parcel/H012345");
  });

  it("refuses unknown intents, unknown cards and orders not paid", async () => {
    expect(statusOf(await act({ intent: "drop-table" }))).toBe(400);
    expect(
      statusOf(await act({ intent: "mark-written", kind: "one-link", cardId: crypto.randomUUID() })),
    ).toBe(404);
    expect(statusOf(await act({ intent: "mark-written", kind: "other", cardId: "x" }))).toBe(404);
    expect(statusOf(await act({ intent: "mark-delivered", orderId: "not-a-uuid" }))).toBe(404);
  });
});

describe("card numbers", () => {
  it("name one card each across card pages and One Link cards, drawn at the same time from the last free numbers", async () => {
    // Leave ten numbers free, then draw them all at once from both kinds of card.
    await t.db.execute(
      sql`insert into card_pages (card_number, name, slug, password_hash) select 'WC' || n, 'Filler', 'filler-' || n, 'x' from generate_series(1000, 9999) as n where not exists (select 1 from card_pages c where c.card_number = 'WC' || n) and not exists (select 1 from one_link_cards o where o.card_number = 'WC' || n) order by n offset 10`,
    );
    const results = await Promise.allSettled([
      ...Array.from({ length: 5 }, (_, i) =>
        createCardPage(
          t.db,
          { name: `Race ${i}`, slug: `race-${i}`, password: "race-password-1", links: [] },
          { announce: false },
        ),
      ),
      ...Array.from({ length: 5 }, () => paidOrder(["one-link"])),
    ]);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const numbers = [
      ...(await t.db.select({ n: cardPages.cardNumber }).from(cardPages)),
      ...(await t.db.select({ n: oneLinkCards.cardNumber }).from(oneLinkCards)),
    ].map((r) => r.n);
    expect(numbers).toHaveLength(9000);
    expect(new Set(numbers).size).toBe(9000);
    await t.db.delete(cardPages).where(inArray(cardPages.name, ["Filler"]));
  });
});
