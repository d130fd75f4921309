// A guest's paid order e-mail carries a one-time link that puts the order's card pages on an account: it works
// once, until it expires, only for its own order, and never takes a card that meanwhile got an owner.

import { eq, inArray } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardClaimTokens, cardPages, emailOutbox, orderItemCardPages, orderItems, users } from "~/db/schema";
import * as claimRoute from "~/routes/shop/claim-cards";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { answer, cookiesOf, getRequest, postRequest } from "../../../tests/support/routes";
import { cartWithMultiLink, deliveryTo, shopOpts, testConfig, toastOf } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../accounts/auth.server";
import { getSessionUser } from "../accounts/session.server";
import type { OutgoingEmail } from "../platform/email/mailer.server";
import { changeQuantity, loadCart } from "./cart.server";
import { createOrderFromCart } from "./checkout.server";
import { markOrderPaid } from "./payments/paid-pipeline.server";

let t: TestDb;
let auth: Auth;
let context: AppLoadContext;
const config = testConfig("card-claims");
const queued: OutgoingEmail[] = [];
let bob: { id: string; cookie: string };
let carol: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestDb();
  auth = testAuth(t.db, config, async (m) => void queued.push(m));
  context = routeContext(t.db, config, auth);
  bob = await verifiedCustomer(auth, t.db, "Bob", "bob@example.com");
  carol = await verifiedCustomer(auth, t.db, "Carol", "carol@example.com");
});
afterAll(() => t?.close());

let seq = 0;
/** A paid bank-transfer order of `cards` Multi Link cards to this e-mail; its pages and the e-mail's link. */
async function paidOrder(email: string, cards = 2, userId: string | null = null) {
  const cart = await cartWithMultiLink(t.db);
  const item = (await loadCart(t.db, cart.id))!.items[0]!;
  await changeQuantity(t.db, cart.id, item.id, cards - 1);
  const { order } = await createOrderFromCart(t.db, {
    cartId: cart.id,
    delivery: deliveryTo(email),
    paymentMethod: "bank_transfer",
    userId,
    shop: "TapCard",
    bank: shopOpts.bank,
  });
  const paid = await markOrderPaid(
    t.db,
    order.id,
    {
      provider: "manual",
      eventId: `mark-paid:${order.id}`,
      type: "bank transfer",
      actor: { userId: null, label: "admin" },
    },
    shopOpts,
  );
  expect(paid.changed).toBe(true);
  const [mail] = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).filter((m) =>
    m.subject.includes("confirmed"),
  );
  const link = mail!.text.match(/http:\/\/shop\.test\/claim-cards\?token=\S+/)?.[0] ?? null;
  return {
    order,
    link,
    token: link ? new URL(link).searchParams.get("token")! : null,
    pageIds: await pagesOf(order.id),
  };
}

async function pagesOf(orderId: string) {
  const rows = await t.db
    .select({ id: orderItemCardPages.cardPageId })
    .from(orderItemCardPages)
    .innerJoin(orderItems, eq(orderItems.id, orderItemCardPages.orderItemId))
    .where(eq(orderItems.orderId, orderId));
  return rows.map((r) => r.id);
}

const ownersOf = async (ids: string[]) =>
  (await t.db.select({ o: cardPages.ownerUserId }).from(cardPages).where(inArray(cardPages.id, ids))).map(
    (r) => r.o,
  );
const guest = () => `guest.${++seq}@example.com`;
const pageUrl = (token: string) => `http://shop.test/claim-cards?token=${encodeURIComponent(token)}`;
const claim = (token: string, cookie = "") =>
  answer(claimRoute.action, postRequest(pageUrl(token), { intent: "claim", token }, cookie), context);
const open = (token: string, cookie = "") =>
  answer(claimRoute.loader, getRequest(pageUrl(token), cookie), context);

