// A bought Multi Link card is live at once: paying its order (the admin's 'Mark paid' or a Stripe webhook)
// makes one card page per card, owned by the buyer, exactly once however often or concurrently it is paid.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import pino from "pino";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, emailOutbox, orderItemCardPages, orderItems, pageLinks, users } from "~/db/schema";
import type { Delivery } from "~/schemas/checkout";
import { deliveryTo, form } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { SessionUser } from "../accounts/session.server";
import { type Config, loadConfig } from "../platform/env.server";
import { getOrderForAdmin } from "./admin-orders.server";
import { handleOrdersSectionAction } from "./admin-orders-actions.server";
import { addCardItem, addUpdateRequestItem, changeQuantity, createCart, loadCart } from "./cart.server";
import { createOrderFromCart } from "./checkout.server";
import { setStripeSession } from "./orders.server";
import { handleStripeWebhook } from "./payments/stripe-webhook.server";

const secret = "whsec_live_card";
let t: TestDb;
let config: Config;
const admin: SessionUser = { id: "admin-live", name: "Admin", email: "admin@example.com", role: "admin" };
beforeAll(async () => {
  t = await createTestDb();
  config = loadConfig({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "live-card-")),
    PUBLIC_URL: "http://shop.test",
    STRIPE_SECRET_KEY: "sk_test_live_card",
    STRIPE_WEBHOOK_SECRET: secret,
    BANK_ACCOUNT_NAME: "Acme",
    BANK_SORT_CODE: "00-00-00",
    BANK_ACCOUNT_NUMBER: "12345678",
  });
  await t.db.insert(users).values({ ...admin, emailVerified: true });
});
afterAll(() => t?.close());

let seq = 0;
const unique = (name: string) => `${name}.${Date.now()}.${++seq}@example.com`;

async function addUser(email: string, emailVerified: boolean) {
  const [user] = await t.db
    .insert(users)
    .values({ id: crypto.randomUUID(), name: "Buyer", email, emailVerified })
    .returning();
  return user!;
}

/** An order of two Multi Link cards, one One Link card and an update request. */
async function placeOrder(
  delivery: Delivery,
  paymentMethod: "bank_transfer" | "card",
  userId: string | null,
) {
  const cart = await createCart(t.db);
  await addCardItem(t.db, cart.id, {
    kind: "multi-link",
    name: "Robin Baker",
    bio: "Bread at dawn",
    links: [
      { platform: "instagram", label: "Instagram", url: "https://instagram.com/robin" },
      { platform: "custom", label: "Shop", url: "https://robin.example" },
    ],
  });
  const multi = (await loadCart(t.db, cart.id))!.items[0]!;
  await changeQuantity(t.db, cart.id, multi.id, 1);
  await addCardItem(t.db, cart.id, {
    kind: "one-link",
    links: [{ platform: "website", label: "Website", url: "https://one.example" }],
  });
  await addUpdateRequestItem(t.db, cart.id, {
    cardNumber: "WC9999",
    name: "Robin",
    email: delivery.email,
    action: "remove-link",
    linkToRemove: "https://x.example",
    proof: null,
  });
  const { order } = await createOrderFromCart(t.db, {
    cartId: cart.id,
    delivery,
    paymentMethod,
    userId,
    shop: config.shop.name,
    bank: config.bank,
  });
  const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { ...order, items: items.sort((a, b) => a.sortOrder - b.sortOrder) };
}

/** The answer's HTTP status: a redirect is a Response, a refusal is data with its init. */
function statusOf(answer: unknown) {
  if (answer instanceof Response) return answer.status;
  return (answer as { init?: { status?: number } }).init?.status;
}

const actionCtx = () => ({ admin, config, pokeOutbox: () => {} });
const markPaid = (orderId: string) =>
  handleOrdersSectionAction(t.db, form({ intent: "mark-paid", orderId }), actionCtx());

function stripeEvent(order: { id: string; total: number }, sessionId: string, eventId: string) {
  const payload = JSON.stringify({
    id: eventId,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        payment_status: "paid",
        status: "complete",
        amount_total: order.total,
        currency: "gbp",
        client_reference_id: order.id,
        metadata: { orderId: order.id },
      },
    },
  });
  const signature = new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload, secret });
  return () =>
    handleStripeWebhook(
      { db: t.db, config, logger: pino({ level: "silent" }), pokeOutbox: () => {} },
      payload,
      signature,
    );
}

async function cardOrder(delivery: Delivery, userId: string | null = null) {
  const order = await placeOrder(delivery, "card", userId);
  const sessionId = `cs_test_${order.id}`;
  await setStripeSession(t.db, order.id, sessionId);
  return { order, deliver: stripeEvent(order, sessionId, `evt_${order.id}`) };
}

/** The pages the order's items made, with their items' kinds, owners and links. */
async function pagesOf(orderId: string) {
  const rows = await t.db
    .select({ kind: orderItems.kind, page: cardPages })
    .from(orderItemCardPages)
    .innerJoin(orderItems, eq(orderItems.id, orderItemCardPages.orderItemId))
    .innerJoin(cardPages, eq(cardPages.id, orderItemCardPages.cardPageId))
    .where(eq(orderItems.orderId, orderId));
  const links = rows.length
    ? await t.db
        .select()
        .from(pageLinks)
        .where(
          inArray(
            pageLinks.cardPageId,
            rows.map((r) => r.page.id),
          ),
        )
    : [];
  return rows.map((r) => ({
    kind: r.kind,
    ...r.page,
    links: links
      .filter((l) => l.cardPageId === r.page.id)
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((l) => `${l.title} ${l.url}`),
  }));
}

