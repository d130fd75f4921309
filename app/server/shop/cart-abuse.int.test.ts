// The cart against a stranger's abuse: a capped number of lines, rate-limited new carts, and idle carts that
// expire with the uploads nobody else uses.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, carts, orderItems } from "~/db/schema";
import { action as updateLinksAction } from "~/routes/shop/update-links";
import type { UpdateRequestDetails } from "~/schemas/item-details";
import {
  countRows,
  deliveryTo,
  form,
  ipSequence,
  oneLinkCard,
  shopContext,
  shopOpts,
  testConfig,
  toastOf,
} from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createCardPage } from "../cards/cards.server";
import { storeProfileImage } from "../platform/storage.server";
import {
  addCardItem,
  addUpdateRequestItem,
  CART_MESSAGES,
  CartError,
  cartCookieHeader,
  createCart,
  loadCart,
  MAX_CART_ITEMS,
} from "./cart.server";
import { addCardToCart } from "./cart-actions.server";
import { expireIdleCarts } from "./cart-expiry.server";
import { createOrderFromCart } from "./checkout.server";
import { SHOP_LIMITS } from "./limits.server";

let t: TestDb;
const config = testConfig("cart-abuse");

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

const contextFor = (clientIp: string) => shopContext(t.db, config, clientIp);
const uniqueIp = ipSequence();

