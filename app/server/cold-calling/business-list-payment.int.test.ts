// Paying for a business list copies 20 businesses into the buyer's prospects, never one they already have,
// exactly once however often or concurrently the payment arrives.

import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { businessLists, leads, orderItems, orderStatusHistory, prospects } from "~/db/schema";
import { addBusinessListToCart } from "../shop/business-list-cart.server";
import { createCart } from "../shop/cart.server";
import { deliverBusinessLists, purchasedLists } from "./business-lists.server";
import { buyer, orderList, pay, prospectLeads, stockedType, t } from "./business-lists-fixture";
import { removeLead } from "./lead-pool.server";

describe("paying for a business list", () => {
  it("copies 20 businesses into the buyer's prospects, and a second list brings 20 others", async () => {
    const u = await buyer();
    const type = await stockedType(45);
    const first = await orderList(u.id, type);
    expect((await pay(first.id)).changed).toBe(true);
    const afterFirst = await prospectLeads(u.id);
    expect(afterFirst).toHaveLength(20);

    const second = await orderList(u.id, type);
    await pay(second.id);
    const all = await prospectLeads(u.id);
    expect(all).toHaveLength(40);
    expect(new Set(all).size).toBe(40);
    expect((await purchasedLists(t.db, u.id)).map((l) => l.count)).toEqual([20, 20]);

    // 5 left: a third list is refused before payment.
    const cart = await createCart(t.db);
    await expect(addBusinessListToCart(t.db, cart.id, u.id, type)).rejects.toThrow(/only 5/);
  });

  it("another buyer still gets the same businesses: copies are per buyer", async () => {
    const type = await stockedType(20);
    const [a, b] = [await buyer(), await buyer()];
    await pay((await orderList(a.id, type)).id);
    await pay((await orderList(b.id, type)).id);
    expect((await prospectLeads(a.id)).sort()).toEqual((await prospectLeads(b.id)).sort());
  });

  it("10 concurrent deliveries of one payment make one list of 20", async () => {
    const u = await buyer();
    const type = await stockedType(40);
    const order = await orderList(u.id, type, "card");
    const results = await Promise.all(
      Array.from({ length: 10 }, () => pay(order.id, `evt_same_${order.id}`)),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(await t.db.select().from(businessLists).where(eq(businessLists.userId, u.id))).toHaveLength(1);
    expect(await prospectLeads(u.id)).toHaveLength(20);
  });

  it("two lists of the same type paid at once never copy a business twice", async () => {
    const u = await buyer();
    const type = await stockedType(45);
    const [x, y] = [await orderList(u.id, type), await orderList(u.id, type)];
    await Promise.all([pay(x.id), pay(y.id)]);
    const got = await prospectLeads(u.id);
    expect(got).toHaveLength(40);
    expect(new Set(got).size).toBe(40);
  });

  it("a list paid while another list of the same buyer is still being written takes the next businesses", async () => {
    const u = await buyer();
    const type = await stockedType(45);
    const [x, y] = [await orderList(u.id, type), await orderList(u.id, type)];
    const itemsOf = (orderId: string) =>
      t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const [itemsX, itemsY] = [await itemsOf(x.id), await itemsOf(y.id)];
    let copied!: () => void;
    const firstCopied = new Promise<void>((r) => {
      copied = r;
    });
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    // The first delivery copies its 20 and holds its transaction open.
    const first = t.db.transaction(async (tx) => {
      await deliverBusinessLists(tx, { id: x.id, userId: u.id }, itemsX);
      copied();
      await released;
    });
    await firstCopied;
    // PGlite runs one transaction at a time: there the second can only start after the first.
    if (t.kind === "pglite") release();
    const second = t.db.transaction((tx) => deliverBusinessLists(tx, { id: y.id, userId: u.id }, itemsY));
    if (t.kind === "postgres") {
      // The second picked the same 20 and waits on the first's rows; then the first commits.
      await vi.waitFor(
        async () => {
          const waiting = await t.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect((waiting as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
      release();
    }
    const [, lists] = await Promise.all([first, second]);
    expect(lists).toEqual([{ listId: expect.any(String), copied: 20 }]);
    const got = await prospectLeads(u.id);
    expect(got).toHaveLength(40);
    expect(new Set(got).size).toBe(40);
  });

  it("fills what it can when the pool ran short after checkout, and tells the admin in the order's history", async () => {
    const u = await buyer();
    const type = await stockedType(20);
    const order = await orderList(u.id, type);
    const few = await t.db.select().from(leads).where(eq(leads.businessType, type)).limit(3);
    for (const l of few) await removeLead(t.db, l.id);
    await pay(order.id);
    expect(await prospectLeads(u.id)).toHaveLength(17);
    expect((await purchasedLists(t.db, u.id))[0]!.count).toBe(17);
    const notes = await t.db
      .select({ note: orderStatusHistory.note })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));
    expect(notes.map((n) => n.note)).toContainEqual(expect.stringMatching(/17 of 20 businesses delivered/));
  });

  it("removing a lead leaves the customers' copies", async () => {
    const u = await buyer();
    const type = await stockedType(20);
    await pay((await orderList(u.id, type)).id);
    const [copy] = await t.db.select().from(prospects).where(eq(prospects.userId, u.id)).limit(1);
    await removeLead(t.db, copy!.leadId!);
    const [after] = await t.db.select().from(prospects).where(eq(prospects.id, copy!.id));
    expect(after).toMatchObject({ businessName: copy!.businessName, leadId: null });
    expect(
      await t.db
        .select()
        .from(prospects)
        .where(and(eq(prospects.userId, u.id), isNull(prospects.leadId))),
    ).toHaveLength(1);
  });
});
