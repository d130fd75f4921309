// Business lists on the server: the cart and the checkout refuse a list the pool cannot fill for this buyer, and
// the admin's CSV upload reports every row it did not add.

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BUSINESS_LIST } from "~/catalog";
import { cartItems, leads, orders } from "~/db/schema";
import { formatPence } from "~/utils/money";
import { routeContext, testAuth } from "../../../tests/support/auth";
import { answer, postRequest } from "../../../tests/support/routes";
import { countRows, deliveryTo, shopOpts } from "../../../tests/support/shop";
import { addBusinessListToCart, handleListsAction } from "../shop/business-list-cart.server";
import { CartError, createCart, loadCart } from "../shop/cart.server";
import { CheckoutError, createOrderFromCart } from "../shop/checkout.server";
import { loadListsSection } from "./business-list-actions.server";
import { buyer, config, orderList, pay, stockedType, t } from "./business-lists-fixture";
import { removeLead, removeUnusedLeads, uploadLeads } from "./lead-pool.server";
import { loadLeadsSection } from "./lead-pool-actions.server";

describe("buying a business list", () => {
  it(`costs ${formatPence(BUSINESS_LIST.price, { whole: true })} with no delivery fee when the cart holds no card`, async () => {
    const u = await buyer();
    const type = await stockedType(20);
    const cart = await createCart(t.db);
    await addBusinessListToCart(t.db, cart.id, u.id, type);
    const loaded = await loadCart(t.db, cart.id);
    expect(loaded!.totals).toMatchObject({
      subtotal: BUSINESS_LIST.price,
      deliveryFee: 0,
      total: BUSINESS_LIST.price,
    });
  });

  it("is refused when the pool holds fewer than 20 the buyer does not have, and a second list counts the first", async () => {
    const u = await buyer();
    const short = await stockedType(19);
    const cart = await createCart(t.db);
    await expect(addBusinessListToCart(t.db, cart.id, u.id, short)).rejects.toThrow(
      /We have only 19 Type \d+ in stock right now, and a list holds 20\./,
    );
    const type = await stockedType(30);
    await addBusinessListToCart(t.db, cart.id, u.id, type);
    await expect(addBusinessListToCart(t.db, cart.id, u.id, type)).rejects.toBeInstanceOf(CartError);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.cartId, cart.id))).toHaveLength(1);
  });

  it("the Buy button needs a business type that exists and answers 409 with the reason when the pool is short", async () => {
    const u = await buyer();
    const short = await stockedType(5);
    const auth = testAuth(t.db, config);
    const context = routeContext(t.db, config, auth, "10.9.0.1");
    const buy = (fields: Record<string, string>) => {
      const request = postRequest("http://shop.test/dashboard/cold-calling/lists", fields);
      return answer(
        () => handleListsAction(context, request, u.id, new URLSearchParams(fields) as unknown as FormData),
        request,
        context,
      );
    };
    const refused = await buy({ intent: "buy-list", businessType: short });
    expect(refused.status).toBe(409);
    expect(refused.data.error).toMatch(/We have only 5 Type \d+ in stock right now/);
    expect((await buy({ intent: "buy-list", businessType: "no-such-type" })).status).toBe(400);
    expect((await buy({ intent: "buy-list", businessType: "x".repeat(5000) })).status).toBe(400);
    const ok = await buy({ intent: "buy-list", businessType: await stockedType(20) });
    expect(ok).toMatchObject({ status: 302, location: "/cart" });
  });

  it("offers only the types with a full list in stock for this buyer, with how many lists are left", async () => {
    const u = await buyer();
    const context = routeContext(t.db, config, testAuth(t.db, config));
    const empty = await stockedType(0);
    const short = await stockedType(19);
    const two = await stockedType(45);
    const offered = async () =>
      ((await loadListsSection(context, u.id)).types as { id: string; listsLeft: number }[]).filter((x) =>
        [empty, short, two].includes(x.id),
      );
    expect(await offered()).toEqual([{ id: two, label: expect.any(String), listsLeft: 2 }]);
    // Once the buyer has 40 of the 45, the 5 left are no list: the type is no longer offered to them.
    await pay((await orderList(u.id, two)).id);
    expect((await offered()).map((x) => x.listsLeft)).toEqual([1]);
    await pay((await orderList(u.id, two)).id);
    expect(await offered()).toEqual([]);
    // Another buyer still sees both lists.
    expect(
      (
        (await loadListsSection(context, (await buyer()).id)).types as { id: string; listsLeft: number }[]
      ).find((x) => x.id === two)?.listsLeft,
    ).toBe(2);
  });

  it("says truthfully why a list cannot be filled: none in stock, too few, or the buyer has them all", async () => {
    const u = await buyer();
    const refusal = async (type: string) => {
      const cart = await createCart(t.db);
      return addBusinessListToCart(t.db, cart.id, u.id, type).then(
        () => "added",
        (e: Error) => e.message,
      );
    };
    const empty = await stockedType(0);
    expect(await refusal(empty)).toMatch(
      /^We have no Type \d+ in stock right now\. Please choose another type/,
    );
    expect(await refusal(await stockedType(7))).toMatch(/^We have only 7 Type \d+ in stock right now/);
    const exact = await stockedType(20);
    await pay((await orderList(u.id, exact)).id);
    expect(await refusal(exact)).toMatch(/you already have every one in our pool/);
  });

  it("is checked again at checkout: refused when the pool ran short meanwhile, or without a signed-in buyer", async () => {
    const u = await buyer();
    const type = await stockedType(20);
    const cart = await createCart(t.db);
    await addBusinessListToCart(t.db, cart.id, u.id, type);
    const place = (userId: string | null) =>
      createOrderFromCart(t.db, {
        cartId: cart.id,
        delivery: deliveryTo("checkout@example.com"),
        paymentMethod: "bank_transfer",
        userId,
        ...shopOpts,
      });
    await expect(place(null)).rejects.toThrow(/sign in to buy a business list/);
    const [one] = await t.db.select().from(leads).where(eq(leads.businessType, type)).limit(1);
    await removeLead(t.db, one!.id);
    await expect(place(u.id)).rejects.toBeInstanceOf(CheckoutError);
    await expect(place(u.id)).rejects.toThrow(/only 19/);
    expect(await t.db.select().from(orders).where(eq(orders.cartId, cart.id))).toHaveLength(0);
  });
});

