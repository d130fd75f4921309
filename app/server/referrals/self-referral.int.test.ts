// Referrals that must not pay: a referrer's own link, another spelling of the referrer's inbox, the cards of a
// referred order landing on the referrer's account, an order to the referrer's own address or phone, and a
// link from another site swapping the referrer of a cart (cookie stuffing). Through the real route handlers:
// the root loader that reads ?ref=, the cart, the claim link, My Cards and the admin's Commissions.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cardPages,
  customerPreferences,
  emailOutbox,
  orderItemCardPages,
  orderItems,
  orders,
  referralCommissions,
} from "~/db/schema";
import * as root from "~/root";
import * as commissionsRoute from "~/routes/admin/commissions";
import * as myCardsRoute from "~/routes/dashboard/cards";
import * as cartRoute from "~/routes/shop/cart";
import * as claimRoute from "~/routes/shop/claim-cards";
import type { Delivery } from "~/schemas/checkout";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { type Answer, answer, CookieJar, postForm } from "../../../tests/support/routes";
import { admin, delivery, ipSequence, markPaidByAdmin, testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../accounts/auth.server";
import { hashEditPassword } from "../cards/edit-passwords.server";
import { createCart } from "../shop/cart.server";
import { setAdminStatus } from "../shop/orders.server";
import { refundOrder } from "../shop/refunds.server";
import { getOrCreateReferralCode, setReferrerFeatured } from "./referrals.server";

const ORIGIN = "http://shop.test";
let t: TestDb;
let auth: Auth;
const config = testConfig("self-referral");
const nextIp = ipSequence();
let rita: { id: string; cookie: string };
let ritaCode: string;
let olly: { id: string; cookie: string };
let hal: { id: string; code: string };
let ivy: { id: string; code: string };
let adminCookie: string;

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  rita = await verifiedCustomer(auth, t.db, "Rita Referrer", "rita.ref@gmail.com");
  ritaCode = await getOrCreateReferralCode(t.db, rita.id);
  olly = await verifiedCustomer(auth, t.db, "Olly Other", "olly@example.com");
  const h = await verifiedCustomer(auth, t.db, "Hal Hidden", "hal@example.com");
  hal = { id: h.id, code: await getOrCreateReferralCode(t.db, h.id) };
  const i = await verifiedCustomer(auth, t.db, "Ivy Later", "ivy@example.com");
  ivy = { id: i.id, code: await getOrCreateReferralCode(t.db, i.id) };
  adminCookie = await adminCookieFor(auth, t.db);
});
afterAll(() => t?.close());

/** A visitor: one client address and the cookies their browser holds. */
function visitor(cookie = "") {
  return { context: routeContext(t.db, config, auth, nextIp()), jar: new CookieJar(cookie) };
}
type Visitor = ReturnType<typeof visitor>;

/** A top-level GET as the browser sends it: Sec-Fetch-Site says where the link was followed. */
function navigate(v: Visitor, path: string, site: "cross-site" | "same-origin" | "none" = "cross-site") {
  return new Request(`${ORIGIN}${path}`, { headers: { Cookie: v.jar.header(), "Sec-Fetch-Site": site } });
}

async function openPage(v: Visitor, path: string, site?: "cross-site" | "same-origin" | "none") {
  const a = await answer(root.loader, navigate(v, path, site), v.context);
  v.jar.apply(a.headers);
  return a;
}

async function post(v: Visitor, run: (args: never) => unknown, path: string, fields: Record<string, string>) {
  const a = await answer(run, postForm(`${ORIGIN}${path}`, v.jar, fields), v.context);
  v.jar.apply(a.headers);
  return a;
}

const addMultiLinkCard = (v: Visitor) =>
  post(v, cartRoute.action, "/cart", {
    intent: "add-card",
    type: "multi-link",
    name: "Dana",
    instagram: "https://instagram.com/dana",
    returnTo: "/cart",
  });

type CartData = Awaited<ReturnType<typeof cartRoute.loader>>;
async function cartPage(v: Visitor, step = "") {
  const a = await answer(cartRoute.loader, navigate(v, `/cart${step}`, "same-origin"), v.context);
  return a.data as unknown as CartData;
}

const refCookieSet = (a: Answer) => a.headers.getSetCookie().some((c) => c.startsWith("ref="));

async function checkOut(v: Visitor, to: Delivery) {
  const saved = await post(v, cartRoute.action, "/cart", { intent: "delivery", ...to });
  expect(saved.location).toBe("/cart?step=summary");
  const summary = await cartPage(v, "?step=summary");
  const placed = await post(v, cartRoute.action, "/cart", {
    intent: "place-order",
    paymentMethod: "bank_transfer",
  });
  expect(placed.location).toMatch(/^\/payment-success/);
  const [order] = await t.db
    .select()
    .from(orders)
    .where(eq(orders.customerEmail, to.email.toLowerCase()))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return { summary, order: order! };
}

const commissionOf = async (orderId: string) =>
  (await t.db.select().from(referralCommissions).where(eq(referralCommissions.orderId, orderId)))[0] as
    | { status: string; reason?: string | null }
    | undefined;

describe("a referrer's own link", () => {
  it("signed in, it sets no cookie, preselects nobody and takes nothing off (£59.99, not £53.99)", async () => {
    const v = visitor(rita.cookie);
    const visit = await openPage(v, `/?ref=${ritaCode}`);
    expect(refCookieSet(visit)).toBe(false);
    await addMultiLinkCard(v);
    const { view } = await cartPage(v);
    expect(view.cart!.referrerUserId).toBeNull();
    expect(view.referrers.map((r) => r.name)).not.toContain("Rita Referrer");
    expect(view.cart!.totals).toMatchObject({ discount: 0, total: 5999 });
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
    expect(before.cart!.totals).toMatchObject({ discount: 600, total: 5399 });

    const { summary, order } = await checkOut(v, { ...delivery, email: "Rita.Ref@gmail.com" });
    expect(summary.view.cart!.referrerUserId).toBeNull();
    expect(summary.view.cart!.totals).toMatchObject({ discount: 0, total: 5999 });
    expect(order).toMatchObject({ referrerUserId: null, discount: 0, total: 5999 });
  });
});

describe("self-referral through a second address", () => {
  it("drops the referral of a guest order to another spelling of the referrer's inbox", async () => {
    for (const email of ["rita.ref+cards@gmail.com", "R.I.T.A.Ref@googlemail.com", "ritaref+x@GMAIL.com"]) {
      const v = visitor();
      await openPage(v, `/?ref=${ritaCode}`);
      await addMultiLinkCard(v);
      const { summary, order } = await checkOut(v, { ...delivery, email });
      expect(summary.view.cart!.totals.discount).toBe(0);
      expect(order).toMatchObject({ referrerUserId: null, discount: 0, total: 5999 });
      await markPaidByAdmin(t.db, order.id);
      expect(await commissionOf(order.id)).toBeUndefined();
    }
  });

  it("keeps the referral of a different person's address at the same provider", async () => {
    const v = visitor();
    await openPage(v, `/?ref=${ritaCode}`);
    await addMultiLinkCard(v);
    const { order } = await checkOut(v, { ...delivery, email: "rita.refs@gmail.com" });
    expect(order).toMatchObject({ referrerUserId: rita.id, discount: 600 });
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
    expect(view.cart!.totals).toMatchObject({ discount: 600, total: 5399 });
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