describe("the claim link of a guest order", () => {
  it("is in a guest's confirmation e-mail, stored only as a hash; an account's order gets none", async () => {
    const { order, token, pageIds } = await paidOrder(guest());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await ownersOf(pageIds)).toEqual([null, null]);
    const rows = await t.db.select().from(cardClaimTokens).where(eq(cardClaimTokens.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token!);

    const signedIn = await paidOrder("bob@example.com", 1, bob.id);
    const byEmail = await paidOrder("carol@example.com", 1);
    for (const o of [signedIn, byEmail]) {
      expect(o.link).toBeNull();
      expect(
        await t.db.select().from(cardClaimTokens).where(eq(cardClaimTokens.orderId, o.order.id)),
      ).toEqual([]);
    }
  });

  it("opening it changes nothing; a signed-in customer adds the order's cards once, and it never works again", async () => {
    const { token, pageIds } = await paidOrder(guest());
    const page = await open(token!, bob.cookie);
    expect(page).toMatchObject({ status: 200, data: { state: "open", user: { email: "bob@example.com" } } });
    expect(page.data.cards).toHaveLength(2);
    expect(await ownersOf(pageIds)).toEqual([null, null]);

    const added = await claim(token!, bob.cookie);
    expect(added).toMatchObject({ status: 302, location: "/dashboard/cards" });
    expect(await toastOf(added.headers)).toMatchObject({
      type: "success",
      title: "Cards added to your account",
    });
    expect(await ownersOf(pageIds)).toEqual([bob.id, bob.id]);

    for (const cookie of [bob.cookie, carol.cookie]) {
      const again = await claim(token!, cookie);
      expect(again.status).toBe(410);
      expect(JSON.stringify(again.data)).toContain("This link has already been used.");
    }
    expect(await open(token!, carol.cookie)).toMatchObject({
      status: 410,
      data: { state: "problem", message: expect.stringContaining("already been used") },
    });
    expect(await ownersOf(pageIds)).toEqual([bob.id, bob.id]);
  });

  it("refuses an expired or unknown link with a clear message, and takes nothing", async () => {
    const { order, token, pageIds } = await paidOrder(guest());
    await t.db
      .update(cardClaimTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cardClaimTokens.orderId, order.id));
    const expired = await claim(token!, bob.cookie);
    expect(expired.status).toBe(410);
    expect(JSON.stringify(expired.data)).toContain("This link has expired");
    expect((await open(token!)).status).toBe(410);

    const made = `${token!.slice(0, -2)}AA`;
    expect(await open(made)).toMatchObject({
      status: 404,
      data: { message: expect.stringContaining("not valid") },
    });
    expect((await claim(made, bob.cookie)).status).toBe(410);
    expect((await open("x".repeat(5000))).status).toBe(404);
    expect(await ownersOf(pageIds)).toEqual([null, null]);
  });

  it("gives only its own order's cards, and not one that meanwhile got another owner", async () => {
    const a = await paidOrder(guest());
    const b = await paidOrder(guest());
    // One of A's cards went to Carol in the meantime (e.g. by its number and edit password).
    await t.db.update(cardPages).set({ ownerUserId: carol.id }).where(eq(cardPages.id, a.pageIds[0]!));

    const page = await open(a.token!, bob.cookie);
    expect((page.data.cards as { taken: boolean }[]).map((c) => c.taken)).toEqual([true, false]);
    const added = await claim(a.token!, bob.cookie);
    expect(added.status).toBe(302);
    expect(await ownersOf([a.pageIds[0]!])).toEqual([carol.id]);
    expect(await ownersOf([a.pageIds[1]!])).toEqual([bob.id]);
    expect(await ownersOf(b.pageIds)).toEqual([null, null]);
    // B's link is untouched and still works, for whoever holds it.
    expect((await open(b.token!)).data.state).toBe("open");
  });

  it("two customers using one link at once: one gets the cards, the other is refused", async () => {
    const { token, pageIds } = await paidOrder(guest());
    const [x, y] = await Promise.all([claim(token!, bob.cookie), claim(token!, carol.cookie)]);
    expect([x.status, y.status].sort()).toEqual([302, 410]);
    const owners = await ownersOf(pageIds);
    expect(new Set(owners).size).toBe(1);
    expect([bob.id, carol.id]).toContain(owners[0]);
  });

  it("refuses to put cards on an admin's account", async () => {
    const { token, pageIds } = await paidOrder(guest());
    const refused = await claim(token!, await adminCookieFor(auth, t.db));
    expect(refused.status).toBe(403);
    expect(await ownersOf(pageIds)).toEqual([null, null]);
    expect((await open(token!)).data.state).toBe("open");
  });

  it("sends an anonymous visitor's 'add' to /login with the link to come back to, and changes nothing", async () => {
    const { token, pageIds } = await paidOrder(guest());
    const page = await open(token!);
    expect(page).toMatchObject({ status: 200, data: { state: "open", user: null } });
    const anonymous = await claim(token!);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(`/login?redirectTo=${encodeURIComponent(`/claim-cards?token=${token}`)}`);
    expect(await ownersOf(pageIds)).toEqual([null, null]);
  });

  it("creates a verified account for the order's e-mail, signs it in and adds the cards", async () => {
    const email = guest();
    const { token, pageIds } = await paidOrder(email);
    const before = queued.length;
    const register = (fields: Record<string, string>) =>
      answer(
        claimRoute.action,
        postRequest(pageUrl(token!), { intent: "register", token: token!, ...fields }),
        context,
      );

    const bad = await register({ name: "", password: "short" });
    expect(bad.status).toBe(400);

    const created = await register({ name: "Gail Guest", password: "guest-pass-1", terms: "on" });
    expect(created).toMatchObject({ status: 302, location: "/dashboard/cards" });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: "Gail Guest", emailVerified: true, role: "customer" });
    expect(await ownersOf(pageIds)).toEqual([user!.id, user!.id]);
    const session = await getSessionUser(
      { auth },
      new Request("http://shop.test/", { headers: { Cookie: cookiesOf(created.headers) } }),
    );
    expect(session?.email).toBe(email);
    // No verification e-mail: the link already proved the address.
    expect(queued.slice(before).filter((m) => m.to === email)).toEqual([]);
  });

  it("does not open a second account for an e-mail that already has one", async () => {
    const email = guest();
    const { token, pageIds } = await paidOrder(email);
    // An unverified account with the order's e-mail (registered, never verified).
    await auth.api.signUpEmail({ body: { name: "Early", email, password: "early-pass-1" } });
    const answerOf = await answer(
      claimRoute.action,
      postRequest(pageUrl(token!), {
        intent: "register",
        token: token!,
        name: "Late",
        password: "late-pass-1",
        terms: "on",
      }),
      context,
    );
    expect(answerOf.status).toBe(409);
    expect(JSON.stringify(answerOf.data)).toContain("An account with this e-mail address already exists");
    expect(await ownersOf(pageIds)).toEqual([null, null]);
    expect((await open(token!)).data.state).toBe("open");
  });
});
