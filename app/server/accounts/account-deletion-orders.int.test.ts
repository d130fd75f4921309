// Deleting an account that has ordered: whose orders are kept (anonymised, for the shop's books) and what stays.

import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  emailOutbox,
  orderStatusHistory,
  orders,
  referralCommissions,
  referralPayouts,
  users,
} from "~/db/schema";
import * as commissions from "~/routes/admin/commissions";
import * as profile from "~/routes/dashboard/settings/profile";
import { adminCookieFor } from "../../../tests/support/auth";
import { answer, CookieJar, getPage, multipartRequest } from "../../../tests/support/routes";
import { expireUnpaidBankOrders } from "../shop/orders.server";
import { DELETED_CUSTOMER } from "./account-deletion.server";
import { at, auth, config, customer, deliveredOrder, PASSWORD, post, SITE, seq, t } from "./account-fixture";

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
