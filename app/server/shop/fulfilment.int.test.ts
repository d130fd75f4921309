// The admin's 'To write and post': each chip's exact address, oldest payment first; posting needs every card
// written, stores the tracking and e-mails its link in the same transaction; delivering completes the order; bad
// carriers, tracking numbers, intents, cards and orders change nothing.

import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cardPages, emailOutbox, orders, physicalCards } from "~/db/schema";
import { toastOf } from "../../../tests/support/shop";
import { act, config, fx, historyNotes, paidOrder, statusOf, toPostEntry } from "./fulfilment-fixture";
import { loadFulfilment } from "./fulfilment-queue.server";
import { progressOfOrder } from "./order-progress.server";

describe("the admin's 'To write and post'", () => {
  it("lists paid orders with cards, oldest payment first, each card with the exact address for its chip", async () => {
    const first = await paidOrder(["multi-link", "one-link"]);
    const second = await paidOrder(["one-link"]);
    const { toPost } = await loadFulfilment(fx.t.db, config.publicUrl);
    const ids = toPost.map((o) => o.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const entry = toPost.find((o) => o.id === first.id)!;
    const [page] = await fx.t.db
      .select({ slug: cardPages.slug, cardNumber: cardPages.cardNumber })
      .from(cardPages)
      .where(eq(cardPages.name, "Mia Multi"))
      .orderBy(sql`${cardPages.createdAt} desc`)
      .limit(1);
    // A Multi Link card is written with its physical card's own address (decision 026), for the page just made.
    const [chip] = await fx.t.db
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
    const [after] = await fx.t.db.select().from(physicalCards).where(eq(physicalCards.id, chip!.id));
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
    expect((await fx.t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.postedAt).toBeNull();

    const cards = (await toPostEntry(order.id))!.cards;
    for (const card of cards) {
      const answer = await act({ intent: "mark-written", kind: card.kind, cardId: card.id! });
      expect(statusOf(answer)).toBe(302);
    }
    // A second mark changes nothing and adds no history.
    const again = await act({ intent: "mark-written", kind: cards[0]!.kind, cardId: cards[0]!.id! });
    expect((await toastOf((again as Response).headers))?.title).toBe("Nothing changed");
    expect(
      (
        await progressOfOrder(
          fx.t.db,
          (
            await fx.t.db.select().from(orders).where(eq(orders.id, order.id))
          )[0]!,
        )
      ).status.stage,
    ).toBe("Being prepared");

    const posted = await act(post);
    expect(statusOf(posted)).toBe(302);
    const [stored] = await fx.t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ status: "paid", carrier: "royal-mail", trackingNumber: "AB123456789GB" });
    expect(await toPostEntry(order.id)).toBeUndefined();

    const [mail] = await fx.t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, stored!.customerEmail), like(emailOutbox.subject, "%posted")));
    expect(mail!.subject).toBe(`Order ${order.orderNumber} posted`);
    expect(mail!.text).toContain(
      "Track your parcel: https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB",
    );
    const progress = await progressOfOrder(fx.t.db, stored!);
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
    const [done] = await fx.t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(done!.status).toBe("completed");
    expect((await historyNotes(order.id)).at(-1)).toBe("paid → completed: Delivered");
    expect((await progressOfOrder(fx.t.db, done!)).steps?.map((s) => [s.label, s.done])).toEqual([
      ["Paid", true],
      ["Being prepared", true],
      ["Posted", true],
      ["Delivered", true],
    ]);
    const deliveredMail = await fx.t.db
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
    expect((await fx.t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.postedAt).toBeNull();
    // The tracking number goes into the carrier's address encoded.
    await act({ intent: "mark-posted", orderId: order.id, carrier: "evri", trackingNumber: "H01-23 45" });
    const [mail] = await fx.t.db
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
