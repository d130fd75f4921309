// Referrals that must not pay, through the real route handlers: a referrer's own link, and a link from another
// site swapping the referrer of a cart (cookie stuffing).

import { describe, expect, it } from "vitest";
import * as cartRoute from "~/routes/shop/cart";
import { CookieJar } from "../../../tests/support/routes";
import { delivery, MULTI_LINK_ORDER_TOTAL } from "../../../tests/support/shop";
import { setReferrerFeatured } from "./referrals.server";
import {
  addMultiLinkCard,
  cartPage,
  checkOut,
  DISCOUNT,
  hal,
  ivy,
  olly,
  openPage,
  post,
  refCookieSet,
  rita,
  ritaCode,
  t,
  visitor,
} from "./self-referral-fixture";

describe("a referrer's own link", () => {
  it("signed in, it sets no cookie, preselects nobody and takes nothing off (the full price, no referral discount)", async () => {
    const v = visitor(rita.cookie);
    const visit = await openPage(v, `/?ref=${ritaCode}`);
    expect(refCookieSet(visit)).toBe(false);
    await addMultiLinkCard(v);
    const { view } = await cartPage(v);
    expect(view.cart!.referrerUserId).toBeNull();
    expect(view.referrers.map((r) => r.name)).not.toContain("Rita Referrer");
    expect(view.cart!.totals).toMatchObject({ discount: 0, total: MULTI_LINK_ORDER_TOTAL });
  });

  it("followed before signing in, the cart made after signing in neither offers nor accepts the referrer", async () => {
    await setReferrerFeatured(t.db, rita.id, true);
    try {
      const v = visitor();
      expect(refCookieSet(await openPage(v, `/?ref=${ritaCode}`))).toBe(true);
      v.jar = new CookieJar(`${v.jar.header()}; ${rita.cookie}`);
      await addMultiLinkCard(v);
      let { view } = await cartPage(v);
      expect(view.cart!.referrerUserId).toBeNull();
      expect(view.referrers.map((r) => r.name)).not.toContain("Rita Referrer");
      await post(v, cartRoute.action, "/cart", { intent: "referrer", referrer: rita.id, returnTo: "/cart" });
      ({ view } = await cartPage(v));
      expect(view.cart!.referrerUserId).toBeNull();
      expect(view.cart!.totals.discount).toBe(0);

      // Anyone else is offered the featured referrer as before.
      const other = visitor(olly.cookie);
      await addMultiLinkCard(other);
      expect((await cartPage(other)).view.referrers.map((r) => r.name)).toContain("Rita Referrer");
    } finally {
      await setReferrerFeatured(t.db, rita.id, false);
    }
  });

  it("a guest ordering with the referrer's e-mail is shown no referrer and no discount, and the order has none", async () => {
    const v = visitor();
    await openPage(v, `/?ref=${ritaCode}`);
    await addMultiLinkCard(v);
    const before = (await cartPage(v)).view;
    expect(before.cart!.referrerUserId).toBe(rita.id);
    expect(before.cart!.totals).toMatchObject({
      discount: DISCOUNT,
      total: MULTI_LINK_ORDER_TOTAL - DISCOUNT,
    });

    const { summary, order } = await checkOut(v, { ...delivery, email: "Rita.Ref@gmail.com" });
    expect(summary.view.cart!.referrerUserId).toBeNull();
    expect(summary.view.cart!.totals).toMatchObject({ discount: 0, total: MULTI_LINK_ORDER_TOTAL });
    expect(order).toMatchObject({ referrerUserId: null, discount: 0, total: MULTI_LINK_ORDER_TOTAL });
  });
});

describe("cookie stuffing", () => {
  it("a link from another site keeps the referrer a cart has, and the referral code already remembered", async () => {
    const v = visitor();
    await openPage(v, `/?ref=${hal.code}`);
    await addMultiLinkCard(v);
    expect((await cartPage(v)).view.cart!.referrerUserId).toBe(hal.id);

    const stuffed = await openPage(v, `/?ref=${ivy.code}`, "cross-site");
    expect(refCookieSet(stuffed)).toBe(false);
    const { view } = await cartPage(v);
    expect(view.cart!.referrerUserId).toBe(hal.id);
    expect(view.referrers.map((r) => r.name)).toContain("Hal Hidden");
    expect(view.cart!.totals).toMatchObject({ discount: DISCOUNT, total: MULTI_LINK_ORDER_TOTAL - DISCOUNT });
  });

  it("a link sets a referrer only on a cart without one; the customer still changes it in the cart", async () => {
    const v = visitor();
    await addMultiLinkCard(v);
    expect((await cartPage(v)).view.cart!.referrerUserId).toBeNull();
    await openPage(v, `/?ref=${ivy.code}`, "cross-site");
    expect((await cartPage(v)).view.cart!.referrerUserId).toBe(ivy.id);

    // Even a link followed on the shop itself does not replace it; the customer's choice in the cart does.
    await openPage(v, `/?ref=${hal.code}`, "same-origin");
    expect((await cartPage(v)).view.cart!.referrerUserId).toBe(ivy.id);
    await post(v, cartRoute.action, "/cart", { intent: "referrer", referrer: hal.id, returnTo: "/cart" });
    expect((await cartPage(v)).view.cart!.referrerUserId).toBe(hal.id);
    await post(v, cartRoute.action, "/cart", { intent: "referrer", referrer: "none", returnTo: "/cart" });
    expect((await cartPage(v)).view.cart!.referrerUserId).toBeNull();
  });
});
