// Settings → Account through its route: changing the password signs other sessions out, 'Sign out all other
// sessions' does, and deleting the account removes the person but keeps their orders (anonymised) and their
// cards' public pages.
import { eq, inArray } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accounts,
  cardPages,
  customerPreferences,
  orders,
  referrers,
  sessions,
  twoFactors,
  users,
} from "~/db/schema";
import * as cardPage from "~/routes/card/page";
import * as dashboard from "~/routes/dashboard/layout";
import * as account from "~/routes/dashboard/settings/account";
import { adminCookieFor, routeContext, signInCookie, verifiedCustomer } from "../../../tests/support/auth";
import { answer, CookieJar, getPage, postForm } from "../../../tests/support/routes";
import { deliveryTo, ipSequence, oneLinkCard, testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { totpCode } from "../../../tests/support/totp";
import { createCardPage } from "../cards/cards.server";
import { addCardItem, createCart } from "../shop/cart.server";
import { createOrderFromCart } from "../shop/checkout.server";
import { setAdminStatus } from "../shop/orders.server";
import { markOrderPaid } from "../shop/payments/paid-pipeline.server";
import { ACCOUNT_MESSAGES, DELETED_CUSTOMER } from "./account.server";
import { type Auth, createAuth } from "./auth.server";

const SITE = "http://shop.test";
const ACCOUNT = `${SITE}/dashboard/settings/account`;
const PASSWORD = "customer-pass-1";
let t: TestDb;
let auth: Auth;
const config = testConfig("account");
const nextIp = ipSequence();
const at = (ip = nextIp()): AppLoadContext => routeContext(t.db, config, auth, ip);

beforeAll(async () => {
  t = await createTestDb();
  auth = createAuth({ db: t.db, config, queueEmail: async () => {} });
});
afterAll(() => t?.close());

let seq = 0;
async function customer() {
  const email = `account-${++seq}@example.com`;
  const { id, cookie } = await verifiedCustomer(auth, t.db, "Ada Owner", email);
  return { id, email, jar: new CookieJar(cookie) };
}

const signedIn = async (jar: CookieJar) =>
  (await answer(dashboard.loader, getPage(`${SITE}/dashboard`, jar), at())).status === 200;

const post = (jar: CookieJar, fields: Record<string, string>) =>
  answer(account.action, postForm(ACCOUNT, jar, fields), at());

async function canSignIn(email: string, password: string) {
  const cookie = await signInCookie(auth, email, password);
  return cookie.includes("session_token=") && !/session_token=;/.test(cookie);
}

describe("the Account tab", () => {
  it("sends anonymous visitors to /login and refuses unknown intents", async () => {
    const anonymous = await answer(account.loader, getPage(ACCOUNT, new CookieJar()), at());
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login\?redirectTo=/);
    const { jar } = await customer();
    expect((await post(jar, { intent: "make-me-admin" })).status).toBe(400);
  });
});

describe("changing the password", () => {
  it("needs the current password and signs every other session out", async () => {
    const { email, jar } = await customer();
    const phone = new CookieJar(await signInCookie(auth, email, PASSWORD));
    expect(await signedIn(phone)).toBe(true);
    expect((await answer(account.loader, getPage(ACCOUNT, jar), at())).data.otherSessions).toBe(1);

    const mismatch = await post(jar, {
      intent: "change-password",
      currentPassword: PASSWORD,
      newPassword: "brand-new-pass-1",
      confirmPassword: "brand-new-pass-2",
    });
    expect(mismatch.status).toBe(400);
    expect(JSON.stringify(mismatch.data)).toContain("The passwords do not match");
    const short = await post(jar, {
      intent: "change-password",
      currentPassword: PASSWORD,
      newPassword: "short",
      confirmPassword: "short",
    });
    expect(JSON.stringify(short.data)).toContain("Password must be at least 8 characters");
    const wrong = await post(jar, {
      intent: "change-password",
      currentPassword: "not-my-password",
      newPassword: "brand-new-pass-1",
      confirmPassword: "brand-new-pass-1",
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain(ACCOUNT_MESSAGES.wrongPassword);
    expect(await canSignIn(email, PASSWORD)).toBe(true);

    const changed = await post(jar, {
      intent: "change-password",
      currentPassword: PASSWORD,
      newPassword: "brand-new-pass-1",
      confirmPassword: "brand-new-pass-1",
    });
    expect(changed.status).toBe(302);
    expect(changed.location).toBe("/dashboard/settings/account");
    expect(await signedIn(jar.apply(changed.headers))).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect(await canSignIn(email, PASSWORD)).toBe(false);
    expect(await canSignIn(email, "brand-new-pass-1")).toBe(true);
  });

  it("stops taking guesses after 10 wrong current passwords in 15 minutes", async () => {
    const { jar } = await customer();
    const attempt = (currentPassword: string) =>
      post(jar, {
        intent: "change-password",
        currentPassword,
        newPassword: "brand-new-pass-1",
        confirmPassword: "brand-new-pass-1",
      });
    for (let i = 0; i < 10; i++) expect((await attempt(`guess-${i}-password`)).status).toBe(400);
    const refused = await attempt(PASSWORD);
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.data)).toContain(ACCOUNT_MESSAGES.tooMany);
  });
});

describe("signing out all other sessions", () => {
  it("ends the other sessions and keeps this one", async () => {
    const { email, jar } = await customer();
    const laptop = new CookieJar(await signInCookie(auth, email, PASSWORD));
    const phone = new CookieJar(await signInCookie(auth, email, PASSWORD));
    const reply = await post(jar, { intent: "sign-out-others" });
    expect(reply.status).toBe(302);
    expect(await signedIn(jar)).toBe(true);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(false);
    expect((await answer(account.loader, getPage(ACCOUNT, jar), at())).data.otherSessions).toBe(0);
  });
});

