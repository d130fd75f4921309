// 'Order cards for members' through the routes on both databases: the chosen members (or everyone without a card)
// become one cart line priced from the catalogue, one checkout places one order for the company, and its payment
// makes a card on each member's company page (the page made for a member who had none), listed in fulfilment and
// in the company's Cards. Only owners and admins may order; the checkout checks it again.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, cartItems, orders, physicalCards } from "~/db/schema";
import { changeQuantity, readCartId } from "~/server/shop/cart.server";
import { CheckoutError, createOrderFromCart, TEAM_ORDER_MESSAGES } from "~/server/shop/checkout.server";
import { cardsOfOrders } from "~/server/shop/fulfilment-queue.server";
import { TEAM_ORDER_REFUSALS } from "~/server/shop/team-order-actions.server";
import { answer, cookiesOf, getRequest } from "../../../../tests/support/routes";
import {
  delivery,
  MULTI_LINK_PRICE,
  markPaidByAdmin,
  shopOpts,
  toastOf,
} from "../../../../tests/support/shop";
import * as adminCompanies from "../../admin/companies";
import * as cards from "./cards";
import { type CompanyShop, companyRoutes, companyShop, invitationFor } from "./company-fixture";
import * as orderCards from "./order-cards";

let shop: CompanyShop;
let r: ReturnType<typeof companyRoutes>;
let slug: string;
const BASE = "http://shop.test/dashboard/company";

beforeAll(async () => {
  shop = await companyShop("team-orders");
  r = companyRoutes(shop);
  slug = (await r.createCompany(shop.olivia, { name: "Team Co", address: "1 Office Road, London" }))
    .location!.split("/")
    .pop()!;
  await r.importCsv(
    shop.olivia.cookie,
    slug,
    "name,email,job_title\nMia Member,mia@example.com,Head of Sales\nAdam Able,adam@example.com,Engineer",
  );
  for (const p of [shop.mia, shop.adam])
    await r.answerInvitation(p.cookie, (await invitationFor(shop, p.email)).id, "accept");
  // Otto has a company of his own.
  await r.createCompany(shop.otto, { name: "Other Co" });
});
afterAll(() => shop?.t.close());

const choices = (cookie: string) =>
  answer(orderCards.loader, getRequest(`${BASE}/${slug}/order-cards`, cookie), shop.context, { slug });

/** The form as the browser posts it: each ticked member, or the 'Everyone without a card' button. */
const order = (cookie: string, fields: [string, string][]) => r.orderCards(cookie, slug, fields);

async function placeFromCart(cartId: string, userId: string | null) {
  return createOrderFromCart(shop.t.db, {
    cartId,
    delivery: { ...delivery, fullName: "Olivia Owner", email: shop.olivia.email },
    paymentMethod: "bank_transfer",
    userId,
    shop: shopOpts.shop,
    bank: shopOpts.bank,
  });
}

const cartIdOf = (headers: Headers, cookie = "") =>
  readCartId(new Request("http://shop.test/cart", { headers: { Cookie: cookiesOf(headers) || cookie } }));

