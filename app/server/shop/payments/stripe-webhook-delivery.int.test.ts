// Signed Stripe webhooks as they really arrive: one event delivered many times at once, events out of order,
// forged signatures and tampered amounts, each changing nothing it should not.

import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { listOrders } from "../admin-orders.server";
import { handleStripeWebhook } from "./stripe-webhook.server";
import {
  capturingLogger,
  completed,
  expired,
  outcomeOf,
  post,
  referredListOrder,
  secret,
  signedEvent,
  t,
} from "./stripe-webhook-fixture";

describe("one payment delivered many times", () => {
  it("the same signed event 10 times at once pays the order once: one e-mail, one commission, one list of 20", async () => {
    const { order, sessionId, buyer } = await referredListOrder();
    const event = completed(order, sessionId, `evt_ten_${order.id}`);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(event)));

    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.body === "paid")).toHaveLength(1);
    expect(answers.filter((a) => a.body === "unchanged: duplicate-event")).toHaveLength(9);
    expect(await outcomeOf(order, buyer.id)).toEqual({
      status: "paid",
      transitions: ["new>awaiting_payment", "awaiting_payment>paid"],
      confirmations: 1,
      commissions: 1,
      cardPages: 1,
      lists: 1,
      prospects: 20,
      events: 1,
    });
  });

  it("completed and expired for one session, 5 of each at once, end paid once whichever lands first", async () => {
    const { order, sessionId, buyer } = await referredListOrder();
    const paid = completed(order, sessionId, `evt_mix_paid_${order.id}`);
    const gone = expired(order, sessionId, `evt_mix_expired_${order.id}`);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(i % 2 ? gone : paid)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const outcome = await outcomeOf(order, buyer.id);
    expect(outcome).toMatchObject({
      status: "paid",
      confirmations: 1,
      commissions: 1,
      cardPages: 1,
      lists: 1,
      prospects: 20,
      events: 2,
    });
    expect(outcome.transitions.filter((s) => s.endsWith(">paid"))).toHaveLength(1);
  });
});

describe("events out of order", () => {
  it("expired after completed leaves the order paid, and sends and cancels nothing", async () => {
    const { order, sessionId, buyer } = await referredListOrder();
    expect(await post(completed(order, sessionId, `evt_first_${order.id}`))).toMatchObject({ body: "paid" });
    const before = await outcomeOf(order, buyer.id);
    expect(await post(expired(order, sessionId, `evt_late_expiry_${order.id}`))).toEqual({
      status: 200,
      body: "ok",
    });
    expect(await outcomeOf(order, buyer.id)).toEqual({ ...before, events: before.events + 1 });
    expect(before).toMatchObject({
      status: "paid",
      transitions: ["new>awaiting_payment", "awaiting_payment>paid"],
      confirmations: 1,
      prospects: 20,
    });
  });

  it("completed after expired pays the cancelled order once, flagged, with everything a payment brings", async () => {
    const { order, sessionId, buyer } = await referredListOrder();
    expect(await post(expired(order, sessionId, `evt_expiry_${order.id}`))).toMatchObject({ body: "ok" });
    expect((await outcomeOf(order, buyer.id)).status).toBe("cancelled");

    const late = completed(order, sessionId, `evt_after_expiry_${order.id}`);
    expect(await post(late)).toMatchObject({ body: "paid after cancellation" });
    expect(await post(late)).toMatchObject({ body: "unchanged: duplicate-event" });
    // The expiry delivered again does not undo the payment.
    expect(await post(expired(order, sessionId, `evt_expiry_${order.id}`))).toMatchObject({ body: "ok" });
    expect(await outcomeOf(order, buyer.id)).toEqual({
      status: "paid",
      transitions: ["new>awaiting_payment", "awaiting_payment>cancelled", "cancelled>paid"],
      confirmations: 1,
      commissions: 1,
      cardPages: 1,
      lists: 1,
      prospects: 20,
      events: 2,
    });
    const listed = await listOrders(t.db, { q: order.orderNumber });
    expect(listed.orders[0]).toMatchObject({ paidAfterCancellation: true });
  });
});

describe("forged and tampered events", () => {
  it("a bad signature changes nothing, answers 400 and is logged", async () => {
    const { order, sessionId, buyer } = await referredListOrder();
    const before = await outcomeOf(order, buyer.id);
    const event = completed(order, sessionId, `evt_forged_sig_${order.id}`);
    const otherSecret = new Stripe("sk_test_x").webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: "whsec_someone_else",
    });
    const stale = new Stripe("sk_test_x").webhooks.generateTestHeaderString({
      payload: event.payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const attempts: [string, string | null][] = [
      [event.payload, otherSecret],
      [event.payload, stale],
      [event.payload, null],
      [event.payload, "t=1,v1=deadbeef"],
      // The amount raised in the body after signing.
      [
        event.payload.replace(`"amount_total":${order.total}`, `"amount_total":${order.total + 100}`),
        event.signature,
      ],
    ];
    for (const [body, signature] of attempts) {
      const { ctx: logged, lines } = capturingLogger();
      expect(await handleStripeWebhook(logged, body, signature)).toEqual({
        status: 400,
        body: "Invalid signature",
      });
      expect(lines).toEqual([
        expect.objectContaining({ level: 40, msg: "stripe webhook refused: bad signature" }),
      ]);
    }
    expect(await outcomeOf(order, buyer.id)).toEqual(before);
    expect(before).toMatchObject({ status: "awaiting_payment", confirmations: 0, events: 0 });
  });

  it("a signed event whose amount or currency is not the order's changes nothing and is logged", async () => {
    const { order, sessionId, buyer } = await referredListOrder();
    const before = await outcomeOf(order, buyer.id);
    const session = {
      id: sessionId,
      object: "checkout.session",
      payment_status: "paid",
      status: "complete",
      amount_total: order.total,
      currency: "gbp",
      client_reference_id: order.id,
      metadata: { orderId: order.id },
    };
    const tampered: Record<string, unknown>[] = [
      { amount_total: 1 },
      { amount_total: order.total - 1 },
      { amount_total: order.total * 2 },
      { amount_total: null },
      { currency: "usd" },
      { currency: "eur", amount_total: order.total },
      { currency: null },
    ];
    for (const [i, change] of tampered.entries()) {
      const { ctx: logged, lines } = capturingLogger();
      const event = signedEvent(
        "checkout.session.completed",
        { ...session, ...change },
        `evt_tampered_${i}_${order.id}`,
      );
      expect(await handleStripeWebhook(logged, event.payload, event.signature)).toEqual({
        status: 200,
        body: "amount mismatch",
      });
      expect(lines).toEqual([
        expect.objectContaining({
          level: 50,
          msg: "stripe payment amount does not match the order; not marked paid",
          orderId: order.id,
          expected: order.total,
          charged: "amount_total" in change ? change.amount_total : order.total,
          currency: "currency" in change ? change.currency : "gbp",
        }),
      ]);
    }
    expect(await outcomeOf(order, buyer.id)).toEqual(before);

    // The real payment still goes through afterwards.
    expect(await post(completed(order, sessionId, `evt_real_${order.id}`))).toMatchObject({ body: "paid" });
    expect(await outcomeOf(order, buyer.id)).toMatchObject({
      status: "paid",
      confirmations: 1,
      prospects: 20,
    });
  });
});
