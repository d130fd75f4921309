// Signed Stripe webhooks against a real database, through the same handler the route uses: a payment for an
// order that was already cancelled is taken, flagged for the admin, and paid once.

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { carts, emailOutbox, orderStatusHistory, orders } from "~/db/schema";
import { listOrders } from "../admin-orders.server";
import { loadCart } from "../cart.server";
import { cancelAwaitingOrder } from "../orders.server";
import { handleStripeWebhook } from "./stripe-webhook.server";
import { cardOrder, checkOutByCard, completed, ctx, post, t } from "./stripe-webhook-fixture";

describe("a payment for an order that was already cancelled", () => {
  it("marks it paid anyway, runs the paid pipeline once, and flags it for the admin", async () => {
    const { order, sessionId, cart } = await cardOrder();
    // The customer came back to /payment-canceled: the order is cancelled and the cart kept.
    await cancelAwaitingOrder(t.db, order.id, { userId: null, label: "customer" }, "Customer left");
    expect(await loadCart(t.db, cart.id)).not.toBeNull();

    const event = completed(order, sessionId, `evt_late_${order.id}`);
    expect(await post(event)).toEqual({ status: 200, body: "paid after cancellation" });

    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe("paid");
    expect(after!.paidAt).not.toBeNull();
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(orderStatusHistory.id);
    expect(history.map((h) => `${h.fromStatus ?? "new"}>${h.toStatus}`)).toEqual([
      "new>awaiting_payment",
      "awaiting_payment>cancelled",
      "cancelled>paid",
    ]);
    expect(history.at(-1)).toMatchObject({
      actor: "stripe webhook",
      note: "Paid after cancellation: checkout.session.completed",
    });
    const confirmations = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Order ${order.orderNumber} confirmed`));
    expect(confirmations).toHaveLength(1);
    // The cart still held exactly this checkout, so it is done with, as after any payment.
    expect(await loadCart(t.db, cart.id)).toBeNull();

    // The admin's list shows it, and can filter for it.
    const listed = await listOrders(t.db, { q: order.orderNumber });
    expect(listed.orders[0]).toMatchObject({ status: "paid", paidAfterCancellation: true });
    const flagged = await listOrders(t.db, { status: "paid_after_cancellation" });
    expect(flagged.orders.map((o) => o.id)).toContain(order.id);

    // A replay of the event changes nothing and sends nothing again.
    expect(await post(event)).toEqual({ status: 200, body: "unchanged: duplicate-event" });
    expect(
      await t.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.subject, `Order ${order.orderNumber} confirmed`)),
    ).toHaveLength(1);
  });

  it("keeps the cart when the customer has checked it out again since, and pays only the order that was paid", async () => {
    const { order: first, sessionId, cart } = await cardOrder();
    await cancelAwaitingOrder(t.db, first.id, { userId: null, label: "customer" }, "Customer left");
    // Checking the same cart out again makes a new order with a new number.
    const { order: second } = await checkOutByCard(cart.id);
    expect(second.orderNumber).not.toBe(first.orderNumber);

    expect(await post(completed(first, sessionId, `evt_late_${first.id}`))).toMatchObject({
      body: "paid after cancellation",
    });
    expect(await t.db.select().from(carts).where(eq(carts.id, cart.id))).toHaveLength(1);
    const [open] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, second.id), eq(orders.status, "awaiting_payment")));
    expect(open).toBeDefined();
  });

  it("an order paid normally is not flagged, and a refunded order is not paid again", async () => {
    const { order, sessionId } = await cardOrder();
    expect(await post(completed(order, sessionId, `evt_ok_${order.id}`))).toMatchObject({ body: "paid" });
    const listed = await listOrders(t.db, { q: order.orderNumber });
    expect(listed.orders[0]).toMatchObject({ status: "paid", paidAfterCancellation: false });

    await t.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, order.id));
    expect(await post(completed(order, sessionId, `evt_again_${order.id}`))).toMatchObject({
      body: "unchanged: not-awaiting-payment",
    });
  });

  it("refuses a forged event with 400 and changes nothing", async () => {
    const { order, sessionId } = await cardOrder();
    await cancelAwaitingOrder(t.db, order.id, { userId: null, label: "customer" }, "Customer left");
    const event = completed(order, sessionId, `evt_forged_${order.id}`);
    const forged = await handleStripeWebhook(
      ctx,
      event.payload.replace('"paid"', '"paid" '),
      event.signature,
    );
    expect(forged.status).toBe(400);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe("cancelled");
  });
});
