// The dashboard's My Links section as routes: each customer sees only the links of their own cards with their
// click counts, and every add, change or removal becomes a £1 update request in their cart that is applied to
// the card once paid. Another customer's card or link ids answer 404 and change nothing.

import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, linkClicksDaily, pageLinks, updateRequests } from "~/db/schema";
import { getCardPageBySlug } from "~/server/cards/card-reads.server";
import { updateCardPage } from "~/server/cards/cards.server";
import { loadCart, readCartId } from "~/server/shop/cart.server";
import { createOrderFromCart } from "~/server/shop/checkout.server";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { type Answer, answer, getRequest, postRequest } from "../../../tests/support/routes";
import {
  countRows,
  delivery,
  markPaidByAdmin,
  shopOpts,
  testConfig,
  toastOf,
} from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../../server/accounts/auth.server";
import { createCardPage } from "../../server/cards/cards.server";
import * as links from "./links";

let t: TestDb;
let auth: Auth;
let context: AppLoadContext;
let adminCookie: string;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };
let shopCard: { id: string; cardNumber: string; slug: string };
let personalCard: { id: string; cardNumber: string; slug: string };
let bobsCard: { id: string; cardNumber: string; slug: string };
const config = testConfig("dashboard-links");

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function linkIdOf(cardId: string, url: string) {
  const rows = await t.db
    .select({ id: pageLinks.id, url: pageLinks.url })
    .from(pageLinks)
    .where(eq(pageLinks.cardPageId, cardId));
  const link = rows.find((r) => r.url === url);
  expect(link, url).toBeDefined();
  return link!.id;
}

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  adminCookie = await adminCookieFor(auth, t.db);
  alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
  bob = await verifiedCustomer(auth, t.db, "Bob", "bob@example.com");
  shopCard = await createCardPage(
    t.db,
    {
      name: "Alice's Shop",
      slug: "alice-shop",
      password: "alice-edit-1",
      ownerUserId: alice.id,
      links: [
        { title: "Instagram", url: "https://instagram.com/alice", icon: "instagram" },
        { title: "Tips", url: "https://paypal.me/alice", icon: "globe" },
        { title: "Website", url: "https://alice.example", icon: "globe" },
      ],
    },
    { announce: false },
  );
  personalCard = await createCardPage(
    t.db,
    {
      name: "Alice Personal",
      slug: "alice-personal",
      password: "alice-edit-2",
      ownerUserId: alice.id,
      links: [{ title: "YouTube", url: "https://youtube.com/@alice", icon: "youtube" }],
    },
    { announce: false },
  );
  bobsCard = await createCardPage(
    t.db,
    {
      name: "Bob B",
      slug: "bob-b",
      password: "bob-edit-1",
      ownerUserId: bob.id,
      links: [{ title: "Bob's site", url: "https://bob.example", icon: "globe" }],
    },
    { announce: false },
  );
  const instagram = await linkIdOf(shopCard.id, "https://instagram.com/alice");
  const website = await linkIdOf(shopCard.id, "https://alice.example/");
  const bobs = await linkIdOf(bobsCard.id, "https://bob.example/");
  const clicks = [
    { linkId: instagram, cardPageId: shopCard.id, day: day(0), source: "nfc" as const, count: 3 },
    { linkId: instagram, cardPageId: shopCard.id, day: day(0), source: "qr" as const, count: 2 },
    // The 30 days are today and the 29 before: 29 days ago counts, 30 days ago does not.
    { linkId: instagram, cardPageId: shopCard.id, day: day(29), source: "link" as const, count: 4 },
    { linkId: instagram, cardPageId: shopCard.id, day: day(30), source: "link" as const, count: 7 },
    { linkId: website, cardPageId: shopCard.id, day: day(200), source: "nfc" as const, count: 5 },
    { linkId: bobs, cardPageId: bobsCard.id, day: day(1), source: "nfc" as const, count: 11 },
  ];
  await t.db.insert(linkClicksDaily).values(clicks);
});
afterAll(() => t?.close());

const LINKS = "http://shop.test/dashboard/links";
const get = (cookie: string, query = "") => getRequest(`${LINKS}${query}`, cookie);
const post = (cookie: string, fields: Record<string, string>) => postRequest(LINKS, fields, cookie);

type ShownCard = {
  cardNumber: string;
  links: { title: string; url: string; kind: string; clicks30Days: number; clicksAllTime: number }[];
};
const cardsOf = (a: Answer) => a.data.cards as ShownCard[];
const titles = (a: Answer) => cardsOf(a).flatMap((c) => c.links.map((l) => l.title));
const errorsOf = (a: Answer) => JSON.stringify(a.data);

/** The cart the answer's cookie names, as the cart page would load it. */
async function cartOf(a: Answer) {
  const cookie = a.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const id = await readCartId(getRequest("http://shop.test/", cookie));
  return { cookie, cart: await loadCart(t.db, id) };
}