async function confirmationTo(email: string) {
  const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
  return mails.filter((m) => m.subject.includes("confirmed"));
}

describe("paying a Multi Link order makes its card pages", () => {
  it("by bank transfer marked paid: one page per card, the buyer's, with the item's details; once", async () => {
    const buyer = await addUser(unique("signed.in"), true);
    const order = await placeOrder(deliveryTo(buyer.email), "bank_transfer", buyer.id);
    const before = (await t.db.select({ id: cardPages.id }).from(cardPages)).length;

    await markPaid(order.id);
    const pages = await pagesOf(order.id);
    expect(pages).toHaveLength(2);
    for (const page of pages)
      expect(page).toMatchObject({
        kind: "multi-link",
        name: "Robin Baker",
        bio: "Bread at dawn",
        ownerUserId: buyer.id,
        links: ["Instagram https://instagram.com/robin", "Shop https://robin.example/"],
      });
    expect(new Set(pages.map((p) => p.slug)).size).toBe(2);
    // The One Link card and the update request make none.
    expect((await t.db.select({ id: cardPages.id }).from(cardPages)).length).toBe(before + 2);

    const [mail] = await confirmationTo(buyer.email);
    for (const page of pages) expect(mail!.text).toContain(`http://shop.test/${page.slug}`);

    // A second 'Mark paid' and the old button change nothing.
    await markPaid(order.id);
    const again = await handleOrdersSectionAction(
      t.db,
      form({ intent: "card-from-order", orderId: order.id, itemId: order.items[0]!.id }),
      actionCtx(),
    );
    expect(statusOf(again)).toBe(400);
    expect((await pagesOf(order.id)).map((p) => p.id).sort()).toEqual(pages.map((p) => p.id).sort());

    const shown = await getOrderForAdmin(t.db, order.id);
    expect(shown!.items.map((i) => i.cardPages.length)).toEqual([2, 0, 0]);
  });

  it("by a Stripe webhook for a guest whose e-mail is a verified account: that account owns them", async () => {
    const email = unique("verified");
    const owner = await addUser(email, true);
    const { order, deliver } = await cardOrder(deliveryTo(email.toUpperCase()));

    expect(await deliver()).toEqual({ status: 200, body: "paid" });
    expect(await deliver()).toEqual({ status: 200, body: "unchanged: duplicate-event" });
    const pages = await pagesOf(order.id);
    expect(pages.map((p) => p.ownerUserId)).toEqual([owner.id, owner.id]);
  });

  it("for a guest whose e-mail is an unverified account: nobody owns them", async () => {
    const email = unique("unverified");
    await addUser(email, false);
    const { order, deliver } = await cardOrder(deliveryTo(email));
    await deliver();
    const pages = await pagesOf(order.id);
    expect(pages).toHaveLength(2);
    expect(pages.map((p) => p.ownerUserId)).toEqual([null, null]);
  });

  it("10 concurrent deliveries of the same payment make the pages once", async () => {
    const { order, deliver } = await cardOrder(deliveryTo(unique("concurrent")));
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver()));
    expect(answers.filter((a) => a.body === "paid")).toHaveLength(1);
    expect(await pagesOf(order.id)).toHaveLength(2);
  });

  it("orders for cards of the same name paid at the same moment each get their pages, under distinct slugs", async () => {
    const placed = await Promise.all(
      Array.from({ length: 12 }, (_, i) => cardOrder(deliveryTo(unique(`same-name-${i}`)))),
    );
    const answers = await Promise.all(placed.map((o) => o.deliver()));
    expect(answers.map((a) => a.body)).toEqual(Array(12).fill("paid"));
    const pages = await Promise.all(placed.map((o) => pagesOf(o.order.id)));
    expect(pages.map((p) => p.length)).toEqual(Array(12).fill(2));
    const all = pages.flat();
    expect(new Set(all.map((p) => p.slug)).size).toBe(24);
    expect(new Set(all.map((p) => p.cardNumber)).size).toBe(24);
    for (const page of all) expect(page.slug).toMatch(/^robin-baker(-[a-z0-9]+)?$/);
  });
});

describe("the admin's 'Create card page from order'", () => {
  it("makes only the pages an older paid order lacks, and records them so a second click makes none", async () => {
    const email = unique("older");
    const order = await placeOrder(deliveryTo(email), "bank_transfer", null);
    const unpaid = await handleOrdersSectionAction(
      t.db,
      form({ intent: "card-from-order", orderId: order.id, itemId: order.items[0]!.id }),
      actionCtx(),
    );
    expect(statusOf(unpaid)).toBe(400);

    await markPaid(order.id);
    // An order paid before pages came with the payment: one of its two cards has no page.
    const [first] = await pagesOf(order.id);
    await t.db.delete(cardPages).where(eq(cardPages.id, first!.id));

    const click = () =>
      handleOrdersSectionAction(
        t.db,
        form({ intent: "card-from-order", orderId: order.id, itemId: order.items[0]!.id }),
        actionCtx(),
      );
    expect(statusOf(await click())).toBe(302);
    expect(await pagesOf(order.id)).toHaveLength(2);
    expect(statusOf(await click())).toBe(400);
    expect(await pagesOf(order.id)).toHaveLength(2);
  });
});
