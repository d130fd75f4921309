// The Resell section and the admin's Commissions section as routes: a customer sees only their own referrals
// (buyers by first name and initial) and payouts, the figures follow the commission rows, the admin pays out a
// referrer's completed commissions exactly once, and the ledger exports as CSV with formulas neutralised.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARDS, type CardType, commissionFor } from "~/catalog";
import { carts, referralCommissions, referralPayouts } from "~/db/schema";
import { cardItemFromForm } from "~/schemas/cart";
import { followReferralLink } from "~/server/shop/cart-actions.server";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { type Answer, answer, getRequest, postRequest } from "../../../tests/support/routes";
import { admin, deliveryTo, form, markPaidByAdmin, oneLinkCard, shopOpts } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../../server/accounts/auth.server";
import { loadConfig } from "../../server/platform/env.server";
import { getOrCreateReferralCode, readRefCode } from "../../server/referrals/referrals.server";
import { addCardItem, createCart, setCartReferrer } from "../../server/shop/cart.server";
import { cartView } from "../../server/shop/cart-actions.server";
import { createOrderFromCart } from "../../server/shop/checkout.server";
import { setAdminStatus } from "../../server/shop/orders.server";
import { refundOrder } from "../../server/shop/refunds.server";
import * as commissions from "../admin/commissions";
import * as commissionsCsv from "../admin/commissions-csv";
import * as resell from "./resell";
import * as resellQr from "./resell-qr";

let t: TestDb;
let auth: Auth;
let context: AppLoadContext;
let adminCookie: string;
type Account = { id: string; cookie: string };
let ann: Account;
let ben: Account;
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "resell-")),
  PUBLIC_URL: "http://shop.test",
});

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  adminCookie = await adminCookieFor(auth, t.db);
  ann = await verifiedCustomer(auth, t.db, "Ann Referrer", "ann@example.com");
  ben = await verifiedCustomer(auth, t.db, "Ben Other", "ben@example.com");
});
afterAll(() => t?.close());

const get = (url: string, cookie: string) => getRequest(`http://shop.test${url}`, cookie);
const post = (url: string, cookie: string, fields: Record<string, string>) =>
  postRequest(`http://shop.test${url}`, fields, cookie);

type Resell = Awaited<ReturnType<typeof resell.loader>>;
const resellOf = async (who: Account) =>
  (await answer(resell.loader, get("/dashboard/resell", who.cookie), context)).data as unknown as Resell;

let buyers = 0;
/** A paid order of one card referred by `referrerId`, bought by `fullName`; then taken to `status`. */
async function referredOrder(
  referrerId: string,
  opts: {
    kind?: CardType;
    fullName?: string;
    status?: "paid" | "completed" | "refunded";
    userId?: string | null;
    email?: string;
  } = {},
) {
  const cart = await createCart(t.db);
  const kind = opts.kind ?? "multi-link";
  const item =
    kind === "one-link"
      ? oneLinkCard
      : cardItemFromForm(form({ type: "multi-link", name: "Dana", instagram: "https://instagram.com/dana" }))
          .data!;
  await addCardItem(t.db, cart.id, item);
  await setCartReferrer(t.db, cart.id, referrerId);
  const { order } = await createOrderFromCart(t.db, {
    cartId: cart.id,
    delivery: {
      ...deliveryTo(opts.email ?? `buyer${++buyers}@example.com`),
      fullName: opts.fullName ?? "Dana Buyer",
    },
    paymentMethod: "bank_transfer",
    userId: opts.userId ?? null,
    ...shopOpts,
  });
  await markPaidByAdmin(t.db, order.id);
  if (opts.status === "completed" || opts.status === "refunded")
    await setAdminStatus(t.db, order.id, "completed", admin);
  if (opts.status === "refunded") await refundOrder(t.db, order.id, admin, config);
  return order;
}

async function commissionOf(orderId: string) {
  const [c] = await t.db.select().from(referralCommissions).where(eq(referralCommissions.orderId, orderId));
  return c!;
}

async function owedTo(referrerId: string) {
  const data = (await answer(commissions.loader, get("/admin-dashboard/commissions", adminCookie), context))
    .data as unknown as Awaited<ReturnType<typeof commissions.loader>>;
  return data.owed.find((o) => o.referrerUserId === referrerId);
}

const multi = commissionFor(CARDS["multi-link"].price);
const one = commissionFor(CARDS["one-link"].price);

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
    expect(mine.referrals.find((r) => r.customer === "Dana B.")!.sale).toBe(5399);
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

