// The Resell section as a route: a customer sees only their own referrals (buyers by first name and initial),
// the figures follow the commission rows, and the referral rules hold.

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { carts, referralCommissions, referralPayouts } from "~/db/schema";
import { followReferralLink } from "~/server/shop/cart-actions.server";
import { verifiedCustomer } from "../../../tests/support/auth";
import { answer } from "../../../tests/support/routes";
import { MULTI_LINK_ORDER_TOTAL, referralDiscount } from "../../../tests/support/shop";
import { getOrCreateReferralCode, readRefCode } from "../../server/referrals/referrals.server";
import { createCart } from "../../server/shop/cart.server";
import { cartView } from "../../server/shop/cart-actions.server";
import * as commissions from "../admin/commissions";
import * as commissionsCsv from "../admin/commissions-csv";
import * as resell from "./resell";
import {
  adminCookie,
  ann,
  auth,
  commissionOf,
  context,
  get,
  multi,
  one,
  post,
  referredOrder,
  resellOf,
  t,
} from "./resell-fixture";
import * as resellQr from "./resell-qr";

describe("access", () => {
  it("sends a visitor to the login from the Resell section and its QR code", async () => {
    for (const [route, url] of [
      [resell.loader, "/dashboard/resell"],
      [resellQr.loader, "/dashboard/resell/qr.svg"],
    ] as const) {
      const a = await answer(route, get(url, ""), context);
      expect({ url, status: a.status, location: a.location }).toEqual({
        url,
        status: 302,
        location: `/login?redirectTo=${encodeURIComponent(url)}`,
      });
    }
  });

  it("keeps customers out of the Commissions section, its export and its payouts", async () => {
    for (const [route, url] of [
      [commissions.loader, "/admin-dashboard/commissions"],
      [commissionsCsv.loader, "/admin-dashboard/commissions.csv"],
    ] as const) {
      const a = await answer(route, get(url, ann.cookie), context);
      expect({ url, status: a.status, location: a.location }).toEqual({
        url,
        status: 302,
        location: "/admin-login",
      });
    }
    const order = await referredOrder(ann.id, { status: "completed" });
    const a = await answer(
      commissions.action,
      post("/admin-dashboard/commissions", ann.cookie, {
        intent: "mark-paid-out",
        referrerUserId: ann.id,
        amount: String(multi),
        reference: "SELF-PAY",
      }),
      context,
    );
    expect(a.status).toBe(403);
    expect((await commissionOf(order.id)).status).toBe("completed");
    expect(await t.db.select().from(referralPayouts)).toEqual([]);
  });

  it("answers an unknown intent with 400 and does nothing", async () => {
    const a = await answer(
      commissions.action,
      post("/admin-dashboard/commissions", adminCookie, { intent: "pay-everyone" }),
      context,
    );
    expect(a.status).toBe(400);
    expect(await t.db.select().from(referralPayouts)).toEqual([]);
  });

  it("gives the customer their referral link and a QR code of it", async () => {
    const code = await getOrCreateReferralCode(t.db, ann.id);
    expect((await resellOf(ann)).link).toBe(`http://shop.test/?ref=${code}`);
    const qr = await answer(resellQr.loader, get("/dashboard/resell/qr.svg?download=1", ann.cookie), context);
    expect(qr.status).toBe(200);
    expect(qr.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(qr.headers.get("Content-Disposition")).toContain("attachment");
    expect(qr.body).toMatch(/^<svg/);
  });
});

describe("figures", () => {
  it("counts a customer's own referrals and earnings only, names buyers by first name and initial, and never shows another's", async () => {
    const cara = await verifiedCustomer(auth, t.db, "Cara Counter", "cara@example.com");
    const dan = await verifiedCustomer(auth, t.db, "Dan Neighbour", "dan@example.com");
    await referredOrder(cara.id, { status: "completed", fullName: "Dana Buyer" });
    await referredOrder(cara.id, { kind: "one-link", fullName: "Eli Private-Surname" });
    await referredOrder(cara.id, { status: "refunded", fullName: "Finn Refund" });
    await referredOrder(dan.id, { status: "completed", fullName: "Gus Elsewhere" });

    const mine = await resellOf(cara);
    expect(mine.stats).toMatchObject({
      totalReferrals: 3,
      totalEarnings: multi,
      thisMonth: multi,
      lastMonth: 0,
      conversionRate: 33,
      owed: multi,
      pending: one,
      paidOut: 0,
    });
    expect(mine.referrals.map((r) => [r.customer, r.cardType, r.commission, r.status]).sort()).toEqual(
      [
        ["Dana B.", "Multi Link", multi, "completed"],
        ["Eli P.", "One Link", one, "pending"],
        ["Finn R.", "Multi Link", multi, "reversed"],
      ].sort(),
    );
    expect(mine.referrals.find((r) => r.customer === "Dana B.")!.sale).toBe(
      MULTI_LINK_ORDER_TOTAL - referralDiscount(MULTI_LINK_ORDER_TOTAL),
    );
    const shown = JSON.stringify(mine);
    for (const secret of ["Buyer", "Private-Surname", "@example.com", "WC", "Gus"])
      expect(shown).not.toContain(secret);

    const theirs = await resellOf(dan);
    expect(theirs.stats).toMatchObject({ totalReferrals: 1, totalEarnings: multi, conversionRate: 100 });
    expect(theirs.referrals.map((r) => r.customer)).toEqual(["Gus E."]);
  });

  it("dates a commission by its order's payment: this month against last month", async () => {
    const eve = await verifiedCustomer(auth, t.db, "Eve Months", "eve@example.com");
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const twoAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1) - 1);
    const a = await referredOrder(eve.id, { status: "completed" });
    const b = await referredOrder(eve.id, { status: "completed" });
    const c = await referredOrder(eve.id, { status: "completed", kind: "one-link" });
    await t.db
      .update(referralCommissions)
      .set({ createdAt: lastMonth })
      .where(eq(referralCommissions.orderId, b.id));
    await t.db
      .update(referralCommissions)
      .set({ createdAt: twoAgo })
      .where(eq(referralCommissions.orderId, c.id));
    expect(a).toBeTruthy();
    expect((await resellOf(eve)).stats).toMatchObject({
      totalEarnings: 2 * multi + one,
      thisMonth: multi,
      lastMonth: multi,
      change: 0,
      changePercent: 0,
    });
  });
});

