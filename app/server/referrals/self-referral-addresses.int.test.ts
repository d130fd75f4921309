// Self-referral through a second address: another spelling of the referrer's inbox, the cards of a referred
// order landing on the referrer's account, an order to the referrer's own address or phone. Through the root
// loader that reads ?ref=, the cart, the claim link, My Cards and the admin's Commissions.

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  cardPages,
  customerPreferences,
  emailOutbox,
  orderItemCardPages,
  orderItems,
  referralCommissions,
} from "~/db/schema";
import * as commissionsRoute from "~/routes/admin/commissions";
import * as myCardsRoute from "~/routes/dashboard/cards";
import * as claimRoute from "~/routes/shop/claim-cards";
import type { Delivery } from "~/schemas/checkout";
import { answer } from "../../../tests/support/routes";
import { admin, delivery, MULTI_LINK_ORDER_TOTAL, markPaidByAdmin } from "../../../tests/support/shop";
import { hashEditPassword } from "../cards/edit-passwords.server";
import { createCart } from "../shop/cart.server";
import { setAdminStatus } from "../shop/orders.server";
import { refundOrder } from "../shop/refunds.server";
import { getOrCreateReferralCode } from "./referrals.server";
import {
  addMultiLinkCard,
  adminCookie,
  checkOut,
  commissionOf,
  DISCOUNT,
  navigate,
  olly,
  openPage,
  post,
  rita,
  ritaCode,
  t,
  visitor,
} from "./self-referral-fixture";

