// A company's cards posted to each member, through the routes on both databases: members give their address on
// the company's overview (the company's admins learn only whether it is given), 'Order cards for members' posted
// to each member refuses until everyone chosen has one, each parcel is charged at the catalogue's price for its
// country, and fulfilment posts each parcel on its own: the member is e-mailed their tracking link, and the order
// is posted, and says so, once the last parcel is.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, emailOutbox, memberAddresses, orderParcels, orders, users } from "~/db/schema";
import { DELIVERY_OPTIONS } from "~/delivery-options";
import { loadOrdersSection } from "~/server/shop/admin-orders-actions.server";
import { addCardItem, loadCart, readCartId } from "~/server/shop/cart.server";
import { createOrderFromCart, TEAM_ORDER_MESSAGES } from "~/server/shop/checkout.server";
import { markCardWritten, markParcelPosted } from "~/server/shop/fulfilment.server";
import { handleFulfilmentAction } from "~/server/shop/fulfilment-actions.server";
import { loadFulfilment } from "~/server/shop/fulfilment-queue.server";
import { progressOfOrder } from "~/server/shop/order-progress.server";
import { noAddressRefusal } from "~/server/shop/team-order-actions.server";
import { escapeHtml } from "~/utils/html";
import { answer, cookiesOf, getRequest } from "../../../../tests/support/routes";
import { delivery, form, markPaidByAdmin, shopOpts, toastOf } from "../../../../tests/support/shop";
import * as receiptRoute from "../../shop/receipt";
import { homeAddress, invitationFor, type Person, parcelCompany } from "./company-fixture";

let shop: Fixture["shop"];
let r: Fixture["r"];
let slug: string;
let giveAddress: Fixture["giveAddress"];
type Fixture = Awaited<ReturnType<typeof parcelCompany>>;
const UK = DELIVERY_OPTIONS["uk-standard"].price;
const ABROAD = DELIVERY_OPTIONS.international.price;

beforeAll(async () => {
  ({ shop, r, slug, giveAddress } = await parcelCompany("member-parcels"));
  // Mia has given her address; Adam has not yet.
  await giveAddress(shop.mia, homeAddress("Mia", "GB"));
});
afterAll(() => shop?.t.close());

const order = (cookie: string, fields: [string, string][]) => r.orderCards(cookie, slug, fields);
const cartIdOf = (headers: Headers) =>
  readCartId(new Request("http://shop.test/cart", { headers: { Cookie: cookiesOf(headers) } }));
const place = (cartId: string) =>
  createOrderFromCart(shop.t.db, {
    cartId,
    delivery: { ...delivery, fullName: "Olivia Owner", email: shop.olivia.email },
    paymentMethod: "bank_transfer",
    userId: shop.olivia.id,
    shop: shopOpts.shop,
    bank: shopOpts.bank,
  });
const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : (answer as { init?: { status?: number } }).init?.status;
const toMembers = (...people: Person[]) => [
  ["postTo", "members"] as [string, string],
  ...people.map((p) => ["member", p.id] as [string, string]),
];

