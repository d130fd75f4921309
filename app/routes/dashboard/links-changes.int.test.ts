// My Links' changes: every add, change or removal becomes a paid update request in the customer's cart that is
// applied to the card once paid; another customer's ids answer 404 and change nothing.

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { UPDATE_REQUEST_PRICE } from "~/catalog";
import { cartItems, updateRequests } from "~/db/schema";
import { LINK_URL_MAX_LENGTH } from "~/schemas/card-page";
import { getCardPageBySlug } from "~/server/cards/card-reads.server";
import { updateCardPage } from "~/server/cards/cards.server";
import { loadCart, readCartId } from "~/server/shop/cart.server";
import { createOrderFromCart } from "~/server/shop/checkout.server";
import { formatPence } from "~/utils/money";
import { answer, getRequest } from "../../../tests/support/routes";
import { countRows, delivery, markPaidByAdmin, shopOpts, toastOf } from "../../../tests/support/shop";
import { createCardPage } from "../../server/cards/cards.server";
import * as links from "./links";
import {
  alice,
  bob,
  cardsOf,
  cartOf,
  context,
  errorsOf,
  get,
  linkIdOf,
  personalCard,
  post,
  shopCard,
  t,
} from "./links-fixture";

describe("My Links: changes go to the cart and are applied once paid", () => {
  it(`puts an add, a change and a removal in the owner's cart at ${formatPence(UPDATE_REQUEST_PRICE, { whole: true })} each, and applies them when paid`, async () => {
    const instagram = await linkIdOf(shopCard.id, "https://instagram.com/alice");
    const website = await linkIdOf(shopCard.id, "https://alice.example/");

    const added = await answer(
      links.action,
      post(alice.cookie, {
        intent: "add-link",
        cardId: shopCard.id,
        title: "Café",
        url: " https://café.example/menü ",
      }),
      context,
    );
    expect(added).toMatchObject({ status: 302, location: "/cart" });
    expect(await toastOf(added.headers)).toMatchObject({ title: "New link added to your cart" });
    const { cookie } = await cartOf(added);

    const changed = await answer(
      links.action,
      post(`${alice.cookie}; ${cookie}`, {
        intent: "edit-link",
        linkId: instagram,
        title: "Insta",
        url: "https://instagram.com/alice.new",
      }),
      context,
    );
    expect(changed).toMatchObject({ status: 302, location: "/cart" });
    const removed = await answer(
      links.action,
      post(`${alice.cookie}; ${cookie}`, { intent: "remove-link", linkId: website }),
      context,
    );
    expect(removed).toMatchObject({ status: 302, location: "/cart" });

    const cartId = await readCartId(getRequest("http://shop.test/", cookie));
    const cart = await loadCart(t.db, cartId);
    expect(cart!.items.map((i) => [i.kind, i.unitPrice])).toEqual([
      ["update-request", UPDATE_REQUEST_PRICE],
      ["update-request", UPDATE_REQUEST_PRICE],
      ["update-request", UPDATE_REQUEST_PRICE],
    ]);
    expect(cart!.totals).toMatchObject({
      subtotal: 3 * UPDATE_REQUEST_PRICE,
      deliveryFee: 0,
      total: 3 * UPDATE_REQUEST_PRICE,
    });
    expect(cart!.items.map((i) => i.details)).toMatchObject([
      { action: "add-link", cardNumber: shopCard.cardNumber, proof: "owner", userId: alice.id },
      { action: "replace-link", linkId: instagram, proof: "owner" },
      { action: "remove-link", linkId: website, proof: "owner" },
    ]);

    const { order } = await createOrderFromCart(t.db, {
      cartId,
      delivery,
      paymentMethod: "bank_transfer",
      userId: alice.id,
      ...shopOpts,
    });
    // Nothing changes on the card before the payment arrives.
    expect((await getCardPageBySlug(t.db, shopCard.slug))!.links).toHaveLength(3);
    const paid = await markPaidByAdmin(t.db, order.id);
    expect(paid).toMatchObject({ changed: true, applied: 3, queued: 0 });

    const page = await getCardPageBySlug(t.db, shopCard.slug);
    expect(page!.links.map((l) => [l.title, l.url, l.icon])).toEqual([
      ["Insta", "https://instagram.com/alice.new", "instagram"],
      ["Tips", "https://paypal.me/alice", "globe"],
      ["Café", "https://xn--caf-dma.example/men%C3%BC", "globe"],
    ]);
    // The changed link kept its id, so its click history stays with it.
    expect(page!.links[0]!.id).toBe(instagram);
    const mine = await answer(links.loader, get(alice.cookie), context);
    const shop = cardsOf(mine).find((c) => c.cardNumber === shopCard.cardNumber)!;
    expect(shop.links[0]).toMatchObject({ title: "Insta", clicks30Days: 9, clicksAllTime: 16 });
    const requests = await t.db.select().from(updateRequests).where(eq(updateRequests.orderId, order.id));
    expect(requests.map((r) => r.status)).toEqual(["applied", "applied", "applied"]);
  });

  it("removes exactly the link chosen, and leaves a change to a link gone meanwhile for the admin's review", async () => {
    const card = await createCardPage(
      t.db,
      {
        name: "Alice Twins",
        slug: "alice-twins",
        password: "alice-edit-3",
        ownerUserId: alice.id,
        links: [
          { title: "One", url: "https://twin.example/", icon: "globe" },
          { title: "Two", url: "https://twin.example/", icon: "globe" },
          { title: "Three", url: "https://three.example/", icon: "globe" },
        ],
      },
      { announce: false },
    );
    const before = (await getCardPageBySlug(t.db, card.slug))!.links;
    const [one, two, three] = before.map((l) => l.id);
    const removed = await answer(
      links.action,
      post(alice.cookie, { intent: "remove-link", linkId: two! }),
      context,
    );
    const { cookie } = await cartOf(removed);
    await answer(
      links.action,
      post(`${alice.cookie}; ${cookie}`, {
        intent: "edit-link",
        linkId: three!,
        title: "Three",
        url: "https://three.example/new",
      }),
      context,
    );
    // The admin takes link Three off the card before the payment arrives.
    await updateCardPage(
      t.db,
      card.id,
      { name: "Alice Twins", slug: card.slug, links: before.slice(0, 2) },
      { announce: false },
    );
    const cartId = await readCartId(getRequest("http://shop.test/", cookie));
    const { order } = await createOrderFromCart(t.db, {
      cartId,
      delivery,
      paymentMethod: "bank_transfer",
      userId: alice.id,
      ...shopOpts,
    });
    const paid = await markPaidByAdmin(t.db, order.id);
    expect(paid).toMatchObject({ changed: true, applied: 1, queued: 1 });
    const after = (await getCardPageBySlug(t.db, card.slug))!.links;
    expect(after.map((l) => [l.id, l.title])).toEqual([[one, "One"]]);
    const queued = await t.db.select().from(updateRequests).where(eq(updateRequests.orderId, order.id));
    expect(queued.find((r) => r.action === "replace-link")).toMatchObject({
      status: "pending_review",
      note: "The link to change is not on the card: waiting for review",
    });
  });

  it("sends an anonymous post to /login and adds nothing", async () => {
    const before = await countRows(t.db, cartItems);
    const a = await answer(
      links.action,
      post("", { intent: "add-link", cardId: personalCard.id, title: "X", url: "https://x.example" }),
      context,
    );
    expect(a.status).toBe(302);
    expect(a.location).toMatch(/^\/login/);
    expect(await countRows(t.db, cartItems)).toBe(before);
  });

  it("answers 404 to another customer's card and link ids, and to ids that are no ids, adding nothing", async () => {
    const alicesLink = await linkIdOf(personalCard.id, "https://youtube.com/@alice");
    const before = await countRows(t.db, cartItems);
    const attempts: Record<string, string>[] = [
      { intent: "add-link", cardId: personalCard.id, title: "Mine now", url: "https://bob.example/x" },
      { intent: "edit-link", linkId: alicesLink, title: "Mine now", url: "https://bob.example/x" },
      { intent: "remove-link", linkId: alicesLink },
      { intent: "add-link", cardId: "not-a-card", title: "X", url: "https://bob.example/x" },
      { intent: "remove-link", linkId: "00000000-0000-4000-8000-000000000000" },
    ];
    for (const fields of attempts) {
      const a = await answer(links.action, post(bob.cookie, fields), context);
      expect(a.status, fields.intent).toBe(404);
      expect(a.headers.getSetCookie().join()).not.toContain("cart");
    }
    expect(await countRows(t.db, cartItems)).toBe(before);
    expect((await getCardPageBySlug(t.db, personalCard.slug))!.links.map((l) => l.title)).toEqual([
      "YouTube",
    ]);
  });

  it("answers bad input with 400 and a message beside the field, and an unknown intent with 400", async () => {
    const alicesLink = await linkIdOf(personalCard.id, "https://youtube.com/@alice");
    const before = await countRows(t.db, cartItems);
    const cases: [Record<string, string>, string][] = [
      [
        { intent: "add-link", cardId: personalCard.id, title: "", url: "https://x.example" },
        "Link title is required",
      ],
      [
        { intent: "add-link", cardId: personalCard.id, title: "X", url: "javascript:alert(1)" },
        "URL must start with http://, https://, mailto: or tel:",
      ],
      [
        {
          intent: "add-link",
          cardId: personalCard.id,
          title: "X",
          url: `https://x.example/${"a".repeat(LINK_URL_MAX_LENGTH)}`,
        },
        "URL is too long",
      ],
      [
        { intent: "add-link", cardId: personalCard.id, title: "T".repeat(101), url: "https://x.example" },
        "Link title must be at most 100 characters",
      ],
      [
        // One character longer than an id.
        { intent: "add-link", cardId: "x".repeat(37), title: "X", url: "https://x.example" },
        "Unknown item",
      ],
      [
        { intent: "edit-link", linkId: alicesLink, title: "YouTube", url: "https://youtube.com/@alice" },
        "Nothing to change",
      ],
    ];
    for (const [fields, message] of cases) {
      const a = await answer(links.action, post(alice.cookie, fields), context);
      expect(a.status, message).toBe(400);
      expect(errorsOf(a)).toContain(message);
    }
    const unknown = await answer(links.action, post(alice.cookie, { intent: "delete-everything" }), context);
    expect(unknown).toMatchObject({ status: 400, data: { error: "Unknown action" } });
    expect(await countRows(t.db, cartItems)).toBe(before);
  });
});