describe("Order cards for members", () => {
  it("is for owners and admins: a member is refused, another company and the shop's admin find nothing", async () => {
    expect((await choices(shop.mia.cookie)).status).toBe(403);
    expect((await order(shop.mia.cookie, [["choose", "everyone-without-a-card"]])).status).toBe(403);
    expect((await choices(shop.otto.cookie)).status).toBe(404);
    expect((await order(shop.otto.cookie, [["choose", "everyone-without-a-card"]])).status).toBe(404);
    expect((await choices(shop.admin)).status).toBe(404);
    expect((await choices("")).status).toBe(302);
  });

  it("lists everyone with whether they hold a card", async () => {
    const { data } = await choices(shop.olivia.cookie);
    expect(
      (data.people as { name: string; hasCard: boolean }[]).map((p) => [p.name, p.hasCard]).sort(),
    ).toEqual([
      ["Adam", false],
      ["Mia", false],
      ["Olivia", false],
    ]);
  });

  it("refuses an empty choice and drops anyone who is not a member", async () => {
    const none = await order(shop.olivia.cookie, [["member", shop.otto.id]]);
    expect(none.status).toBe(400);
    expect((await toastOf(none.headers))?.description).toBe(TEAM_ORDER_REFUSALS.none);
  });

  it("puts the chosen members in the cart as one line, one card each at the catalogue's price, fixed in number", async () => {
    const added = await order(shop.olivia.cookie, [
      ["member", shop.mia.id],
      ["member", shop.adam.id],
      ["member", shop.otto.id],
    ]);
    expect(added.status).toBe(302);
    expect(added.location).toBe("/cart");
    expect((await toastOf(added.headers))?.title).toBe("Cards added to cart");
    const cartId = (await cartIdOf(added.headers))!;
    const [line] = await shop.t.db.select().from(cartItems).where(eq(cartItems.cartId, cartId));
    expect(line).toMatchObject({ kind: "multi-link", quantity: 2 });
    expect(line!.details).toMatchObject({
      forMembers: { company: "Team Co", members: [{ name: "Adam" }, { name: "Mia" }] },
    });
    await changeQuantity(shop.t.db, cartId, line!.id, 1);
    const [after] = await shop.t.db.select().from(cartItems).where(eq(cartItems.id, line!.id));
    expect(after!.quantity).toBe(2);

    // Placed: one order for the company, priced from the catalogue.
    const placed = await placeFromCart(cartId, shop.olivia.id);
    const [row] = await shop.t.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row!.subtotal).toBe(2 * MULTI_LINK_PRICE);
    expect(row!.organizationId).not.toBeNull();

    // Paid: each member's company page now has a card to write, listed in fulfilment with its chip address.
    await markPaidByAdmin(shop.t.db, placed.order.id);
    const made = await shop.t.db
      .select({ name: cardPages.name, state: physicalCards.state, org: cardPages.organizationId })
      .from(physicalCards)
      .innerJoin(cardPages, eq(cardPages.id, physicalCards.cardPageId))
      .where(eq(cardPages.organizationId, row!.organizationId!));
    expect(made.map((m) => m.name).sort()).toEqual(["Adam Able", "Mia Member"]);
    expect(made.every((m) => m.state === "to_write")).toBe(true);
    const queue = (await cardsOfOrders(shop.t.db, [placed.order.id], shopOpts.publicUrl)).get(
      placed.order.id,
    )!;
    expect(queue).toHaveLength(2);
    expect(queue.every((c) => c.url?.startsWith(`${shopOpts.publicUrl}/c/`))).toBe(true);

    // A second payment notice makes no second card.
    await markPaidByAdmin(shop.t.db, placed.order.id);
    const cardsOfCompany = await answer(
      cards.loader,
      getRequest(`${BASE}/${slug}/cards`, shop.olivia.cookie),
      shop.context,
      {
        slug,
      },
    );
    expect(
      (cardsOfCompany.data.cards as { holder: string; status: string }[])
        .map((c) => [c.holder, c.status])
        .sort(),
    ).toEqual([
      ["Adam", "to-write"],
      ["Mia", "to-write"],
    ]);

    // The shop's admin sees the company's order.
    const admin = await answer(
      adminCompanies.loader,
      getRequest("http://shop.test/admin-dashboard/companies", shop.admin),
      shop.context,
    );
    expect(
      (admin.data.companies as { name: string; orders: number }[]).find((c) => c.name === "Team Co"),
    ).toMatchObject({
      orders: 1,
    });
  });

  it("'Everyone without a card' chooses only those still without one", async () => {
    const { data } = await choices(shop.olivia.cookie);
    expect((data.people as { name: string; hasCard: boolean }[]).filter((p) => !p.hasCard)).toMatchObject([
      { name: "Olivia" },
    ]);
    const added = await order(shop.olivia.cookie, [["choose", "everyone-without-a-card"]]);
    const cartId = (await cartIdOf(added.headers))!;
    const [line] = await shop.t.db.select().from(cartItems).where(eq(cartItems.cartId, cartId));
    expect(line!.details).toMatchObject({ forMembers: { members: [{ name: "Olivia" }] } });
  });

  it("is checked again at checkout: a buyer who no longer manages the company, or a guest, is refused", async () => {
    const added = await order(shop.olivia.cookie, [["member", shop.mia.id]]);
    const cartId = (await cartIdOf(added.headers))!;
    await expect(placeFromCart(cartId, null)).rejects.toThrow(TEAM_ORDER_MESSAGES.signIn);
    await expect(placeFromCart(cartId, shop.mia.id)).rejects.toThrow(CheckoutError);
    await expect(placeFromCart(cartId, shop.mia.id)).rejects.toThrow(TEAM_ORDER_MESSAGES.notManager);
    const left = await shop.t.db
      .select()
      .from(orders)
      .where(and(eq(orders.cartId, cartId)));
    expect(left).toHaveLength(0);
  });
});