describe("self-referral through a second address", () => {
  it("drops the referral of a guest order to another spelling of the referrer's inbox", async () => {
    for (const email of ["rita.ref+cards@gmail.com", "R.I.T.A.Ref@googlemail.com", "ritaref+x@GMAIL.com"]) {
      const v = visitor();
      await openPage(v, `/?ref=${ritaCode}`);
      await addMultiLinkCard(v);
      const { summary, order } = await checkOut(v, { ...delivery, email });
      expect(summary.view.cart!.totals.discount).toBe(0);
      expect(order).toMatchObject({ referrerUserId: null, discount: 0, total: MULTI_LINK_ORDER_TOTAL });
      await markPaidByAdmin(t.db, order.id);
      expect(await commissionOf(order.id)).toBeUndefined();
    }
  });

  it("keeps the referral of a different person's address at the same provider", async () => {
    const v = visitor();
    await openPage(v, `/?ref=${ritaCode}`);
    await addMultiLinkCard(v);
    const { order } = await checkOut(v, { ...delivery, email: "rita.refs@gmail.com" });
    expect(order).toMatchObject({ referrerUserId: rita.id, discount: DISCOUNT });
  });

  let guestOrders = 0;
  /**
   * A paid guest order referred by Rita, sent to an inbox of hers the shop cannot tell is hers. Each to an address
   * and phone of its own: one Rita claims becomes her own order, and the next must not match it.
   */
  async function referredGuestOrder(email: string, to: Partial<Delivery> = {}) {
    guestOrders++;
    const cart = await createCart(t.db, { referrerUserId: rita.id });
    const v = visitor();
    const { cartCookieHeader } = await import("../shop/cart.server");
    v.jar.apply(new Headers({ "Set-Cookie": await cartCookieHeader(cart.id) }));
    await addMultiLinkCard(v);
    const { order } = await checkOut(v, {
      ...delivery,
      phone: `+44 7700 9005${String(guestOrders).padStart(2, "0")}`,
      addressLine1: `${guestOrders} Customer Lane`,
      ...to,
      email,
    });
    expect(order.referrerUserId).toBe(rita.id);
    await markPaidByAdmin(t.db, order.id);
    return order;
  }

  it("reverses the commission when the order's claim link puts the cards on the referrer's account", async () => {
    const order = await referredGuestOrder("rita@work.example");
    expect((await commissionOf(order.id))?.status).toBe("pending");
    const [mail] = (
      await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, "rita@work.example"))
    ).filter((m) => m.subject.includes("confirmed"));
    const token = new URL(
      mail!.text.match(/http:\/\/shop\.test\/claim-cards\?token=\S+/)![0],
    ).searchParams.get("token")!;
    const v = visitor(rita.cookie);
    const claimed = await post(v, claimRoute.action, `/claim-cards?token=${encodeURIComponent(token)}`, {
      intent: "claim",
      token,
    });
    expect(claimed.location).toBe("/dashboard/cards");
    const commission = await commissionOf(order.id);
    expect(commission?.status).toBe("reversed");
    expect(commission?.reason).toMatch(/referrer's own account/);

    // Completing the order later does not bring it back.
    await setAdminStatus(t.db, order.id, "completed", admin);
    expect((await commissionOf(order.id))?.status).toBe("reversed");
  });

  it("reverses the commission when a card page of the order is added to the referrer's account with its edit password", async () => {
    const order = await referredGuestOrder("rita.second@work.example");
    const [page] = await t.db
      .select({ id: cardPages.id, cardNumber: cardPages.cardNumber })
      .from(orderItemCardPages)
      .innerJoin(orderItems, eq(orderItems.id, orderItemCardPages.orderItemId))
      .innerJoin(cardPages, eq(cardPages.id, orderItemCardPages.cardPageId))
      .where(eq(orderItems.orderId, order.id));
    await t.db
      .update(cardPages)
      .set({ passwordHash: await hashEditPassword("edit-pass-1") })
      .where(eq(cardPages.id, page!.id));
    const v = visitor(rita.cookie);
    const added = await post(v, myCardsRoute.action, "/dashboard/cards", {
      intent: "claim",
      cardNumber: page!.cardNumber,
      password: "edit-pass-1",
    });
    expect(added.status).toBe(302);
    expect((await commissionOf(order.id))?.status).toBe("reversed");
  });

  it("leaves the commission alone when someone else takes the cards", async () => {
    const order = await referredGuestOrder("friend.of.rita@example.com");
    const [page] = await t.db
      .select({ id: cardPages.id, cardNumber: cardPages.cardNumber })
      .from(orderItemCardPages)
      .innerJoin(orderItems, eq(orderItems.id, orderItemCardPages.orderItemId))
      .innerJoin(cardPages, eq(cardPages.id, orderItemCardPages.cardPageId))
      .where(eq(orderItems.orderId, order.id));
    await t.db
      .update(cardPages)
      .set({ passwordHash: await hashEditPassword("edit-pass-2") })
      .where(eq(cardPages.id, page!.id));
    await post(visitor(olly.cookie), myCardsRoute.action, "/dashboard/cards", {
      intent: "claim",
      cardNumber: page!.cardNumber,
      password: "edit-pass-2",
    });
    expect((await commissionOf(order.id))?.status).toBe("pending");
  });

  describe("an order to the referrer's own address or phone", () => {
    const ritasAddress: Delivery = {
      ...delivery,
      fullName: "Rita Referrer",
      email: "rita.ref@gmail.com",
      phone: "+44 7700 900111",
      addressLine1: "7 Referrer Row",
      postalCode: "E1 6AN",
    };
    const loadSection = async () =>
      (
        await answer(
          commissionsRoute.loader,
          navigate(visitor(adminCookie), "/admin-dashboard/commissions", "same-origin"),
          visitor().context,
        )
      ).data as unknown as Awaited<ReturnType<typeof commissionsRoute.loader>>;
    const decide = (commissionId: string, intent: string) =>
      post(visitor(adminCookie), commissionsRoute.action, "/admin-dashboard/commissions", {
        intent,
        commissionId,
      });
    const idOf = async (orderId: string) =>
      (
        await t.db
          .select({ id: referralCommissions.id })
          .from(referralCommissions)
          .where(eq(referralCommissions.orderId, orderId))
      )[0]!.id;

    it("is held for review with the reason, which the admin sees in Commissions and releases or reverses", async () => {
      await t.db
        .insert(customerPreferences)
        .values({ userId: rita.id, savedDelivery: ritasAddress })
        .onConflictDoUpdate({ target: customerPreferences.userId, set: { savedDelivery: ritasAddress } });

      const sameAddress = await referredGuestOrder("cousin@example.com", {
        addressLine1: "7, referrer row",
        postalCode: "e16an",
      });
      const samePhone = await referredGuestOrder("neighbour@example.com", { phone: "07700 900111" });
      const toReverse = await referredGuestOrder("flatmate@example.com", {
        addressLine1: "7 Referrer Row",
        postalCode: "E1 6AN",
      });
      const unrelated = await referredGuestOrder("stranger@example.com");
      expect(await commissionOf(sameAddress.id)).toMatchObject({ status: "held" });
      expect((await commissionOf(sameAddress.id))?.reason).toMatch(/address/);
      expect(await commissionOf(samePhone.id)).toMatchObject({ status: "held" });
      expect((await commissionOf(samePhone.id))?.reason).toMatch(/phone/);
      expect(await commissionOf(toReverse.id)).toMatchObject({ status: "held" });
      expect(await commissionOf(unrelated.id)).toMatchObject({ status: "pending" });

      const section = await loadSection();
      const held = section.held.map((h) => [h.orderNumber, h.reason]);
      expect(held).toEqual(
        expect.arrayContaining([
          [sameAddress.orderNumber, "The delivery address is the referrer's"],
          [samePhone.orderNumber, "The phone number is the referrer's"],
        ]),
      );
      expect(held.map(([n]) => n)).not.toContain(unrelated.orderNumber);

      // While held it does not follow the order, and nothing of it is owed.
      await setAdminStatus(t.db, sameAddress.id, "completed", admin);
      expect((await commissionOf(sameAddress.id))?.status).toBe("held");
      expect((await loadSection()).owed.map((o) => o.name)).not.toContain("Rita Referrer");

      const released = await decide(await idOf(sameAddress.id), "release-commission");
      expect(released.status).toBe(200);
      expect((await commissionOf(sameAddress.id))?.status).toBe("completed");
      expect((await loadSection()).owed.map((o) => o.name)).toContain("Rita Referrer");

      await decide(await idOf(samePhone.id), "release-commission");
      expect((await commissionOf(samePhone.id))?.status).toBe("pending");
      // Released, it is a normal commission: it follows its order again.
      await refundOrder(t.db, samePhone.id, admin, { stripe: undefined, shop: { name: "TapCard" } });
      expect((await commissionOf(samePhone.id))?.status).toBe("reversed");

      const reversed = await decide(await idOf(toReverse.id), "reverse-commission");
      expect(reversed.status).toBe(200);
      expect((await commissionOf(toReverse.id))?.status).toBe("reversed");
      await setAdminStatus(t.db, toReverse.id, "completed", admin);
      expect((await commissionOf(toReverse.id))?.status).toBe("reversed");

      // A second click finds nothing held; a malformed id is refused.
      expect((await decide(await idOf(toReverse.id), "release-commission")).status).toBe(409);
      expect((await decide("not-an-id", "release-commission")).status).toBe(400);
      expect((await loadSection()).held).toEqual([]);
    });

    it("is held when the address is one the referrer's own orders went to", async () => {
      const v = visitor(olly.cookie);
      await addMultiLinkCard(v);
      await checkOut(v, { ...delivery, email: "olly@example.com", addressLine1: "12 Olly Street" });
      const ollyCode = await getOrCreateReferralCode(t.db, olly.id);
      const guest = visitor();
      await openPage(guest, `/?ref=${ollyCode}`);
      await addMultiLinkCard(guest);
      const { order } = await checkOut(guest, {
        ...delivery,
        email: "olly.friend@example.com",
        addressLine1: "12 Olly Street",
        phone: "+44 7700 900999",
      });
      await markPaidByAdmin(t.db, order.id);
      expect(await commissionOf(order.id)).toMatchObject({ status: "held" });
    });
  });
});
