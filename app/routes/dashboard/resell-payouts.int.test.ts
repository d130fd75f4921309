// The admin's Commissions section as a route: a referrer's completed commissions paid out exactly once, and the
// ledger exported as CSV with formulas neutralised.

import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { referralCommissions, referralPayouts } from "~/db/schema";
import { verifiedCustomer } from "../../../tests/support/auth";
import { type Answer, answer } from "../../../tests/support/routes";
import { admin, MULTI_LINK_ORDER_TOTAL, referralDiscount } from "../../../tests/support/shop";
import { refundOrder } from "../../server/shop/refunds.server";
import * as commissions from "../admin/commissions";
import * as commissionsCsv from "../admin/commissions-csv";
import {
  adminCookie,
  auth,
  ben,
  commissionOf,
  config,
  context,
  get,
  multi,
  one,
  owedTo,
  post,
  referredOrder,
  resellOf,
  t,
} from "./resell-fixture";

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
    expect(evilLine).toContain(
      `,"${((MULTI_LINK_ORDER_TOTAL - referralDiscount(MULTI_LINK_ORDER_TOTAL)) / 100).toFixed(2)}","${(multi / 100).toFixed(2)}","Completed",`,
    );
    expect(lines.some((l) => l.includes(plain.orderNumber))).toBe(false);
    expect(lines.some((l) => /(^|,)"?[=+\-@]/.test(l))).toBe(false);
  });
});
