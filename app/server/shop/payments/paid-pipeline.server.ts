// The one place an order becomes paid (docs/product.md#payments), whether a Stripe webhook or an admin's
// 'Mark paid' says so. Idempotent: each payment event is recorded once (unique provider + event id) and the
// status changes only from awaiting_payment (or cancelled, when the money arrived anyway), so a replay or a
// double click changes nothing. A Multi Link card's page is made here too, so a bought card is live at once, and a
// business list's businesses are copied into the buyer's prospects.
import { and, asc, eq, sql } from "drizzle-orm";
import { carts, orderItems, orders, paymentEvents, referralCommissions, updateRequests } from "~/db/schema";
import { isUpdateRequestLine } from "~/schemas/item-details";
import { itemSummary } from "~/utils/order-items";
import { CardPageError } from "../../cards/cards.server";
import { announceCardPagesChanged } from "../../cards/changes.server";
import { createItemOneLinkCards } from "../../cards/one-link-cards.server";
import { deliverBusinessLists } from "../../cold-calling/business-lists.server";
import type { DbOrTx } from "../../platform/db.server";
import { enqueueEmail } from "../../platform/email/outbox.server";
import { holdReasonFor, SELF_REFERRAL_REVERSED } from "../../referrals/self-referral.server";
import { claimUrl, createClaimToken } from "../card-claims.server";
import { type CreatedPage, cardOwnerForOrder, createItemPages } from "../order-card-pages.server";
import { type BankDetails, orderConfirmedEmail } from "../order-emails.server";
import { type Actor, changeStatus } from "../orders.server";
import { commissionForItems } from "../pricing.server";
import { applyOrQueueUpdateRequest } from "../update-requests.server";

export interface PaymentSource {
  provider: "stripe" | "manual";
  /** The provider's event id; 'Mark paid' uses one id per order, so a second click is a replay. */
  eventId: string;
  type: string;
  actor: Actor;
}

export type PaidResult =
  | {
      changed: true;
      orderNumber: string;
      applied: number;
      queued: number;
      afterCancellation: boolean;
      cardPages: CreatedPage[];
    }
  | { changed: false; reason: "duplicate-event" | "not-awaiting-payment" | "not-found" };

/** The history note of an order whose payment arrived after it was cancelled; the admin's list flags these. */
const PAID_AFTER_CANCELLATION = "Paid after cancellation";

export async function markOrderPaid(
  db: DbOrTx,
  orderId: string,
  source: PaymentSource,
  opts: { shop: string; bank: BankDetails | undefined; publicUrl: string },
): Promise<PaidResult> {
  const result = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { changed: false, reason: "not-found" } as const;
    const [event] = await tx
      .insert(paymentEvents)
      .values({ provider: source.provider, eventId: source.eventId, type: source.type, orderId })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!event) return { changed: false, reason: "duplicate-event" } as const;
    // A cancelled order can still be paid: the customer finished paying just as they left the payment page,
    // or the payment completed after the session was given up. The money was taken, so the order goes
    // ahead as paid and its history says so for the admin to follow up.
    if (order.status !== "awaiting_payment" && order.status !== "cancelled")
      return { changed: false, reason: "not-awaiting-payment" } as const;
    const afterCancellation = order.status === "cancelled";

    await changeStatus(
      tx,
      orderId,
      order.status,
      "paid",
      source.actor,
      afterCancellation ? `${PAID_AFTER_CANCELLATION}: ${source.type}` : `Payment: ${source.type}`,
    );
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.sortOrder));

    const cardPages: CreatedPage[] = [];
    const owner = await cardOwnerForOrder(tx, order);
    for (const item of items) {
      // A page whose details are no longer accepted must not hold up the payment: the savepoint drops it and
      // the admin's 'Create card page from order' shows the reason.
      try {
        cardPages.push(...(await tx.transaction((sp) => createItemPages(sp, order, item, owner))));
      } catch (error) {
        if (!(error instanceof CardPageError)) throw error;
      }
    }

    // One Link cards are numbered now too, so the buyer finds them in My Cards at once.
    for (const item of items) await createItemOneLinkCards(tx, item, owner);

    // A guest's pages wait for an owner: the e-mail carries a one-time link that puts them on an account.
    const claimToken = !owner && cardPages.length ? await createClaimToken(tx, order) : null;
    await enqueueEmail(
      tx,
      orderConfirmedEmail(
        {
          ...order,
          items: items.map((i) => ({ ...i, summary: itemSummary(i) })),
          cardPageUrls: cardPages.map((p) => `${opts.publicUrl}/${p.slug}`),
          claimUrl: claimToken ? claimUrl(opts.publicUrl, claimToken) : undefined,
        },
        opts,
      ),
    );

    if (order.referrerUserId) {
      const amount = commissionForItems(items);
      // Cards that go straight onto the referrer's account make it a self-referral; an order to the
      // referrer's own address or phone waits for the admin's review.
      const self = owner === order.referrerUserId && cardPages.length > 0;
      const held = self ? null : await holdReasonFor(tx, { ...order, referrerUserId: order.referrerUserId });
      if (amount > 0)
        await tx
          .insert(referralCommissions)
          .values({
            orderId,
            referrerUserId: order.referrerUserId,
            amount,
            status: self ? "reversed" : held ? "held" : "pending",
            reason: self ? SELF_REFERRAL_REVERSED : held,
          })
          .onConflictDoNothing();
    }

    // Bought business lists fill the buyer's prospects from the lead pool, once per order item.
    await deliverBusinessLists(tx, order, items);

    let applied = 0;
    let queued = 0;
    for (const item of items.filter(isUpdateRequestLine)) {
      const d = item.details;
      const [request] = await tx
        .insert(updateRequests)
        .values({
          orderId,
          orderItemId: item.id,
          cardNumber: d.cardNumber,
          action: d.action,
          details: d,
          status: "pending_review",
        })
        .onConflictDoNothing()
        .returning();
      if (!request) continue;
      const outcome = await applyOrQueueUpdateRequest(tx, request);
      if (outcome.status === "applied") applied++;
      else queued++;
    }

    // The cart was kept while the card payment was open; now that it is paid, it is done with. After a
    // cancellation the customer may have gone on to check the cart out again (a later order came from it):
    // that cart is no longer this order's and is left alone.
    if (order.cartId)
      await tx
        .delete(carts)
        .where(
          afterCancellation
            ? and(
                eq(carts.id, order.cartId),
                sql`not exists (select 1 from ${orders} later, ${orders} this where this.id = ${orderId} and later.cart_id = this.cart_id and later.created_at > this.created_at)`,
              )
            : eq(carts.id, order.cartId),
        );
    return {
      changed: true,
      orderNumber: order.orderNumber,
      applied,
      queued,
      afterCancellation,
      cardPages,
    } as const;
  });
  if (result.changed && result.cardPages.length)
    announceCardPagesChanged(result.cardPages.map((p) => p.slug));
  return result;
}

/** Records an event that does not pay anything (expiry, unknown types): true the first time it is seen. */
export async function recordPaymentEvent(
  db: DbOrTx,
  event: { provider: string; eventId: string; type: string; orderId: string | null },
) {
  const [row] = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return Boolean(row);
}
