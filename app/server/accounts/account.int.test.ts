// Settings → Account through its route: changing the password signs other sessions out, 'Sign out all other
// sessions' does, and deleting the account removes the person but keeps their orders (anonymised), their
// cards' public pages and the commission books; an unpaid bank transfer no longer blocks it for ever.

import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accounts,
  cardPages,
  customerPreferences,
  emailOutbox,
  orderStatusHistory,
  orders,
  referralCommissions,
  referralPayouts,
  referrers,
  sessions,
  twoFactors,
  users,
} from "~/db/schema";
import * as commissions from "~/routes/admin/commissions";
import * as cardPage from "~/routes/card/page";
import * as dashboard from "~/routes/dashboard/layout";
import * as account from "~/routes/dashboard/settings/account";
import * as profile from "~/routes/dashboard/settings/profile";
import {
  adminCookieFor,
  routeContext,
  signInCookie,
  testAuth,
  verifiedCustomer,
} from "../../../tests/support/auth";
import { answer, CookieJar, getPage, multipartRequest, postForm } from "../../../tests/support/routes";
import { deliveryTo, ipSequence, oneLinkCard, testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { totpCode } from "../../../tests/support/totp";
import { createCardPage } from "../cards/cards.server";
import { enqueueEmail } from "../platform/email/outbox.server";
import { addCardItem, createCart } from "../shop/cart.server";
import { createOrderFromCart } from "../shop/checkout.server";
import { expireUnpaidBankOrders, setAdminStatus } from "../shop/orders.server";
import { markOrderPaid } from "../shop/payments/paid-pipeline.server";
import { DELETED_CUSTOMER } from "./account-deletion.server";
import { ACCOUNT_MESSAGES } from "./account-secrets.server";
import type { Auth } from "./auth.server";

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
  auth = testAuth(t.db, config, (m) => enqueueEmail(t.db, m).then(() => {}));
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

describe("deleting the account: whose orders, what stays", () => {
  const deleteAs = (jar: CookieJar) =>
    post(jar, { intent: "delete-account", password: PASSWORD, confirm: "on" });

  it("leaves alone an order another account placed signed in with this account's e-mail", async () => {
    const ada = await customer();
    const bob = await customer();
    // Bob, signed in, sent an order to Ada's address: it is Bob's order, in Bob's history.
    const bobsOrder = await deliveredOrder(ada.email, bob.id);
    expect((await deleteAs(ada.jar)).status).toBe(302);
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, bobsOrder.id));
    expect(kept).toMatchObject({ userId: bob.id, customerName: "Dana Buyer", customerEmail: ada.email });
  });

  it("is not blocked for ever by a stranger's unpaid bank transfer to this e-mail: it expires after 14 days", async () => {
    const { id, email, jar } = await customer();
    const strangers = await deliveredOrder(email, null, false);
    const age = (days: number) =>
      t.db
        .update(orders)
        .set({ createdAt: sql`now() - make_interval(days => ${days})` })
        .where(eq(orders.id, strangers.id));

    await age(13);
    await expireUnpaidBankOrders(t.db, { shop: config.shop.name, support: config.mail.support });
    expect((await t.db.select().from(orders).where(eq(orders.id, strangers.id)))[0]!.status).toBe(
      "awaiting_payment",
    );
    expect((await deleteAs(jar)).status).toBe(409);

    await age(15);
    await expireUnpaidBankOrders(t.db, { shop: config.shop.name, support: config.mail.support });
    const [cancelled] = await t.db.select().from(orders).where(eq(orders.id, strangers.id));
    expect(cancelled!.status).toBe("cancelled");
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, strangers.id), eq(orderStatusHistory.toStatus, "cancelled")));
    expect(history).toHaveLength(1);
    const mail = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), sql`${emailOutbox.subject} like '%cancelled%'`));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Order ${strangers.orderNumber} cancelled: no payment received`);
    expect(mail[0]!.text).toContain("because no payment arrived within 14 days");
    expect(mail[0]!.text).toContain("Nothing was charged");
    // A second round finds nothing more to do, and mails nobody again.
    expect(await expireUnpaidBankOrders(t.db, { shop: "TapCard", support: "s@example.com" })).toEqual({
      expired: 0,
    });

    expect((await deleteAs(jar)).status).toBe(302);
    expect(await t.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    // The number stays used: the cancelled order is kept, anonymised.
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, strangers.id));
    expect(kept).toMatchObject({ orderNumber: strangers.orderNumber, customerEmail: DELETED_CUSTOMER });
  });

  const png = async (background: string) =>
    new File(
      [
        new Uint8Array(
          await sharp({ create: { width: 64, height: 64, channels: 3, background } })
            .png()
            .toBuffer(),
        ),
      ],
      "me.png",
      { type: "image/png" },
    );
  const onDisk = (url: string) =>
    fs.existsSync(path.join(config.dataDir, url.replace(/^\/uploads\//, "uploads/")));
  const uploadAvatar = async (jar: CookieJar, file: File) => {
    const a = await answer(
      profile.action,
      multipartRequest(`${SITE}/dashboard/settings`, { intent: "avatar", avatar: file }, jar.header()),
      at(),
    );
    expect(a.status).toBe(302);
  };
  const imageOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.image!;

  it("deletes the avatar's file, unless another account shows the same image", async () => {
    const ada = await customer();
    await uploadAvatar(ada.jar, await png("#0a1b2c"));
    const own = await imageOf(ada.id);
    expect(onDisk(own)).toBe(true);
    expect((await deleteAs(ada.jar)).status).toBe(302);
    expect(onDisk(own)).toBe(false);

    const cy = await customer();
    const dee = await customer();
    const same = await png("#3c2b1a");
    await uploadAvatar(cy.jar, same);
    await uploadAvatar(dee.jar, same);
    const shared = await imageOf(cy.id);
    expect((await deleteAs(cy.jar)).status).toBe(302);
    expect(onDisk(shared)).toBe(true);
    expect(await imageOf(dee.id)).toBe(shared);
  });

  it("keeps the referrer's commissions and payouts in the books, without the person", async () => {
    const referrer = await customer();
    const sale = await deliveredOrder(`buyer-${seq}@example.com`, null);
    const [payout] = await t.db
      .insert(referralPayouts)
      .values({ referrerUserId: referrer.id, amount: 500, reference: `BACS-${seq}` })
      .returning();
    const [commission] = await t.db
      .insert(referralCommissions)
      .values({
        orderId: sale.id,
        referrerUserId: referrer.id,
        amount: 500,
        status: "paid_out",
        payoutId: payout!.id,
      })
      .returning();

    expect((await deleteAs(referrer.jar)).status).toBe(302);
    const [keptCommission] = await t.db
      .select()
      .from(referralCommissions)
      .where(eq(referralCommissions.id, commission!.id));
    expect(keptCommission).toMatchObject({ referrerUserId: null, amount: 500, status: "paid_out" });
    const [keptPayout] = await t.db.select().from(referralPayouts).where(eq(referralPayouts.id, payout!.id));
    expect(keptPayout).toMatchObject({ referrerUserId: null, amount: 500, reference: `BACS-${seq}` });

    const admin = new CookieJar(await adminCookieFor(auth, t.db));
    const books = await answer(
      commissions.loader,
      getPage(`${SITE}/admin-dashboard/commissions`, admin),
      at(),
    );
    expect(books.status).toBe(200);
    const section = books.data as {
      ledger: { orderNumber: string; referrerName: string; referrerEmail: string }[];
      payouts: { reference: string; name: string }[];
    };
    expect(section.ledger.find((r) => r.orderNumber === sale.orderNumber)).toMatchObject({
      referrerName: DELETED_CUSTOMER,
      referrerEmail: "",
    });
    expect(section.payouts.find((p) => p.reference === `BACS-${seq}`)).toMatchObject({
      name: DELETED_CUSTOMER,
    });
  });
});
