// One order walked from awaiting payment to delivered, and one cancelled and one refunded: at each step the
// success page, the receipt, Billing's order history and My Cards say the same thing about where it is, and
// the success page's 'What happens next?' no longer promises what has already happened.

import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, emailOutbox, oneLinkCards, orderItemCardPages, orderItems, users } from "~/db/schema";
import * as billing from "~/routes/dashboard/settings/billing";
import * as success from "~/routes/shop/payment-success";
import * as receipt from "~/routes/shop/receipt";
import type { OrderStatusWords } from "~/utils/order-status";
import { routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, getRequest } from "../../../tests/support/routes";
import {
  admin,
  cartWithMultiLink,
  deliveryTo,
  form,
  markPaidByAdmin,
  shopOpts,
  testConfig,
} from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { listOwnedOneLinkCards } from "../cards/one-link-cards.server";
import { CLAIM_LINK_DAYS, redeemClaimLink } from "./card-claims.server";
import { addCardItem, createCart } from "./cart.server";
import { createOrderFromCart } from "./checkout.server";
import { handleFulfilmentAction } from "./fulfilment-actions.server";
import { loadFulfilment } from "./fulfilment-queue.server";
import { cancelAwaitingOrder } from "./orders.server";
import { refundOrder } from "./refunds.server";

let t: TestDb;
let context: AppLoadContext;
const config = testConfig("order-status");
let olive: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestDb();
  const auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  olive = await verifiedCustomer(auth, t.db, "Olive", "olive@example.com");
  await t.db.insert(users).values({ ...shopAdmin, emailVerified: true });
});
afterAll(() => t?.close());

/** Olive's bank-transfer order of one One Link card, placed signed in; its id and secret link. */
async function placeOrder() {
  const cart = await createCart(t.db);
  await addCardItem(t.db, cart.id, {
    kind: "one-link",
    links: [{ platform: "website", label: "Website", url: "https://olive.example" }],
  });
  const { order, token } = await createOrderFromCart(t.db, {
    cartId: cart.id,
    delivery: deliveryTo("olive@example.com"),
    paymentMethod: "bank_transfer",
    userId: olive.id,
    ...shopOpts,
  });
  return { id: order.id, orderNumber: order.orderNumber, token };
}

/** What each page says about the order. */
async function pagesSay(o: { id: string; token: string }) {
  const query = `order=${o.id}&token=${encodeURIComponent(o.token)}`;
  const page = await answer(success.loader, getRequest(`http://shop.test/payment-success?${query}`), context);
  const file = await answer(
    receipt.loader,
    getRequest(`http://shop.test/payment-success/receipt?${query}`),
    context,
  );
  const history = await answer(
    billing.loader,
    getRequest("http://shop.test/dashboard/settings/billing", olive.cookie),
    context,
  );
  const myCard = (await listOwnedOneLinkCards(t.db, olive.id)).find((c) => c.orderId === o.id);
  const status = page.data.status as OrderStatusWords;
  return {
    successPage: status.headline,
    whatHappensNext: status.cards,
    receipt: /Status: ([^<]+)/.exec(file.body)?.[1],
    billing: (history.data.progress as Record<string, { status: OrderStatusWords }>)[o.id]?.status.stage,
    myCards: myCard?.state ?? null,
  };
}

const shopAdmin = { id: "admin-status", name: "Admin", email: "admin@example.com", role: "admin" as const };
const ctx = () => ({ admin: shopAdmin, config, pokeOutbox: () => {} });
const act = (fields: Record<string, string>) => handleFulfilmentAction(t.db, form(fields), ctx());
const today = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Europe/London",
}).format(new Date());
const delivery = "UK Track & Signed (1-3 working days)";

