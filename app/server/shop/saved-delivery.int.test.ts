// Checkout starts with the address of the account's last order (docs/product.md#customer-settings-profile-and-billing):
// an order placed signed in, a guest order with the account's verified e-mail, a guest order claimed into the
// account with its one-time link, and so also the checkout of a replacement ordered from My Cards.

import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, emailOutbox, orderItemCardPages, orderItems, physicalCards } from "~/db/schema";
import * as cards from "~/routes/dashboard/cards";
import * as claimRoute from "~/routes/shop/claim-cards";
import type { Delivery } from "~/schemas/checkout";
import { routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, CookieJar, getPage, postForm } from "../../../tests/support/routes";
import { cartWithMultiLink, delivery, markPaidByAdmin, testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import * as cartRoute from "../../routes/shop/cart";
import type { Auth } from "../accounts/auth.server";
import { createOrderFromCart } from "./checkout.server";

let t: TestDb;
let auth: Auth;
let context: AppLoadContext;
const config = testConfig("saved-delivery");

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
});
afterAll(() => t?.close());

const address = (name: string, email: string): Delivery => ({
  ...delivery,
  fullName: name,
  email,
  addressLine1: `1 ${name} Street`,
});

/** A paid bank-transfer order of one Multi Link card, placed signed in (userId) or as a guest. */
async function paidOrder(to: Delivery, userId: string | null) {
  const c = await cartWithMultiLink(t.db);
  const { order } = await createOrderFromCart(t.db, {
    cartId: c.id,
    delivery: to,
    paymentMethod: "bank_transfer",
    userId,
    shop: "TapCard",
    bank: { accountName: "TapCard Ltd", sortCode: "12-34-56", accountNumber: "12345678" },
  });
  await markPaidByAdmin(t.db, order.id);
  return order;
}

async function pageOf(orderId: string) {
  const [row] = await t.db
    .select({ id: orderItemCardPages.cardPageId })
    .from(orderItemCardPages)
    .innerJoin(orderItems, eq(orderItems.id, orderItemCardPages.orderItemId))
    .where(eq(orderItems.orderId, orderId));
  return row!.id;
}

/** The delivery form a signed-in customer's checkout opens with, for the cart their jar holds. */
async function deliveryStep(jar: CookieJar) {
  const page = await answer(cartRoute.loader, getPage("http://shop.test/cart?step=delivery", jar), context);
  expect(page.data.step).toBe("delivery");
  return page.data.delivery as Record<string, string>;
}

/** Orders a replacement for the account's card from My Cards: the cart the jar then holds has only it. */
async function orderReplacement(jar: CookieJar, orderId: string) {
  const pageId = await pageOf(orderId);
  const [chip] = await t.db
    .select({ id: physicalCards.id })
    .from(physicalCards)
    .where(eq(physicalCards.cardPageId, pageId));
  // A replacement is ordered for a card in hand: the shop has written and posted it (none for one still being made).
  if (chip)
    await t.db
      .update(physicalCards)
      .set({ state: "active", writtenAt: new Date() })
      .where(eq(physicalCards.id, chip.id));
  const replaced = await answer(
    cards.action,
    postForm("http://shop.test/dashboard/cards", jar, {
      intent: "order-replacement",
      cardNumber: await cardNumberOf(orderId),
      physicalCardId: chip?.id ?? "older",
    }),
    context,
  );
  expect(replaced).toMatchObject({ status: 302, location: "/cart" });
  jar.apply(replaced.headers);
}

async function cardNumberOf(orderId: string) {
  const [page] = await t.db
    .select({ cardNumber: cardPages.cardNumber })
    .from(cardPages)
    .where(eq(cardPages.id, await pageOf(orderId)));
  return page!.cardNumber;
}

describe("checkout starts with the last order's address", () => {
  it("for a replacement of a card bought signed in, ordered from My Cards", async () => {
    const alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
    const bought = await paidOrder(address("Alice Home", "alice@example.com"), alice.id);
    const jar = new CookieJar(alice.cookie);
    await orderReplacement(jar, bought.id);
    expect(await deliveryStep(jar)).toMatchObject({
      fullName: "Alice Home",
      addressLine1: "1 Alice Home Street",
    });
  });

  it("for a replacement of a card bought as a guest with the account's verified e-mail", async () => {
    const erin = await verifiedCustomer(auth, t.db, "Erin", "erin@example.com");
    const bought = await paidOrder(address("Erin Guest", "Erin@Example.com"), null);
    const jar = new CookieJar(erin.cookie);
    await orderReplacement(jar, bought.id);
    expect(await deliveryStep(jar)).toMatchObject({ fullName: "Erin Guest" });
  });

  it("for a guest order claimed into the account with the e-mail's link, whatever the account's e-mail", async () => {
    const carol = await verifiedCustomer(auth, t.db, "Carol", "carol@example.com");
    const bought = await paidOrder(address("Carol At Work", "carol.work@example.com"), null);
    const [mail] = (
      await t.db
        .select({ subject: emailOutbox.subject, text: emailOutbox.text })
        .from(emailOutbox)
        .where(eq(emailOutbox.to, "carol.work@example.com"))
    ).filter((m) => m.subject.includes("confirmed"));
    const link = mail!.text.match(/http:\/\/shop\.test\/claim-cards\?token=\S+/)![0];
    const jar = new CookieJar(carol.cookie);
    const claimed = await answer(
      claimRoute.action,
      postForm(link, jar, {
        intent: "claim",
        token: new URL(link).searchParams.get("token")!,
      }),
      context,
    );
    expect(claimed.status).toBe(302);
    jar.apply(claimed.headers);
    await orderReplacement(jar, bought.id);
    expect(await deliveryStep(jar)).toMatchObject({
      fullName: "Carol At Work",
      email: "carol.work@example.com",
    });
  });

  it("but never with the address of a card's earlier buyer when the card came by its edit password", async () => {
    const dan = await verifiedCustomer(auth, t.db, "Dan", "dan@example.com");
    const bought = await paidOrder(address("Stranger Buyer", "stranger@example.com"), null);
    // Dan got the page some other way than the order (the admin, or its edit password).
    await t.db
      .update(cardPages)
      .set({ ownerUserId: dan.id })
      .where(eq(cardPages.id, await pageOf(bought.id)));
    const jar = new CookieJar(dan.cookie);
    await orderReplacement(jar, bought.id);
    const prefill = await deliveryStep(jar);
    expect(prefill).toMatchObject({ fullName: "Dan", email: "dan@example.com" });
    expect(JSON.stringify(prefill)).not.toContain("Stranger");
  });
});
