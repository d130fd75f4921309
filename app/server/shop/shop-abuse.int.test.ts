// The shop against a stranger's abuse: order numbers only for orders, capped and expiring carts, rate limits on
// new carts and on orders, and referrers who cannot refer themselves.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { count, eq, inArray, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import pino from "pino";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cartItems,
  carts,
  emailOutbox,
  orderItems,
  orderNumbers,
  orders,
  referralCommissions,
  users,
} from "~/db/schema";
import { action as updateLinksAction } from "~/routes/shop/update-links";
import type { CardItemInput } from "~/schemas/cart";
import { CHECKOUT_MESSAGES, type Delivery } from "~/schemas/checkout";
import type { UpdateRequestDetails } from "~/schemas/item-details";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { createCardPage } from "../cards/cards.server";
import { createAuth } from "../platform/auth.server";
import { loadConfig } from "../platform/env.server";
import { LIMITS } from "../platform/rate-limit.server";
import { storeProfileImage } from "../platform/storage.server";
import { readToast } from "../platform/toast.server";
import {
  addCardItem,
  addUpdateRequestItem,
  CART_MESSAGES,
  CartError,
  cartCookieHeader,
  changeQuantity,
  createCart,
  expireIdleCarts,
  loadCart,
  MAX_CART_ITEMS,
  readCartId,
  saveCartDelivery,
  setCartReferrer,
} from "./cart.server";
import { addCardToCart, placeOrder } from "./cart-actions.server";
import { createOrderFromCart } from "./checkout.server";
import { markOrderPaid } from "./payments/paid-pipeline.server";

let t: TestDb;
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "shop-abuse-")),
  PUBLIC_URL: "http://shop.test",
});
const shopOpts = { shop: "TapCard", bank: config.bank };
const oneLink: CardItemInput = {
  kind: "one-link",
  links: [{ platform: "website", label: "Website", url: "https://a.example" }],
};
const delivery = (email: string): Delivery => ({
  fullName: "Sam Sender",
  email,
  phone: "+44 7700 900002",
  addressLine1: "3 Street",
  city: "York",
  postalCode: "YO1 1AA",
  country: "United Kingdom",
});

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.close());

/** What a route hands the shop's actions, for a visitor at this address. */
function contextFor(clientIp: string) {
  return {
    db: t.db,
    auth: createAuth({ db: t.db, config, queueEmail: async () => {} }),
    config,
    logger: pino({ level: "silent" }),
    pokeOutbox: () => {},
    clientIp,
    cspNonce: "n",
  } as AppLoadContext;
}

function form(entries: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  return f;
}

async function countRows(table: typeof orderNumbers | typeof carts | typeof orders) {
  return (await t.db.select({ n: count() }).from(table))[0]!.n;
}

let lastIp = 0;
/** A client address no other test in this file uses. */
const uniqueIp = () => {
  lastIp++;
  return `10.0.${Math.floor(lastIp / 250)}.${(lastIp % 250) + 1}`;
};

describe("order numbers", () => {
  it("are not reserved while a cart is only browsed, and one is when the order is placed", async () => {
    const before = await countRows(orderNumbers);
    const context = contextFor(uniqueIp());
    // A cookieless visitor adds a card: the real entry point creates the cart.
    const added = await addCardToCart(
      context,
      new Request("http://shop.test/cart", { method: "POST" }),
      form({ type: "one-link", "links[0].platform": "website", "links[0].url": "https://b.example" }),
    );
    expect(added).toBeInstanceOf(Response);
    const cookie = (added as Response).headers.getSetCookie().find((c) => c.startsWith("cart="))!;
    const cartId = await readCartId(
      new Request("http://shop.test/", { headers: { Cookie: cookie.split(";")[0]! } }),
    );
    const cart = (await loadCart(t.db, cartId))!;
    await addCardItem(t.db, cart.id, oneLink);
    await changeQuantity(t.db, cart.id, cart.items[0]!.id, 1);
    await saveCartDelivery(t.db, cart.id, delivery("browse@example.com"));
    expect(await countRows(orderNumbers)).toBe(before);

    const { order } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery: delivery("browse@example.com"),
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    expect(order.orderNumber).toMatch(/^WC[1-9]\d{5}$/);
    expect(await countRows(orderNumbers)).toBe(before + 1);
  });

  it("a card checkout abandoned and started again leaves one live order for the cart", async () => {
    const cart = await createCart(t.db);
    await addCardItem(t.db, cart.id, oneLink);
    const checkout = () =>
      createOrderFromCart(t.db, {
        cartId: cart.id,
        delivery: delivery("again@example.com"),
        paymentMethod: "card",
        userId: null,
        ...shopOpts,
      });
    const first = await checkout();
    const second = await checkout();
    expect(second.order.orderNumber).not.toBe(first.order.orderNumber);
    const made = await t.db.select().from(orders).where(eq(orders.cartId, cart.id));
    expect(Object.fromEntries(made.map((o) => [o.orderNumber, o.status]))).toEqual({
      [first.order.orderNumber]: "cancelled",
      [second.order.orderNumber]: "awaiting_payment",
    });
  });
});

