// The shop against a real database: the cart, tampered requests and paid update requests.
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateRequests, users } from "~/db/schema";
import { action as cartAction } from "~/routes/shop/cart";
import { cardItemFromForm } from "~/schemas/cart";
import {
  admin,
  cartWithMultiLink,
  delivery,
  form,
  MULTI_LINK_ORDER_TOTAL,
  MULTI_LINK_PRICE,
  markPaidByAdmin,
  STANDARD_DELIVERY,
  shopContext,
  shopOpts,
  testConfig,
} from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { getCardPageBySlug } from "../cards/card-reads.server";
import { createCardPage } from "../cards/cards.server";
import { setReferrerFeatured } from "../referrals/referrals.server";
import { addUpdateRequestItem, cartCookieHeader, changeQuantity, createCart, loadCart } from "./cart.server";
import { changeCart, orderCardAction } from "./cart-actions.server";
import { createOrderFromCart } from "./checkout.server";
import { markOrderPaid } from "./payments/paid-pipeline.server";
import { proveOwnership } from "./update-requests.server";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

describe("cart", () => {
  it("prices items from the catalogue", async () => {
    const cart = await cartWithMultiLink(t.db);
    const loaded = await loadCart(t.db, cart.id);
    expect(loaded!.items).toHaveLength(1);
    expect(loaded!.items[0]!.details).toMatchObject({ name: "Dana" });
    expect(loaded!.items[0]!.quantity).toBe(1);
    expect(loaded!.totals).toMatchObject({
      subtotal: MULTI_LINK_PRICE,
      deliveryFee: STANDARD_DELIVERY,
      discount: 0,
      total: MULTI_LINK_ORDER_TOTAL,
    });
  });

  it("never lets a quantity fall below 1, and keeps update requests at 1", async () => {
    const cart = await cartWithMultiLink(t.db);
    const [item] = (await loadCart(t.db, cart.id))!.items;
    await changeQuantity(t.db, cart.id, item!.id, -1);
    await changeQuantity(t.db, cart.id, item!.id, -1);
    expect((await loadCart(t.db, cart.id))!.items[0]!.quantity).toBe(1);
    await changeQuantity(t.db, cart.id, item!.id, 1);
    await changeQuantity(t.db, cart.id, item!.id, 1);
    expect((await loadCart(t.db, cart.id))!.totals.subtotal).toBe(15000);

    await addUpdateRequestItem(t.db, cart.id, {
      cardNumber: "WC1234",
      name: "D",
      email: "d@example.com",
      action: "remove-link",
      linkToRemove: "https://x.example",
      proof: null,
    });
    const upd = (await loadCart(t.db, cart.id))!.items.find((i) => i.kind === "update-request")!;
    await changeQuantity(t.db, cart.id, upd.id, 1);
    expect((await loadCart(t.db, cart.id))!.items.find((i) => i.id === upd.id)!.quantity).toBe(1);
  });

  it("refuses links that break the rules with the specification's messages", () => {
    const bad = (entries: Record<string, string>) => {
      const r = cardItemFromForm(form(entries));
      return r.success ? null : r.error.issues.map((i) => i.message);
    };
    expect(bad({ type: "one-link", "links[0].platform": "email", "links[0].url": "nope" })).toContain(
      "Email must contain an @ symbol.",
    );
    expect(bad({ type: "one-link", "links[0].platform": "whatsapp", "links[0].url": "call me" })).toContain(
      "Phone numbers should only contain numbers and optionally a + character.",
    );
    expect(
      bad({ type: "one-link", "links[0].platform": "website", "links[0].url": "javascript:alert(1)" }),
    ).toContain("URL must start with http:// or https://");
    expect(
      bad({
        type: "one-link",
        "links[0].platform": "website",
        "links[0].url": "https://a.example",
        "links[1].platform": "website",
        "links[1].url": "https://b.example",
      }),
    ).toContain("One Link Cards can only have one link. Please remove the existing link first.");
    expect(bad({ type: "multi-link", name: "No links" })).toContain(
      "Please add at least one link before adding the card to your cart.",
    );
  });
});

describe("tampered requests", () => {
  it("ignores a posted referrer that is not on offer, and accepts a featured one", async () => {
    const cart = await cartWithMultiLink(t.db);
    const [stranger] = await t.db
      .insert(users)
      .values({ id: crypto.randomUUID(), name: "Not Featured", email: `nf${Date.now()}@example.com` })
      .returning();
    const [featured] = await t.db
      .insert(users)
      .values({ id: crypto.randomUUID(), name: "Featured", email: `f${Date.now()}@example.com` })
      .returning();
    await setReferrerFeatured(t.db, featured!.id, true);
    const context = shopContext(t.db, testConfig("shop-referrer"), "10.9.0.1");
    const post = async (referrer: string) => {
      const request = new Request("http://shop.test/cart", {
        method: "POST",
        headers: { Cookie: await cartCookieHeader(cart.id) },
      });
      await changeCart(context, request, form({ intent: "referrer", referrer, returnTo: "/cart" }));
      return (await loadCart(t.db, cart.id))!;
    };
    expect((await post(stranger!.id)).referrerUserId).toBeNull();
    const chosen = await post(featured!.id);
    expect(chosen.referrerUserId).toBe(featured!.id);
    expect(chosen.totals.discount).toBe(600);
    expect((await post("none")).totals.discount).toBe(0);
  });
});