describe("the admin's lead upload", () => {
  const csv = (text: string) => new TextEncoder().encode(text);

  it("adds the good rows and reports refused rows, repeats in the file and businesses already in the pool", async () => {
    const type = await stockedType(0);
    await uploadLeads(t.db, type, csv("business_name,phone\nAlready There,01632 960 500\n"));
    const report = await uploadLeads(
      t.db,
      type,
      csv(
        [
          "business_name,contact_name,phone,email,address",
          "Good One,Ann,01632 960501,ann@example.com,1 High St",
          ",Bob,01632960502,,",
          "Good Two,,01632960503,not-an-email,",
          "good one,,01632-960-501,,",
          "Already There,,01632960500,,",
          '=HYPERLINK("http://evil"),,01632960504,,',
        ].join("\n"),
      ),
    );
    expect(report.added).toBe(2);
    expect(report.refused).toEqual([
      { line: 3, reason: "business_name is empty" },
      { line: 4, reason: "email is not an e-mail address" },
    ]);
    expect(report.duplicatesInFile).toEqual([{ line: 5, firstLine: 2, businessName: "good one" }]);
    expect(report.duplicatesInPool).toEqual([{ line: 6, businessName: "Already There" }]);
    expect(await countRows(t.db, leads)).toBeGreaterThan(0);
    const stored = await t.db.select().from(leads).where(eq(leads.businessType, type));
    expect(stored.map((l) => l.businessName).sort()).toEqual([
      '=HYPERLINK("http://evil")',
      "Already There",
      "Good One",
    ]);
  });

  it("shows the stock per type: leads in the pool and how many customers have", async () => {
    const type = await stockedType(25);
    await pay((await orderList((await buyer()).id, type)).id);
    const section = await loadLeadsSection(
      t.db,
      new URL(`http://shop.test/admin-dashboard/leads?type=${type}`),
    );
    expect(section.stock.find((s) => s.id === type)).toMatchObject({ total: 25, copied: 20 });
    expect(section.leads!.total).toBe(25);
    expect(await removeUnusedLeads(t.db, type)).toBe(5);
  });

  it("writes nothing from a file it refuses as a whole", async () => {
    const type = await stockedType(0);
    await expect(uploadLeads(t.db, type, csv("name,telephone\nA,01632960600\n"))).rejects.toThrow(
      /first row must name/,
    );
    expect(await t.db.select().from(leads).where(eq(leads.businessType, type))).toHaveLength(0);
  });
});