describe("payouts", () => {
  const payOut = (referrerUserId: string, amount: number, reference = "BACS-0001", cookie = adminCookie) =>
    answer(
      commissions.action,
      post("/admin-dashboard/commissions", cookie, {
        intent: "mark-paid-out",
        referrerUserId,
        amount: String(amount),
        reference,
      }),
      context,
    );

  it("pays out a referrer's completed commissions in one payout, which the customer then sees", async () => {
    const jo = await verifiedCustomer(auth, t.db, "Jo Payee", "jo@example.com");
    const done1 = await referredOrder(jo.id, { status: "completed" });
    const done2 = await referredOrder(jo.id, { status: "completed", kind: "one-link" });
    const waiting = await referredOrder(jo.id);
    expect(await owedTo(jo.id)).toMatchObject({ amount: multi + one, commissions: 2 });

    const a = await payOut(jo.id, multi + one, "BACS-JO-1");
    expect(a.status).toBe(200);
    const payouts = await t.db
      .select()
      .from(referralPayouts)
      .where(eq(referralPayouts.referrerUserId, jo.id));
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ amount: multi + one, reference: "BACS-JO-1" });
    for (const o of [done1, done2])
      expect(await commissionOf(o.id)).toMatchObject({ status: "paid_out", payoutId: payouts[0]!.id });
    expect((await commissionOf(waiting.id)).status).toBe("pending");
    expect(await owedTo(jo.id)).toBeUndefined();

    const seen = await resellOf(jo);
    expect(seen.stats).toMatchObject({ paidOut: multi + one, owed: 0, totalEarnings: multi + one });
    expect(seen.payouts.map((p) => [p.amount, p.reference])).toEqual([[multi + one, "BACS-JO-1"]]);
    expect((await resellOf(ben)).payouts).toEqual([]);

    // Money that has left the shop stays paid out, whatever happens to the order afterwards.
    await refundOrder(t.db, done1.id, admin, config);
    expect((await commissionOf(done1.id)).status).toBe("paid_out");
  });

  it("refuses a stale amount, a blank or over-long reference, and nothing owed, and changes nothing", async () => {
    const kit = await verifiedCustomer(auth, t.db, "Kit Careful", "kit@example.com");
    const order = await referredOrder(kit.id, { status: "completed" });
    const cases: [Answer, number][] = [
      [await payOut(kit.id, multi + 1), 409],
      [await payOut(kit.id, multi, "   "), 400],
      [await payOut(kit.id, multi, "x".repeat(101)), 400],
      [await payOut(kit.id, multi, "bad\u0000ref"), 400],
      [await payOut(ben.id, 0), 409],
      [await payOut("no-such-user", multi), 404],
      [
        await answer(
          commissions.action,
          post("/admin-dashboard/commissions", adminCookie, {
            intent: "mark-paid-out",
            referrerUserId: kit.id,
            amount: "-5",
            reference: "X",
          }),
          context,
        ),
        400,
      ],
    ];
    expect(cases.map(([a]) => a.status)).toEqual(cases.map(([, s]) => s));
    expect((await commissionOf(order.id)).status).toBe("completed");
    expect(
      await t.db.select().from(referralPayouts).where(eq(referralPayouts.referrerUserId, kit.id)),
    ).toEqual([]);
  });

  it("pays once when 'Mark paid out' is clicked twice at the same moment", async () => {
    const lou = await verifiedCustomer(auth, t.db, "Lou Double", "lou@example.com");
    const orders = await Promise.all([
      referredOrder(lou.id, { status: "completed" }),
      referredOrder(lou.id, { status: "completed" }),
      referredOrder(lou.id, { status: "completed", kind: "one-link" }),
    ]);
    const owed = 2 * multi + one;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => payOut(lou.id, owed, `CLICK-${i}`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const payouts = await t.db
      .select()
      .from(referralPayouts)
      .where(eq(referralPayouts.referrerUserId, lou.id));
    expect(payouts.map((p) => p.amount)).toEqual([owed]);
    const rows = await t.db
      .select()
      .from(referralCommissions)
      .where(
        inArray(
          referralCommissions.orderId,
          orders.map((o) => o.id),
        ),
      );
    expect(rows.every((r) => r.status === "paid_out" && r.payoutId === payouts[0]!.id)).toBe(true);
  });
});

describe("ledger", () => {
  it("filters by status and month and exports CSV with formula-looking text neutralised", async () => {
    const mo = await verifiedCustomer(auth, t.db, "Mo Ledger", "mo@example.com");
    const evil = await referredOrder(mo.id, {
      status: "completed",
      fullName: '=HYPERLINK("http://evil.example","x")',
    });
    const plain = await referredOrder(mo.id, { fullName: "@Sam Plain" });
    const old = await referredOrder(mo.id, { status: "completed", fullName: "Old Timer" });
    await t.db
      .update(referralCommissions)
      .set({ createdAt: new Date("2020-02-15T12:00:00Z") })
      .where(eq(referralCommissions.orderId, old.id));

    const section = async (query: string) =>
      (
        (await answer(commissions.loader, get(`/admin-dashboard/commissions?${query}`, adminCookie), context))
          .data as unknown as Awaited<ReturnType<typeof commissions.loader>>
      ).ledger.filter((r) => r.referrerName === "Mo Ledger");
    expect((await section("status=pending")).map((r) => r.orderNumber)).toEqual([plain.orderNumber]);
    expect((await section("month=2020-02")).map((r) => r.orderNumber)).toEqual([old.orderNumber]);
    expect((await section("status=completed&month=2020-02")).map((r) => r.orderNumber)).toEqual([
      old.orderNumber,
    ]);
    expect(await section("status=nonsense&month=2020-13")).toHaveLength(3);

    const csv = await answer(
      commissionsCsv.loader,
      get("/admin-dashboard/commissions.csv?status=completed", adminCookie),
      context,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect(csv.headers.get("Content-Disposition")).toContain('filename="commissions-completed.csv"');
    const lines = csv.body.split("\r\n");
    expect(lines[0]).toBe(
      '"Date","Order","Referrer","Referrer e-mail","Customer","Sale (GBP)","Commission (GBP)","Status","Payout reference","Paid out at","Reason"',
    );
    const evilLine = lines.find((l) => l.includes(evil.orderNumber))!;
    expect(evilLine).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(evilLine).toContain(',"53.99","10.00","Completed",');
    expect(lines.some((l) => l.includes(plain.orderNumber))).toBe(false);
    expect(lines.some((l) => /(^|,)"?[=+\-@]/.test(l))).toBe(false);
  });
});