describe("My Links: reading", () => {
  it("sends an anonymous visitor to /login", async () => {
    const page = await answer(links.loader, get(""), context);
    expect(page).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fdashboard%2Flinks" });
  });

  it("lists each of the customer's cards with its links, kinds and clicks in the last 30 days and all time", async () => {
    const page = await answer(links.loader, get(alice.cookie), context);
    expect(page.status).toBe(200);
    const cards = cardsOf(page);
    expect(cards.map((c) => c.cardNumber).sort()).toEqual(
      [shopCard.cardNumber, personalCard.cardNumber].sort(),
    );
    const shop = cards.find((c) => c.cardNumber === shopCard.cardNumber)!;
    expect(shop.links).toMatchObject([
      { title: "Instagram", kind: "social", clicks30Days: 9, clicksAllTime: 16 },
      { title: "Tips", kind: "payment", clicks30Days: 0, clicksAllTime: 0 },
      { title: "Website", kind: "other", clicks30Days: 0, clicksAllTime: 5 },
    ]);
    expect(page.data.counts).toEqual({ all: 4, social: 2, payment: 1, other: 1 });
  });

  it("shows only the chosen tab's links, and All Links for an unknown tab", async () => {
    expect(titles(await answer(links.loader, get(alice.cookie, "?tab=social"), context))).toEqual(
      expect.arrayContaining(["Instagram", "YouTube"]),
    );
    expect(titles(await answer(links.loader, get(alice.cookie, "?tab=payment"), context))).toEqual(["Tips"]);
    expect(titles(await answer(links.loader, get(alice.cookie, "?tab=other"), context))).toEqual(["Website"]);
    expect(titles(await answer(links.loader, get(alice.cookie, "?tab=<script>"), context))).toHaveLength(4);
  });

  it("never shows another customer's links or clicks, and answers 404 for a link that is not theirs", async () => {
    const bobs = await answer(links.loader, get(bob.cookie), context);
    expect(titles(bobs)).toEqual(["Bob's site"]);
    expect(cardsOf(bobs)[0]!.links[0]).toMatchObject({ clicks30Days: 11, clicksAllTime: 11 });
    const instagram = await linkIdOf(shopCard.id, "https://instagram.com/alice");
    for (const open of ["edit", "remove"]) {
      const peek = await answer(links.loader, get(bob.cookie, `?${open}=${instagram}`), context);
      expect({ open, status: peek.status }).toEqual({ open, status: 404 });
    }
    expect(cardsOf(await answer(links.loader, get(adminCookie), context))).toEqual([]);
  });
});

describe("My Links: an account with many cards", () => {
  it("shows five cards a page, newest first, with every card offered for a new link and tab counts of all", async () => {
    const carol = await verifiedCustomer(auth, t.db, "Carol", "carol@example.com");
    const numbers: string[] = [];
    for (let n = 1; n <= 7; n++) {
      const card = await createCardPage(
        t.db,
        {
          name: `Carol ${n}`,
          slug: `carol-${n}`,
          password: `carol-edit-${n}`,
          ownerUserId: carol.id,
          links: [{ title: `Site ${n}`, url: `https://carol${n}.example`, icon: "globe" }],
        },
        { announce: false },
      );
      numbers.push(card.cardNumber);
    }
    const first = await answer(links.loader, get(carol.cookie), context);
    expect(first.data).toMatchObject({ page: 1, pages: 2, counts: { all: 7 } });
    expect(titles(first)).toEqual(["Site 7", "Site 6", "Site 5", "Site 4", "Site 3"]);
    expect((first.data.allCards as { cardNumber: string }[]).map((c) => c.cardNumber).sort()).toEqual(
      [...numbers].sort(),
    );
    const second = await answer(links.loader, get(carol.cookie, "?page=2"), context);
    expect(titles(second)).toEqual(["Site 2", "Site 1"]);
    // A page past the end shows the last; a link's form opens on the page of its card.
    expect(titles(await answer(links.loader, get(carol.cookie, "?page=99"), context))).toEqual([
      "Site 2",
      "Site 1",
    ]);
    const oldest = (second.data.cards as { links: { id: string }[] }[]).at(-1)!.links[0]!.id;
    const editing = await answer(links.loader, get(carol.cookie, `?edit=${oldest}`), context);
    expect(editing.data).toMatchObject({ page: 2, editing: oldest });
  });
});

describe("My Links: changes go to the cart and are applied once paid", () => {
  it("puts an add, a change and a removal in the owner's cart at £1 each, and applies them when paid", async () => {
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
      ["update-request", 100],
      ["update-request", 100],
      ["update-request", 100],
    ]);
    expect(cart!.totals).toMatchObject({ subtotal: 300, deliveryFee: 0, total: 300 });
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
          url: `https://x.example/${"a".repeat(5000)}`,
        },
        "URL is too long",
      ],
      [
        { intent: "add-link", cardId: personalCard.id, title: "T".repeat(101), url: "https://x.example" },
        "Link title must be at most 100 characters",
      ],
      [
        { intent: "add-link", cardId: "x".repeat(5000), title: "X", url: "https://x.example" },
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