describe("the cart's size", () => {
  it(`holds at most ${MAX_CART_ITEMS} items: the next card or update request is refused and nothing is added`, async () => {
    const cart = await createCart(t.db);
    for (let i = 0; i < MAX_CART_ITEMS; i++) await addCardItem(t.db, cart.id, oneLinkCard);
    await expect(addCardItem(t.db, cart.id, oneLinkCard)).rejects.toThrow(
      "Your cart is full: it holds at most 20 items.",
    );
    await expect(
      addUpdateRequestItem(t.db, cart.id, {
        cardNumber: "WC1234",
        name: "D",
        email: "d@example.com",
        action: "remove-link",
        linkToRemove: "https://x.example",
        proof: null,
      }),
    ).rejects.toBeInstanceOf(CartError);
    expect((await loadCart(t.db, cart.id))!.items).toHaveLength(MAX_CART_ITEMS);
  });

  it("holds the cap when many adds arrive at once", async () => {
    const cart = await createCart(t.db);
    const results = await Promise.allSettled(
      Array.from({ length: MAX_CART_ITEMS + 10 }, () => addCardItem(t.db, cart.id, oneLinkCard)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_CART_ITEMS);
    for (const r of results)
      if (r.status === "rejected") expect((r.reason as Error).message).toBe(CART_MESSAGES.full);
    expect((await loadCart(t.db, cart.id))!.items).toHaveLength(MAX_CART_ITEMS);
  });

  it("tells the visitor, with a 409 and a toast, when the order form adds to a full cart", async () => {
    const cart = await createCart(t.db);
    for (let i = 0; i < MAX_CART_ITEMS; i++) await addCardItem(t.db, cart.id, oneLinkCard);
    const answer = (await addCardToCart(
      contextFor(uniqueIp()),
      new Request("http://shop.test/cart", {
        method: "POST",
        headers: { Cookie: await cartCookieHeader(cart.id) },
      }),
      form({ type: "one-link", "links[0].platform": "website", "links[0].url": "https://c.example" }),
    )) as unknown as { data: { error: string }; init: ResponseInit };
    expect(answer.init.status).toBe(409);
    expect(answer.data.error).toBe(CART_MESSAGES.full);
    const toast = await toastOf(new Headers(answer.init.headers));
    expect(toast).toMatchObject({ type: "error", description: CART_MESSAGES.full });
  });
});

describe("an update request with a photo for a full cart", () => {
  it("is refused with the cart's message beside the form, and the photo uploaded for it is not kept", async () => {
    const cart = await createCart(t.db);
    for (let i = 0; i < MAX_CART_ITEMS; i++) await addCardItem(t.db, cart.id, oneLinkCard);
    const photo = await sharp({
      create: { width: 64, height: 64, channels: 3, background: `#${randomBytes(3).toString("hex")}` },
    })
      .png()
      .toBuffer();
    const body = form({
      cardNumber: "WC0341",
      name: "Ida",
      email: "ida@example.com",
      updateType: "change-image",
    });
    body.append("image", new File([photo], "me.png", { type: "image/png" }));
    const uploads = path.join(config.dataDir, "uploads", "profiles");
    const filesBefore = fs.existsSync(uploads) ? fs.readdirSync(uploads).length : 0;
    const answer = (await updateLinksAction({
      request: new Request("http://shop.test/update-links", {
        method: "POST",
        headers: { Cookie: await cartCookieHeader(cart.id) },
        body,
      }),
      context: contextFor(uniqueIp()),
      params: {},
    } as never)) as unknown as { data: { result: { error: Record<string, string[]> } }; init: ResponseInit };
    expect(answer.init.status).toBe(409);
    expect(answer.data.result.error[""]).toEqual([CART_MESSAGES.full]);
    expect(fs.existsSync(uploads) ? fs.readdirSync(uploads).length : 0).toBe(filesBefore);
    expect((await loadCart(t.db, cart.id))!.items).toHaveLength(MAX_CART_ITEMS);
  });
});

/** The toast a response's Set-Cookie carries, as the next page shows it. */
describe("new carts", () => {
  it(`are limited to ${SHOP_LIMITS.newCart.max} an hour per client address; past it nothing is created and the visitor gets a 429`, async () => {
    const ip = uniqueIp();
    const add = () =>
      addCardToCart(
        contextFor(ip),
        new Request("http://shop.test/cart", { method: "POST" }),
        form({ type: "one-link", "links[0].platform": "website", "links[0].url": "https://d.example" }),
      );
    for (let i = 0; i < SHOP_LIMITS.newCart.max; i++) expect(await add()).toBeInstanceOf(Response);
    const before = await countRows(t.db, carts);
    const refused = (await add()) as unknown as { data: { error: string }; init: ResponseInit };
    expect(refused.init.status).toBe(429);
    expect(refused.data.error).toBe(CART_MESSAGES.tooManyCarts);
    expect(await toastOf(new Headers(refused.init.headers))).toMatchObject({
      type: "error",
      description: CART_MESSAGES.tooManyCarts,
    });
    expect(await countRows(t.db, carts)).toBe(before);
    // Another address is not affected.
    const other = await addCardToCart(
      contextFor(uniqueIp()),
      new Request("http://shop.test/cart", { method: "POST" }),
      form({ type: "one-link", "links[0].platform": "website", "links[0].url": "https://d.example" }),
    );
    expect(other).toBeInstanceOf(Response);
  });
});

describe("idle carts", () => {
  async function upload(name: string) {
    const hash = `${name}${randomBytes(8).toString("hex")}`;
    return storeProfileImage(config, { hash, webp: Buffer.from(`webp ${name}`), jpeg: Buffer.from("jpeg") });
  }
  const onDisk = (url: string) => {
    const file = path.join(config.dataDir, url);
    return [fs.existsSync(file), fs.existsSync(file.replace(/\.webp$/, ".jpg"))];
  };
  async function cartWithImage(imageUrl: string) {
    const cart = await createCart(t.db);
    const details: UpdateRequestDetails = {
      cardNumber: "WC0001",
      name: "Ida",
      email: "ida@example.com",
      action: "change-image",
      imageUrl,
      proof: null,
    };
    await addUpdateRequestItem(t.db, cart.id, details);
    return cart;
  }
  const makeOld = (ids: string[]) =>
    t.db.update(carts).set({ updatedAt: sql`now() - interval '31 days'` }).where(inArray(carts.id, ids));

  it("expire after 30 days with their orphaned uploads; files still in use, recent carts and open card payments stay", async () => {
    const [orphan, onCardPage, inOtherCart, inOrder, recentImage, payingImage] = await Promise.all(
      ["orphan", "page", "other", "order", "recent", "paying"].map(upload),
    );
    const oldOrphan = await cartWithImage(orphan!);
    const oldPage = await cartWithImage(onCardPage!);
    await createCardPage(t.db, {
      name: "Pat",
      slug: `pat-${randomBytes(4).toString("hex")}`,
      password: "pat-edit-password",
      profileImageUrl: onCardPage,
      links: [{ title: "Website", url: "https://pat.example", icon: "globe" }],
    });
    const oldShared = await cartWithImage(inOtherCart!);
    const recentShared = await cartWithImage(inOtherCart!);
    const oldOrdered = await cartWithImage(inOrder!);
    const ordered = await cartWithImage(inOrder!);
    await createOrderFromCart(t.db, {
      cartId: ordered.id,
      delivery: deliveryTo("ida@example.com"),
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    const recent = await cartWithImage(recentImage!);
    const paying = await cartWithImage(payingImage!);
    await createOrderFromCart(t.db, {
      cartId: paying.id,
      delivery: deliveryTo("ida@example.com"),
      paymentMethod: "card",
      userId: null,
      ...shopOpts,
    });
    const empty = await createCart(t.db);
    await makeOld([oldOrphan.id, oldPage.id, oldShared.id, oldOrdered.id, paying.id, empty.id]);

    const result = await expireIdleCarts(t.db, config);
    expect(result.expired).toBe(5);
    const left = await t.db.select({ id: carts.id }).from(carts);
    const leftIds = new Set(left.map((c) => c.id));
    expect([oldOrphan, oldPage, oldShared, oldOrdered, empty].some((c) => leftIds.has(c.id))).toBe(false);
    expect([recentShared, recent, paying].every((c) => leftIds.has(c.id))).toBe(true);
    expect(
      await t.db
        .select()
        .from(cartItems)
        .where(inArray(cartItems.cartId, [oldOrphan.id, oldPage.id])),
    ).toEqual([]);

    expect(onDisk(orphan!)).toEqual([false, false]);
    for (const kept of [onCardPage, inOtherCart, inOrder, recentImage, payingImage])
      expect(onDisk(kept!)).toEqual([true, true]);
    expect(result.uploadsDeleted).toBe(1);
    // The order that used the image still shows it.
    const [item] = await t.db
      .select()
      .from(orderItems)
      .where(sql`${orderItems.details}->>'imageUrl' = ${inOrder}`);
    expect(item).toBeDefined();
    // A second run finds nothing more to do.
    expect(await expireIdleCarts(t.db, config)).toEqual({ expired: 0, uploadsDeleted: 0 });
  });
});
