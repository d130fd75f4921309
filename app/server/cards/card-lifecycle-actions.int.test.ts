// A card's state through the owner's and the admin's own forms, on both databases: what the shop turns off or
// pauses stays so whatever the owner posts (the owner is told why and how to reach support) until the admin undoes
// it; and what My Cards says about a card follows its state (a lost card, a replacement ordered, paid and written,
// older cards shown only for a page that has some).

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, physicalCards } from "~/db/schema";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { type Answer, answer, getRequest, postRequest } from "../../../tests/support/routes";
import { cartWithMultiLink, delivery, markPaidByAdmin, shopOpts } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import * as editCard from "../../routes/admin/edit-card";
import * as cards from "../../routes/dashboard/cards";
import { loadConfig } from "../platform/env.server";
import { addReplacementItem, createCart } from "../shop/cart.server";
import { createOrderFromCart } from "../shop/checkout.server";
import type { CardLifecycle } from "./card-lifecycle.server";
import { createCardPage } from "./cards.server";
import { createPhysicalCard, markPhysicalCardWritten } from "./physical-cards.server";

let t: TestDb;
let context: AppLoadContext;
let adminCookie: string;
let owner: { id: string; cookie: string };
const SUPPORT = "help@tapcard.test";
const config = loadConfig({
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "card-lifecycle-")),
  PUBLIC_URL: "http://shop.test",
  SUPPORT_EMAIL: SUPPORT,
});

beforeAll(async () => {
  t = await createTestDb();
  const auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  adminCookie = await adminCookieFor(auth, t.db);
  owner = await verifiedCustomer(auth, t.db, "Olive Owner", "olive@example.com");
});
afterAll(() => t?.close());

const shopActor = { userId: null, label: "shop" };
let slugs = 0;

/** A page of the owner's, made before chip addresses (no physical card of its own) unless cards are asked for. */
async function ownersPage(tokens: string[] = []) {
  const page = await createCardPage(
    t.db,
    {
      name: "Olive Owner",
      slug: `olive-${++slugs}`,
      password: "olive-edit-1",
      ownerUserId: owner.id,
      links: [],
    },
    { announce: false },
  );
  const made = [];
  for (const token of tokens) {
    const card = await createPhysicalCard(t.db, { cardPageId: page.id }, shopActor);
    // A token with capitals and small letters at its end, to see that its case is kept.
    await t.db.update(physicalCards).set({ token }).where(eq(physicalCards.id, card.id));
    await markPhysicalCardWritten(t.db, card.id);
    made.push({ ...card, token });
  }
  return { page, cards: made };
}

const ownerPost = (cardNumber: string, fields: Record<string, string>) =>
  answer(
    cards.action,
    postRequest("http://shop.test/dashboard/cards", { cardNumber, ...fields }, owner.cookie),
    context,
  );
const adminPost = (cardPageId: string, fields: Record<string, string>) =>
  answer(
    editCard.action,
    postRequest(`http://shop.test/admin-dashboard/edit/${cardPageId}`, fields, adminCookie),
    context,
    { id: cardPageId },
  );

/** The card's 'Card status' section as text, the way a reader hears it, with its buttons' names. */
async function cardStatusText(cardNumber: string) {
  const a = await answer(
    cards.loader,
    getRequest(`http://shop.test/dashboard/cards?card=${cardNumber}`, owner.cookie),
    context,
  );
  const html = String(a.data.lifecycleHtml);
  const names = [...html.matchAll(/aria-label="([^"]*)"/g)].map((m) => `[${m[1]}]`);
  return `${textOf(html)} ${names.join(" ")}`;
}
/** What the admin card view says of the card: its status and the older cards' line, if it shows them. */
async function adminStatus(cardPageId: string) {
  const a = await answer(
    editCard.loader,
    getRequest(`http://shop.test/admin-dashboard/edit/${cardPageId}`, adminCookie),
    context,
    { id: cardPageId },
  );
  return (a.data as { lifecycle: CardLifecycle }).lifecycle.status;
}
function textOf(html: string) {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}
const refusal = (a: Answer) => String((a.data as { error?: string }).error);
const pageRow = async (id: string) => (await t.db.select().from(cardPages).where(eq(cardPages.id, id)))[0]!;
const cardRow = async (id: string) =>
  (await t.db.select().from(physicalCards).where(eq(physicalCards.id, id)))[0]!;