describe("an order's status, everywhere the customer reads it", () => {
  it("follows the order from awaiting payment to delivered", async () => {
    const order = await placeOrder();
    expect(await pagesSay(order)).toEqual({
      successPage: "is awaiting payment.",
      whatHappensNext: `We write your links to your card and post it by ${delivery}.`,
      receipt: "Awaiting payment",
      billing: "Awaiting payment",
      myCards: null,
    });

    await markPaidByAdmin(t.db, order.id);
    expect(await pagesSay(order)).toEqual({
      successPage: "is confirmed.",
      whatHappensNext: `We write your links to your card and post it by ${delivery}.`,
      receipt: "Paid",
      billing: "Paid",
      myCards: "To write",
    });

    const [card] = await t.db
      .select({ id: oneLinkCards.id })
      .from(oneLinkCards)
      .innerJoin(orderItems, eq(orderItems.id, oneLinkCards.orderItemId))
      .where(eq(orderItems.orderId, order.id));
    await act({ intent: "mark-written", kind: "one-link", cardId: card!.id });
    expect(await pagesSay(order)).toEqual({
      successPage: "is confirmed and being prepared.",
      whatHappensNext: `We are writing your links to your card, then we post it by ${delivery}.`,
      receipt: "Being prepared",
      billing: "Being prepared",
      myCards: "Written",
    });

    expect((await loadFulfilment(t.db, config.publicUrl)).toPost.some((o) => o.id === order.id)).toBe(true);
    await act({
      intent: "mark-posted",
      orderId: order.id,
      carrier: "royal-mail",
      trackingNumber: "AB123456789GB",
    });
    expect(await pagesSay(order)).toEqual({
      successPage: `was posted on ${today}.`,
      whatHappensNext: `Your card was posted on ${today} with Royal Mail.`,
      receipt: "Posted",
      billing: "Posted",
      myCards: "Posted",
    });

    await act({ intent: "mark-delivered", orderId: order.id });
    expect(await pagesSay(order)).toEqual({
      successPage: `was delivered on ${today}.`,
      whatHappensNext: `Your card was delivered on ${today}.`,
      receipt: "Delivered",
      billing: "Delivered",
      myCards: "Delivered",
    });
  });

  it("says cancelled, and refunded, and promises nothing more", async () => {
    const cancelled = await placeOrder();
    await cancelAwaitingOrder(t.db, cancelled.id, admin, "Left the payment page");
    expect(await pagesSay(cancelled)).toMatchObject({
      successPage: "was cancelled.",
      whatHappensNext: null,
      receipt: "Cancelled",
      billing: "Cancelled",
    });

    const refunded = await placeOrder();
    await markPaidByAdmin(t.db, refunded.id);
    await refundOrder(t.db, refunded.id, admin, { stripe: undefined, shop: { name: "TapCard" } });
    expect(await pagesSay(refunded)).toEqual({
      successPage: "was refunded.",
      whatHappensNext: null,
      receipt: "Refunded",
      billing: "Refunded",
      myCards: "Refunded",
    });
  });
});

describe("the success page's 'What happens next?' for a Multi Link card", () => {
  it("gives the live page's address, and to a guest the e-mail's link to add it to an account until it is used", async () => {
    const cart = await cartWithMultiLink(t.db);
    const { order, token } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery: deliveryTo("guest.buyer@example.com"),
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    const query = `order=${order.id}&token=${encodeURIComponent(token)}`;
    const read = async () =>
      (await answer(success.loader, getRequest(`http://shop.test/payment-success?${query}`), context)).data
        .pages;
    // Not paid yet: no page is made, so none is promised by its address.
    expect(await read()).toEqual({ urls: [], claimDays: null });

    await markPaidByAdmin(t.db, order.id);
    const [page] = await t.db
      .select({ slug: cardPages.slug })
      .from(cardPages)
      .innerJoin(orderItemCardPages, eq(orderItemCardPages.cardPageId, cardPages.id))
      .innerJoin(orderItems, eq(orderItems.id, orderItemCardPages.orderItemId))
      .where(eq(orderItems.orderId, order.id));
    expect(await read()).toEqual({ urls: [`http://shop.test/${page!.slug}`], claimDays: CLAIM_LINK_DAYS });

    const [mail] = (
      await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, "guest.buyer@example.com"))
    ).filter((m) => m.subject.includes("confirmed"));
    const claimToken = new URL(
      mail!.text.match(/http:\/\/shop\.test\/claim-cards\?token=\S+/)![0],
    ).searchParams.get("token");
    expect((await redeemClaimLink(t.db, claimToken, olive.id)).ok).toBe(true);
    expect(await read()).toEqual({ urls: [`http://shop.test/${page!.slug}`], claimDays: null });
  });
});
