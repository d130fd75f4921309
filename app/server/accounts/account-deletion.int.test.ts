// Deleting an account through Settings -> Account: the password asked for, and what goes with it.

import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
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
import * as account from "~/routes/dashboard/settings/account";
import { adminCookieFor, signInCookie } from "../../../tests/support/auth";
import { answer, CookieJar, getPage } from "../../../tests/support/routes";
import { totpCode } from "../../../tests/support/totp";
import { createCardPage } from "../cards/cards.server";
import { DELETED_CUSTOMER } from "./account-deletion.server";
import {
  ACCOUNT,
  at,
  auth,
  canSignIn,
  customer,
  deliveredOrder,
  PASSWORD,
  post,
  SITE,
  seq,
  signedIn,
  t,
} from "./account-fixture";
import { ACCOUNT_MESSAGES } from "./account-secrets.server";

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