describe("Cards posted to each member", () => {
  it("are refused while a member chosen has no address, naming them, and nothing goes in the cart", async () => {
    const refused = await order(shop.olivia.cookie, toMembers(shop.mia, shop.adam));
    expect(refused.status).toBe(400);
    expect((await toastOf(refused.headers))?.description).toBe(noAddressRefusal(["Adam"]));
    expect(await shop.t.db.select().from(cartItems)).toHaveLength(0);
  });

  it("cannot share an order with cards going to the checkout's address", async () => {
    await giveAddress(shop.adam, homeAddress("Adam", "FR"));
    const added = await order(shop.olivia.cookie, toMembers(shop.mia));
    const cartId = (await cartIdOf(added.headers))!;
    await addCardItem(shop.t.db, cartId, {
      kind: "multi-link",
      name: "Olivia",
      bio: "",
      links: [{ platform: "website", label: "Website", url: "https://olivia.example" }],
    });
    await expect(place(cartId)).rejects.toThrow(TEAM_ORDER_MESSAGES.postApart);
  });

  it("are charged a parcel each at its country's price, posted one by one, and the order says where it is", async () => {
    const added = await order(shop.olivia.cookie, toMembers(shop.mia, shop.adam));
    expect(added.status).toBe(302);
    const cartId = (await cartIdOf(added.headers))!;
    const cart = (await loadCart(shop.t.db, cartId, shop.olivia.id))!;
    expect(cart.totals).toMatchObject({ deliveryOption: null, memberParcels: 2, deliveryFee: UK + ABROAD });
    // The buyer's cart holds no member's address: only what each parcel costs.
    expect(JSON.stringify(cart)).not.toMatch(/Street|\.home@example\.com/);

    const placed = await place(cartId);
    const [row] = await shop.t.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row).toMatchObject({ deliveryOption: null, deliveryFee: UK + ABROAD });
    // The receipt says where the cards go, and that the checkout's address is the invoice's.
    const receipt = await answer(
      receiptRoute.loader,
      getRequest(`http://shop.test/payment-success/receipt?order=${row!.id}&token=${placed.token}`, ""),
      shop.context,
    );
    expect(receipt.body).toContain(`Delivery: ${escapeHtml("2 parcels, one to each member's address")}`);
    expect(receipt.body).toContain("<h2>Invoice address</h2>");
    const inAdmin = await loadOrdersSection(
      shop.t.db,
      new URL(`http://shop.test/admin-dashboard/orders?order=${row!.id}`),
    );
    expect(inAdmin.selected?.memberParcels).toBe(2);
    const parcels = await shop.t.db.select().from(orderParcels).where(eq(orderParcels.orderId, row!.id));
    expect(parcels.map((p) => [p.address.fullName, p.deliveryOption, p.fee]).sort()).toEqual([
      ["Adam Home", "international", ABROAD],
      ["Mia Home", "uk-standard", UK],
    ]);

    await markPaidByAdmin(shop.t.db, row!.id);
    const [admin] = await shop.t.db.select().from(users).where(eq(users.role, "admin"));
    const act = (fields: Record<string, string>) =>
      handleFulfilmentAction(shop.t.db, form(fields), {
        admin: { id: admin!.id, name: admin!.name, email: admin!.email, role: "admin" },
        config: shop.context.config,
        pokeOutbox: () => {},
      });
    const entry = async () =>
      (await loadFulfilment(shop.t.db, shopOpts.publicUrl)).toPost.find((o) => o.id === row!.id);
    const queued = (await entry())!;
    // Each card is matched with its member's parcel.
    expect(queued.parcels).toHaveLength(2);
    for (const card of queued.cards)
      expect(queued.parcels.some((p) => p.itemId === card.itemId && p.userId === card.holderUserId)).toBe(
        true,
      );

    // The whole order is not posted at once, and a parcel waits for its card to be written.
    const whole = await act({
      intent: "mark-posted",
      orderId: row!.id,
      carrier: "royal-mail",
      trackingNumber: "AB123456789GB",
    });
    expect(statusOf(whole)).toBe(409);
    const mia = queued.parcels.find((p) => p.address.fullName === "Mia Home")!;
    const early = await act({
      intent: "mark-parcel-posted",
      parcelId: mia.id,
      carrier: "royal-mail",
      trackingNumber: "AB123456789GB",
    });
    expect(statusOf(early)).toBe(409);

    // Bad tracking is refused with the field's message.
    const badTracking = await act({
      intent: "mark-parcel-posted",
      parcelId: mia.id,
      carrier: "royal-mail",
      trackingNumber: "<x>",
    });
    expect(statusOf(badTracking)).toBe(400);

    for (const card of queued.cards)
      await markCardWritten(shop.t.db, { kind: card.kind, id: card.id! }, { userId: null, label: "admin" });
    const first = await act({
      intent: "mark-parcel-posted",
      parcelId: mia.id,
      carrier: "royal-mail",
      trackingNumber: "AB 1234 5678 9GB",
    });
    expect(statusOf(first)).toBe(302);
    expect((await toastOf((first as Response).headers))?.title).toBe("Parcel posted");
    const toMia = await shop.t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, "mia.home@example.com"));
    expect(toMia).toHaveLength(1);
    expect(toMia[0]!.subject).toBe("Your Parcel Co card is on its way");
    expect(toMia[0]!.text).toContain("AB123456789GB");

    // Half posted: the order is still being prepared, and says how far it is.
    let [now] = await shop.t.db.select().from(orders).where(eq(orders.id, row!.id));
    expect(now!.postedAt).toBeNull();
    let progress = await progressOfOrder(shop.t.db, now!);
    expect(progress.status.stage).toBe("Being prepared");
    expect(progress.status.cards).toContain("So far 1 of 2 parcels are posted.");
    expect(progress.status.cards).toContain("each to its member's address");
    expect((await entry())!.parcels.find((p) => p.id === mia.id)!.postedAt).not.toBeNull();

    // A second post of the same parcel changes nothing.
    const again = await act({
      intent: "mark-parcel-posted",
      parcelId: mia.id,
      carrier: "dpd",
      trackingNumber: "15501234567890",
    });
    expect((await toastOf((again as Response).headers))?.title).toBe("Nothing changed");

    const adam = queued.parcels.find((p) => p.address.fullName === "Adam Home")!;
    await act({
      intent: "mark-parcel-posted",
      parcelId: adam.id,
      carrier: "dpd",
      trackingNumber: "15501234567890",
    });
    [now] = await shop.t.db.select().from(orders).where(eq(orders.id, row!.id));
    expect(now!.postedAt).not.toBeNull();
    progress = await progressOfOrder(shop.t.db, now!);
    expect(progress.status.stage).toBe("Posted");
    expect(progress.status.cards).toMatch(
      /were posted on .*, each to its member's address; each member was e-mailed/,
    );
    const toBuyer = await shop.t.db.select().from(emailOutbox).where(eq(emailOutbox.to, shop.olivia.email));
    expect(toBuyer.map((e) => e.subject)).toContain(`Order ${row!.orderNumber} posted`);
    const posted = (await loadFulfilment(shop.t.db, shopOpts.publicUrl)).posted.find((o) => o.id === row!.id);
    expect(posted!.parcels.map((p) => p.trackingNumber).sort()).toEqual(["15501234567890", "AB123456789GB"]);
  });

  it("are refused at checkout when an address changed country since they were added, and nothing is placed", async () => {
    const added = await order(shop.olivia.cookie, toMembers(shop.mia));
    const cartId = (await cartIdOf(added.headers))!;
    await giveAddress(shop.mia, homeAddress("Mia", "IE"));
    await expect(place(cartId)).rejects.toThrow(TEAM_ORDER_MESSAGES.addressesChanged(["Mia"]));
    expect(await shop.t.db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(0);
    await giveAddress(shop.mia, homeAddress("Mia", "GB"));
  });

  it("post nothing to a member who left before the payment: their parcel goes, and the others' post the order", async () => {
    const added = await order(shop.olivia.cookie, toMembers(shop.mia, shop.adam));
    const placed = await place((await cartIdOf(added.headers))!);
    await r.leave(shop.mia.cookie, slug);
    await markPaidByAdmin(shop.t.db, placed.order.id);
    const parcels = await shop.t.db
      .select()
      .from(orderParcels)
      .where(eq(orderParcels.orderId, placed.order.id));
    expect(parcels.map((p) => p.address.fullName)).toEqual(["Adam Home"]);
    // Fulfilment has Adam's card alone to write, and his parcel posts the order.
    const entry = (await loadFulfilment(shop.t.db, shopOpts.publicUrl)).toPost.find(
      (o) => o.id === placed.order.id,
    )!;
    expect(entry.cards.map((c) => c.holderUserId)).toEqual([shop.adam.id]);
    await markCardWritten(
      shop.t.db,
      { kind: "multi-link", id: entry.cards[0]!.id! },
      { userId: null, label: "admin" },
    );
    await markParcelPosted(
      shop.t.db,
      { parcelId: parcels[0]!.id, carrier: "royal-mail", trackingNumber: "AB123456780GB" },
      { userId: null, label: "admin" },
      { shop: shopOpts.shop },
    );
    const [posted] = await shop.t.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(posted!.postedAt).not.toBeNull();
    await r.postPeople(shop.olivia.cookie, slug, { intent: "invite", email: shop.mia.email, role: "member" });
    await r.answerInvitation(shop.mia.cookie, (await invitationFor(shop, shop.mia.email)).id, "accept");
    await giveAddress(shop.mia, homeAddress("Mia", "GB"));
  });

  it("loses a member's address when they leave the company", async () => {
    await r.leave(shop.adam.cookie, slug);
    const left = await shop.t.db
      .select()
      .from(memberAddresses)
      .where(eq(memberAddresses.userId, shop.adam.id));
    expect(left).toHaveLength(0);
  });
});