describe("the shop's takedown sticks", () => {
  it("a page the shop paused cannot be resumed by its owner, who is told why and how to reach support", async () => {
    const { page } = await ownersPage(["AAAAAAAPs1Q"]);
    expect((await adminPost(page.id, { intent: "pause" })).status).toBe(302);
    expect(await pageRow(page.id)).toMatchObject({ pausedBy: "shop" });

    const resume = await ownerPost(page.cardNumber, { intent: "resume" });
    expect(resume.status).toBe(403);
    expect(refusal(resume)).toContain("The shop paused this card");
    expect(refusal(resume)).toContain(SUPPORT);
    expect(await pageRow(page.id)).toMatchObject({ pausedBy: "shop" });
    expect((await pageRow(page.id)).pausedAt).not.toBeNull();

    // Pausing again, or pausing the whole page for a lost card, leaves it the shop's.
    await ownerPost(page.cardNumber, { intent: "pause" });
    const [chip] = await t.db.select().from(physicalCards).where(eq(physicalCards.cardPageId, page.id));
    await ownerPost(page.cardNumber, { intent: "report-lost", physicalCardId: chip!.id, choice: "page" });
    expect(await pageRow(page.id)).toMatchObject({ pausedBy: "shop" });

    const status = await cardStatusText(page.cardNumber);
    expect(status).toContain("Paused by the shop:");
    expect(status).toContain("Only the shop can resume it.");
    expect(status).toContain(SUPPORT);
    expect(status).toContain("contact page");
    expect(status).not.toContain("Resume card");
    expect((await adminStatus(page.id)).sentence).toBe("Paused by the shop");

    // The admin undoes it; the owner's own pause is then the owner's to undo.
    expect((await adminPost(page.id, { intent: "resume" })).status).toBe(302);
    expect(await pageRow(page.id)).toMatchObject({ pausedAt: null, pausedBy: null });
    expect((await ownerPost(page.cardNumber, { intent: "pause" })).status).toBe(302);
    expect(await pageRow(page.id)).toMatchObject({ pausedBy: "owner" });
    expect((await adminStatus(page.id)).sentence).toBe("Paused by the owner");
    expect((await ownerPost(page.cardNumber, { intent: "resume" })).status).toBe(302);
    expect((await pageRow(page.id)).pausedAt).toBeNull();
  });

  it("a card the shop turned off cannot be turned back on by its owner; the admin can", async () => {
    const { page, cards: made } = await ownersPage(["AAAAAAATk1D", "BBBBBBBKp2E"]);
    const [takenDown] = made;
    await adminPost(page.id, { intent: "card-off", physicalCardId: takenDown!.id });
    expect(await cardRow(takenDown!.id)).toMatchObject({ state: "off", turnedOffBy: "shop" });

    const on = await ownerPost(page.cardNumber, { intent: "card-on", physicalCardId: takenDown!.id });
    expect(on.status).toBe(403);
    expect(refusal(on)).toContain("The shop turned this card off");
    expect(refusal(on)).toContain(SUPPORT);
    expect(await cardRow(takenDown!.id)).toMatchObject({ state: "off", turnedOffBy: "shop" });
    const status = await cardStatusText(page.cardNumber);
    expect(status).toContain("Card …Tk1D · Turned off by the shop");
    expect(status).not.toContain("Turn back on");

    await adminPost(page.id, { intent: "card-on", physicalCardId: takenDown!.id });
    expect(await cardRow(takenDown!.id)).toMatchObject({ state: "active", turnedOffBy: null });

    // The owner's own turn-off is theirs to undo.
    await ownerPost(page.cardNumber, {
      intent: "report-lost",
      physicalCardId: takenDown!.id,
      choice: "card",
    });
    expect(await cardRow(takenDown!.id)).toMatchObject({ state: "off", turnedOffBy: "owner" });
    expect(
      (await ownerPost(page.cardNumber, { intent: "card-on", physicalCardId: takenDown!.id })).status,
    ).toBe(302);
    expect(await cardRow(takenDown!.id)).toMatchObject({ state: "active" });
  });

  it("older cards the shop turned off stay off whatever the owner posts", async () => {
    const { page } = await ownersPage();
    await adminPost(page.id, { intent: "card-off", physicalCardId: "older" });
    expect(await pageRow(page.id)).toMatchObject({ olderCardsOffBy: "shop" });
    const on = await ownerPost(page.cardNumber, { intent: "card-on", physicalCardId: "older" });
    expect(on.status).toBe(403);
    expect(refusal(on)).toContain(SUPPORT);
    expect((await pageRow(page.id)).olderCardsOffAt).not.toBeNull();
    await adminPost(page.id, { intent: "card-on", physicalCardId: "older" });
    expect(await pageRow(page.id)).toMatchObject({ olderCardsOffAt: null, olderCardsOffBy: null });
  });
});