describe("referral rules", () => {
  it("drops the referral of a customer who buys through their own link while signed in", async () => {
    const gia = await verifiedCustomer(auth, t.db, "Gia Self", "gia@example.com");
    const order = await referredOrder(gia.id, {
      userId: gia.id,
      email: "gia.other@example.com",
      status: "completed",
    });
    expect(order.referrerUserId).toBeNull();
    expect(order.discount).toBe(0);
    expect((await resellOf(gia)).stats.totalReferrals).toBe(0);
  });

  it("remembers a real referrer's link and preselects them even when not featured; a later link keeps the cart's referrer", async () => {
    const hal = await verifiedCustomer(auth, t.db, "Hal Hidden", "hal@example.com");
    const ivy = await verifiedCustomer(auth, t.db, "Ivy Later", "ivy@example.com");
    const halCode = await getOrCreateReferralCode(t.db, hal.id);
    const ivyCode = await getOrCreateReferralCode(t.db, ivy.id);
    const visit = async (query: string, cookie = "", site = "cross-site") => {
      const headers = new Headers();
      const request = new Request(`http://shop.test/${query}`, {
        headers: { Cookie: cookie, "Sec-Fetch-Site": site },
      });
      await followReferralLink(t.db, request, headers, null);
      return headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    };
    expect(await visit("?ref=NOSUCHCODE")).toBe("");
    const halCookie = await visit(`?ref=${halCode}`);
    expect(await readRefCode(get("/", halCookie))).toBe(halCode);
    expect(halCookie).toBeTruthy();

    // Another site's link neither replaces the remembered code nor the referrer the cart has.
    const cart = await createCart(t.db, { referrerUserId: hal.id });
    const { cartCookieHeader } = await import("../../server/shop/cart.server");
    const cartCookie = (await cartCookieHeader(cart.id)).split(";")[0]!;
    expect(await visit(`?ref=${ivyCode}`, `${cartCookie}; ${halCookie}`)).toBe("");
    const [after] = await t.db.select().from(carts).where(eq(carts.id, cart.id));
    expect(after!.referrerUserId).toBe(hal.id);
    const view = await cartView(context, get("/cart", `${cartCookie}; ${halCookie}`));
    expect(view.referrers.map((r) => r.name)).toContain("Hal Hidden");
    expect(view.cart!.referrerUserId).toBe(hal.id);

    // A link followed on the shop itself replaces the code; the cart still keeps its referrer.
    const ivyCookie = await visit(`?ref=${ivyCode}`, `${cartCookie}; ${halCookie}`, "same-origin");
    expect(await readRefCode(get("/", ivyCookie))).toBe(ivyCode);
    const [kept] = await t.db.select().from(carts).where(eq(carts.id, cart.id));
    expect(kept!.referrerUserId).toBe(hal.id);
    const both = await cartView(context, get("/cart", `${cartCookie}; ${ivyCookie}`));
    expect(both.referrers.map((r) => r.name)).toEqual(expect.arrayContaining(["Hal Hidden", "Ivy Later"]));
  });
});