describe("the cart's size", () => {
  it(`holds at most ${MAX_CART_ITEMS} items: the next card or update request is refused and nothing is added`, async () => {
    const cart = await createCart(t.db);
    for (let i = 0; i < MAX_CART_ITEMS; i++) await addCardItem(t.db, cart.id, oneLink);
    await expect(addCardItem(t.db, cart.id, oneLink)).rejects.toThrow(
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
      Array.from({ length: MAX_CART_ITEMS + 10 }, () => addCardItem(t.db, cart.id, oneLink)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_CART_ITEMS);
    for (const r of results)
      if (r.status === "rejected") expect((r.reason as Error).message).toBe(CART_MESSAGES.full);
    expect((await loadCart(t.db, cart.id))!.items).toHaveLength(MAX_CART_ITEMS);
  });

  it("tells the visitor, with a 409 and a toast, when the order form adds to a full cart", async () => {
    const cart = await createCart(t.db);
    for (let i = 0; i < MAX_CART_ITEMS; i++) await addCardItem(t.db, cart.id, oneLink);
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
    for (let i = 0; i < MAX_CART_ITEMS; i++) await addCardItem(t.db, cart.id, oneLink);
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
async function toastOf(headers: Headers) {
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return (await readToast(new Request("http://shop.test/", { headers: { Cookie: cookie } }))).toast;
}

describe("new carts", () => {
  it(`are limited to ${LIMITS.newCart.max} an hour per client address; past it nothing is created and the visitor gets a 429`, async () => {
    const ip = uniqueIp();
    const add = () =>
      addCardToCart(
        contextFor(ip),
        new Request("http://shop.test/cart", { method: "POST" }),
        form({ type: "one-link", "links[0].platform": "website", "links[0].url": "https://d.example" }),
      );
    for (let i = 0; i < LIMITS.newCart.max; i++) expect(await add()).toBeInstanceOf(Response);
    const before = await countRows(carts);
    const refused = (await add()) as unknown as { data: { error: string }; init: ResponseInit };
    expect(refused.init.status).toBe(429);
    expect(refused.data.error).toBe(CART_MESSAGES.tooManyCarts);
    expect(await toastOf(new Headers(refused.init.headers))).toMatchObject({
      type: "error",
      description: CART_MESSAGES.tooManyCarts,
    });
    expect(await countRows(carts)).toBe(before);
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
      delivery: delivery("ida@example.com"),
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    const recent = await cartWithImage(recentImage!);
    const paying = await cartWithImage(payingImage!);
    await createOrderFromCart(t.db, {
      cartId: paying.id,
      delivery: delivery("ida@example.com"),
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

describe("placing orders", () => {
  async function readyCart(email: string) {
    const cart = await createCart(t.db);
    await addCardItem(t.db, cart.id, oneLink);
    await saveCartDelivery(t.db, cart.id, delivery(email));
    return cart;
  }
  async function place(ip: string, email: string) {
    const cart = await readyCart(email);
    const request = new Request("http://shop.test/cart", {
      method: "POST",
      headers: { Cookie: await cartCookieHeader(cart.id) },
    });
    return placeOrder(contextFor(ip), request, form({ paymentMethod: "bank_transfer" })) as Promise<Response>;
  }
  const ordersTo = async (email: string) =>
    (await t.db.select({ n: count() }).from(orders).where(eq(orders.customerEmail, email)))[0]!.n;
  const mailsTo = async (email: string) =>
    (await t.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.to, email)))[0]!.n;

  it(`are limited to ${LIMITS.placeOrder.max} an hour per client address: the next is refused, nothing written`, async () => {
    const ip = uniqueIp();
    const emails = Array.from({ length: LIMITS.placeOrder.max + 1 }, (_, i) => `many${i}.${ip}@example.com`);
    for (const email of emails.slice(0, -1))
      expect((await place(ip, email)).headers.get("Location")).toMatch(/^\/payment-success/);
    const before = await countRows(orders);
    const last = emails.at(-1)!;
    const refused = await place(ip, last);
    expect(refused.headers.get("Location")).toBe("/cart");
    expect(await toastOf(refused.headers)).toMatchObject({
      type: "error",
      title: "Checkout error",
      description: CHECKOUT_MESSAGES.tooManyOrders,
    });
    expect(await countRows(orders)).toBe(before);
    expect(await mailsTo(last)).toBe(0);
  });

  it(`are limited to ${LIMITS.placeOrder.max} an hour per recipient e-mail, whatever the address they come from`, async () => {
    const victim = `Victim.${randomBytes(4).toString("hex")}@Example.com`;
    for (let i = 0; i < LIMITS.placeOrder.max; i++)
      expect((await place(uniqueIp(), victim)).headers.get("Location")).toMatch(/^\/payment-success/);
    const refused = await place(uniqueIp(), victim.toLowerCase());
    expect(refused.headers.get("Location")).toBe("/cart");
    expect(await ordersTo(victim.toLowerCase())).toBe(LIMITS.placeOrder.max);
    expect(await mailsTo(victim.toLowerCase())).toBe(LIMITS.placeOrder.max);
  });
});

describe("referrals", () => {
  it("a referrer checking out with their own account's e-mail gets no discount and earns no commission", async () => {
    const [referrer] = await t.db
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        name: "Sly Self",
        email: `sly.${randomBytes(4).toString("hex")}@example.com`,
      })
      .returning();
    const cart = await createCart(t.db);
    await addCardItem(t.db, cart.id, oneLink);
    await setCartReferrer(t.db, cart.id, referrer!.id);
    expect((await loadCart(t.db, cart.id))!.totals.discount).toBeGreaterThan(0);
    const own = delivery(referrer!.email.toUpperCase());
    // Once the delivery step has the e-mail, the cart already shows the price the order will have.
    await saveCartDelivery(t.db, cart.id, own);
    expect((await loadCart(t.db, cart.id))!.totals).toMatchObject({ discount: 0, total: 3499 });
    const { order } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery: own,
      paymentMethod: "bank_transfer",
      userId: null,
      ...shopOpts,
    });
    expect(order).toMatchObject({ discount: 0, total: 3499, referrerUserId: null });
    await markOrderPaid(
      t.db,
      order.id,
      {
        provider: "manual",
        eventId: `m:${order.id}`,
        type: "bank_transfer",
        actor: { userId: null, label: "a" },
      },
      shopOpts,
    );
    expect(
      await t.db.select().from(referralCommissions).where(eq(referralCommissions.orderId, order.id)),
    ).toEqual([]);
  });
});

describe("the migration that takes order numbers off carts", () => {
  it("keeps every cart, keeps the numbers of orders and gives the numbers only carts held back", async () => {
    const fresh = await freshDatabase();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    try {
      fs.cpSync(path.resolve("drizzle"), folder, { recursive: true });
      const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8"));
      const upTo = journal.entries.findIndex((e: { tag: string }) => e.tag.startsWith("0004_"));
      fs.writeFileSync(
        path.join(folder, "meta/_journal.json"),
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
      );
      await fresh.migrate(folder);
      await fresh.exec(`
        insert into order_numbers (number) values ('WC111111'), ('WC222222'), ('WC333333');
        insert into carts (id, order_reference) values ('browsing', 'WC111111'), ('paying', 'WC222222');
        insert into orders (order_number, payment_method, cart_id, customer_name, customer_email, customer_phone,
          delivery_address, subtotal, delivery_fee, discount, total, access_token_hash)
        values
          ('WC222222', 'card', 'paying', 'A', 'a@example.com', '1', '{}', 2500, 999, 0, 3499, 'h'),
          ('WC333333', 'bank_transfer', 'gone', 'B', 'b@example.com', '1', '{}', 2500, 999, 0, 3499, 'h');
      `);
      await fresh.migrate(path.resolve("drizzle"));
      expect(await fresh.query("select id from carts order by id")).toEqual([
        { id: "browsing" },
        { id: "paying" },
      ]);
      expect(await fresh.query("select number from order_numbers order by number")).toEqual([
        { number: "WC222222" },
        { number: "WC333333" },
      ]);
    } finally {
      await fresh.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** An empty database on the engine under test, for running migrations step by step. */
async function freshDatabase() {
  if (t.kind === "pglite") {
    const client = await PGlite.create();
    return {
      migrate: (folder: string) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
      exec: async (text: string) => void (await client.exec(text)),
      query: async (text: string) => (await client.query(text)).rows,
      close: () => client.close(),
    };
  }
  const name = `migration_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: t.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(t.url!);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    migrate: (folder: string) => migratePg(drizzlePg({ client }), { migrationsFolder: folder }),
    exec: async (text: string) => void (await client.query(text)),
    query: async (text: string) => (await client.query(text)).rows,
    close: async () => {
      await client.end();
      await admin.query(`drop database ${name}`);
      await admin.end();
    },
  };
}