describe("what My Cards says follows the card's state", () => {
  it("a lost card, its replacement ordered, paid and written, each read from the state", async () => {
    const { page, cards: made } = await ownersPage(["AAAAAAA44sC", "BBBBBBBXy12"]);
    const [lost] = made;
    expect(await cardStatusText(page.cardNumber)).toContain(
      "Live: your page opens from every card and its address.",
    );

    await ownerPost(page.cardNumber, { intent: "report-lost", physicalCardId: lost!.id, choice: "card" });
    let status = await cardStatusText(page.cardNumber);
    expect(status).not.toContain("Live: your page opens from every card");
    expect(status).toContain("Card …44sC is turned off.");
    expect(status).toContain("Lost Card …Xy12?");
    expect(status).not.toContain("…44sc");
    expect(status).not.toContain("…xy12");

    // Ordered by bank transfer: it waits for the payment.
    const cart = await createCart(t.db);
    await addReplacementItem(t.db, cart.id, {
      links: [],
      replacementFor: { cardPageId: page.id, cardNumber: page.cardNumber, physicalCardId: lost!.id },
    });
    const { order } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery,
      paymentMethod: "bank_transfer",
      userId: owner.id,
      ...shopOpts,
    });
    status = await cardStatusText(page.cardNumber);
    expect(status).toContain(
      `Turned off (lost). A replacement is ordered: it is made once order ${order.orderNumber} is paid.`,
    );
    expect(status).not.toContain("Order a replacement: Card …44sC");
    expect(status).toContain("Order a replacement: Card …Xy12");

    await markPaidByAdmin(t.db, order.id);
    status = await cardStatusText(page.cardNumber);
    expect(status).toMatch(/A replacement is on its way: Card …[0-9A-Za-z]{4} is being made\./);
    expect(status).not.toContain("Order a replacement: Card …44sC");
    expect(status).toContain("Being made: the replacement for Card …44sC.");
    const again = await ownerPost(page.cardNumber, { intent: "order-replacement", physicalCardId: lost!.id });
    expect(again.status).toBe(409);
    expect(refusal(again)).toBe("A replacement for this card is already ordered.");

    const [replacement] = await t.db
      .select()
      .from(physicalCards)
      .where(eq(physicalCards.replacesId, lost!.id));
    await markPhysicalCardWritten(t.db, replacement!.id);
    status = await cardStatusText(page.cardNumber);
    expect(status).toContain(`Turned off (lost): replaced by Card …${replacement!.token.slice(-4)}.`);
    expect(status).toContain("Active: it opens your page. The replacement for Card …44sC.");
  });

  it("a new customer's card with its own chip address shows no older cards; a page from before shows them", async () => {
    const cart = await cartWithMultiLink(t.db);
    const { order } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery,
      paymentMethod: "bank_transfer",
      userId: owner.id,
      ...shopOpts,
    });
    const paid = await markPaidByAdmin(t.db, order.id);
    if (!paid.changed) throw new Error("not paid");
    const [made] = paid.cardPages;
    const status = await cardStatusText(made!.cardNumber);
    expect(status).toMatch(/Card …[0-9A-Za-z]{4} · Being made/);
    expect(status).not.toContain("Older cards");
    expect((await adminStatus(made!.id)).older).toBeNull();

    const { page: before } = await ownersPage();
    expect(await cardStatusText(before.cardNumber)).toContain("Older cards · Active");
  });
});