/** An order of one One Link card for this account (or a guest with its e-mail), paid and then delivered. */
async function deliveredOrder(email: string, userId: string | null, deliver = true) {
  const cart = await createCart(t.db);
  await addCardItem(t.db, cart.id, oneLinkCard);
  const { order } = await createOrderFromCart(t.db, {
    cartId: cart.id,
    delivery: deliveryTo(email),
    paymentMethod: "bank_transfer",
    userId,
    shop: config.shop.name,
    bank: { accountName: "Acme", sortCode: "00-00-00", accountNumber: "1234" },
  });
  if (!deliver) return order;
  const actor = { userId: null, label: "admin@example.com" };
  await markOrderPaid(
    t.db,
    order.id,
    { provider: "manual", eventId: `paid:${order.id}`, type: "bank_transfer", actor },
    { shop: config.shop.name, bank: undefined, publicUrl: SITE },
  );
  await setAdminStatus(t.db, order.id, "completed", actor);
  return order;
}

describe("deleting the account", () => {
  it("removes the person, keeps their orders without personal details and their card page online", async () => {
    const { id, email, jar } = await customer();
    const signedInOrder = await deliveredOrder(email, id);
    const guestOrder = await deliveredOrder(email, null);
    const strangersOrder = await deliveredOrder(`stranger-${seq}@example.com`, null);
    const card = await createCardPage(
      t.db,
      {
        name: "Ada Owner",
        slug: `ada-owner-${seq}`,
        password: "edit-pass-1",
        ownerUserId: id,
        links: [{ title: "Website", url: "https://ada.example", icon: "globe" }],
      },
      { announce: false },
    );
    await t.db.insert(customerPreferences).values({ userId: id, marketingUpdates: true });
    const other = new CookieJar(await signInCookie(auth, email, PASSWORD));

    const wrong = await post(jar, { intent: "delete-account", password: "not-my-password", confirm: "on" });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain(ACCOUNT_MESSAGES.wrongPassword);
    const unconfirmed = await post(jar, { intent: "delete-account", password: PASSWORD });
    expect(unconfirmed.status).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);

    const deleted = await post(jar, { intent: "delete-account", password: PASSWORD, confirm: "on" });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/");
    expect(deleted.headers.getSetCookie().join("\n")).toMatch(/session_token=;/);

    expect(await t.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    for (const table of [sessions, accounts, twoFactors, customerPreferences, referrers])
      expect(await t.db.select().from(table).where(eq(table.userId, id))).toEqual([]);
    expect(await signedIn(other)).toBe(false);
    expect(await canSignIn(email, PASSWORD)).toBe(false);

    const kept = await t.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [signedInOrder.id, guestOrder.id]));
    expect(kept).toHaveLength(2);
    for (const order of kept) {
      expect(order).toMatchObject({
        userId: null,
        status: "completed",
        customerName: DELETED_CUSTOMER,
        customerEmail: DELETED_CUSTOMER,
        customerPhone: DELETED_CUSTOMER,
      });
      expect(order.total).toBeGreaterThan(0);
      expect(order.deliveryAddress.country).toBe("GB");
      expect(JSON.stringify(order)).not.toContain(email);
      expect(JSON.stringify(order)).not.toContain("1 Road");
    }
    const [untouched] = await t.db.select().from(orders).where(eq(orders.id, strangersOrder.id));
    expect(untouched!.customerName).toBe("Dana Buyer");

    const [page] = await t.db.select().from(cardPages).where(eq(cardPages.id, card.id));
    expect(page!.ownerUserId).toBeNull();
    const publicPage = await answer(cardPage.loader, new Request(`${SITE}/${card.slug}`), at(), {
      slug: card.slug,
    });
    expect(publicPage.status).toBe(200);
  });

  it("waits while an order is still in progress", async () => {
    const { id, email, jar } = await customer();
    const order = await deliveredOrder(email, id, false);
    const refused = await post(jar, { intent: "delete-account", password: PASSWORD, confirm: "on" });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain(order.orderNumber);
    expect(await t.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);
    expect(await signedIn(jar)).toBe(true);
  });

  it("is not for admins", async () => {
    const jar = new CookieJar(await adminCookieFor(auth, t.db));
    const page = await answer(account.loader, getPage(ACCOUNT, jar), at());
    expect(page.data.canDelete).toBe(false);
    const refused = await post(jar, { intent: "delete-account", password: "boss-pass-1", confirm: "on" });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.data)).toContain(ACCOUNT_MESSAGES.adminCannotDelete);
    expect(await t.db.select().from(users).where(eq(users.email, "boss@example.com"))).toHaveLength(1);
  });

  it("takes two-factor with it: the deleted account's codes sign nobody in", async () => {
    const { email, jar } = await customer();
    await post(jar, { intent: "enable-2fa", password: PASSWORD });
    const pending = (await answer(account.loader, getPage(ACCOUNT, jar), at())).data.twoFactor as {
      secret: string;
    };
    const secret = pending.secret.replace(/\s/g, "");
    jar.apply((await post(jar, { intent: "confirm-2fa", code: totpCode(secret) })).headers);
    expect((await post(jar, { intent: "delete-account", password: PASSWORD, confirm: "on" })).status).toBe(
      302,
    );
    expect(await canSignIn(email, PASSWORD)).toBe(false);
  });
});