describe("cart intents", () => {
  it("answers an intent the cart does not know with 400 and leaves the cart as it was", async () => {
    const cart = await cartWithMultiLink(t.db);
    const before = (await loadCart(t.db, cart.id))!;
    const itemId = before.items[0]!.id;
    const context = { db: t.db } as unknown as AppLoadContext;
    const request = async (fields: Record<string, string>) =>
      new Request("http://shop.test/cart", {
        method: "POST",
        headers: {
          Cookie: await cartCookieHeader(cart.id),
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields),
      });
    for (const fields of [{ intent: "double", itemId }, { intent: "", itemId }, { itemId }] as Record<
      string,
      string
    >[]) {
      const viaRoute = (await cartAction({
        request: await request(fields),
        context,
        params: {},
      } as never)) as {
        init?: ResponseInit;
        data?: { error?: string };
      };
      expect({ fields, status: viaRoute.init?.status, error: viaRoute.data?.error }).toEqual({
        fields,
        status: 400,
        error: "Unknown action",
      });
      const direct = (await changeCart(context, await request(fields), form(fields))) as {
        init?: ResponseInit;
      };
      expect(direct.init?.status).toBe(400);
    }
    expect((await loadCart(t.db, cart.id))!.items).toEqual(before.items);
  });
  it("answers an order form post without a known intent with 400, adding nothing", async () => {
    const cart = await createCart(t.db);
    const context = { db: t.db } as unknown as AppLoadContext;
    const fields = { type: "one-link", platform: "website", url: "https://a.example" };
    const request = new Request("http://shop.test/order-card", {
      method: "POST",
      headers: { Cookie: await cartCookieHeader(cart.id) },
    });
    for (const intent of [undefined, "", "add-to-basket", "remove-link:x"]) {
      const answer = (await orderCardAction(
        context,
        request,
        form(intent === undefined ? fields : { ...fields, intent }),
      )) as { init?: ResponseInit };
      expect({ intent, status: answer.init?.status }).toEqual({ intent, status: 400 });
    }
    expect((await loadCart(t.db, cart.id))!.items).toEqual([]);
  });
});

describe("update requests", () => {
  it("applies a paid request proven by the edit password, and queues one without proof", async () => {
    const page = await createCardPage(t.db, {
      name: "Owner",
      slug: `owner-${Date.now()}`,
      password: "the-edit-password",
      links: [{ title: "Website", url: "https://owner.example", icon: "globe" }],
    });
    const cart = await createCart(t.db);
    const proven = await proveOwnership(t.db, page.cardNumber, {
      userId: null,
      editPassword: "the-edit-password",
    });
    expect(proven.proof).toBe("password");
    const base = { cardNumber: page.cardNumber, name: "Owner", email: "owner@example.com" };
    await addUpdateRequestItem(t.db, cart.id, {
      ...base,
      action: "add-link",
      platform: "Instagram",
      url: "https://instagram.com/owner",
      ...proven,
    });
    const unproven = await proveOwnership(t.db, page.cardNumber, { userId: null, editPassword: "wrong" });
    expect(unproven.proof).toBeNull();
    await addUpdateRequestItem(t.db, cart.id, {
      ...base,
      action: "remove-link",
      linkToRemove: "https://owner.example",
      ...unproven,
    });
    const loaded = await loadCart(t.db, cart.id);
    expect(loaded!.totals).toMatchObject({ subtotal: 200, deliveryFee: 0, total: 200 });

    const { order } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery,
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    const result = await markPaidByAdmin(t.db, order.id);
    expect(result).toMatchObject({ changed: true, applied: 1, queued: 1 });
    const after = await getCardPageBySlug(t.db, page.slug);
    expect(after!.links.map((l) => l.url)).toEqual(["https://owner.example/", "https://instagram.com/owner"]);
    const queued = await t.db
      .select()
      .from(updateRequests)
      .where(and(eq(updateRequests.orderId, order.id), eq(updateRequests.status, "pending_review")));
    expect(queued).toHaveLength(1);
  });

  it("applies requests for one card paid at the same time without losing any of them", async () => {
    const page = await createCardPage(t.db, {
      name: "Busy Owner",
      slug: `busy-owner-${Date.now()}`,
      password: "the-edit-password",
      links: [{ title: "Website", url: "https://busy.example", icon: "globe" }],
    });
    const proven = await proveOwnership(t.db, page.cardNumber, {
      userId: null,
      editPassword: "the-edit-password",
    });
    const added = ["one", "two", "three", "four"].map((n) => `https://${n}.busy.example/`);
    const orderIds: string[] = [];
    for (const url of added) {
      const cart = await createCart(t.db);
      await addUpdateRequestItem(t.db, cart.id, {
        cardNumber: page.cardNumber,
        name: "Busy Owner",
        email: "busy@example.com",
        action: "add-link",
        platform: "Website",
        url,
        ...proven,
      });
      const { order } = await createOrderFromCart(t.db, {
        cartId: cart.id,
        delivery,
        paymentMethod: "bank_transfer",
        userId: null,
        ...shopOpts,
      });
      orderIds.push(order.id);
    }
    const results = await Promise.all(
      orderIds.map((id) =>
        markOrderPaid(
          t.db,
          id,
          { provider: "manual", eventId: `m:${id}`, type: "bank_transfer", actor: admin },
          shopOpts,
        ),
      ),
    );
    expect(results.map((r) => r.changed && r.applied)).toEqual([1, 1, 1, 1]);
    const after = await getCardPageBySlug(t.db, page.slug);
    expect(after!.links.map((l) => l.url).sort()).toEqual(["https://busy.example/", ...added].sort());
  });
});
