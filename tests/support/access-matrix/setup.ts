// The access matrix's setting: a database with customer A (Alice), customer B (Bob) and an admin, A's things for
// the others to try, and the matrix's requests to any route as any of them. A test file calls setUpAccessMatrix()
// once, at its top: the database is made before its tests and closed after them.
import { eq, inArray, or } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll } from "vitest";
import {
  cardPageEvents,
  cardPages,
  cardViewsDaily,
  cartItems,
  companyEvents,
  customerPreferences,
  exchangedContacts,
  invitations,
  members,
  orders,
  organizations,
  pageLinks,
  physicalCards,
  prospectActivities,
  prospects,
  twoFactors,
  updateRequests,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from "~/db/schema";
import { createCardPage } from "~/server/cards/cards.server";
import { createPhysicalCard, markPhysicalCardWritten } from "~/server/cards/physical-cards.server";
import { getOrCreateReferralCode } from "~/server/referrals/referrals.server";
import { createOrderFromCart } from "~/server/shop/checkout.server";
import { addWebhookEndpoint, queueTestEvent } from "~/server/webhooks/webhooks.server";
import { utcDay } from "~/utils/dates";
import { makeTestWalletCa } from "../apple-wallet";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../auth";
import { insertContacts } from "../contacts";
import { makeTestGoogleWallet } from "../google-wallet";
import type { RouteModule } from "../route-table";
import { type Answer, answer, getRequest, postRequest } from "../routes";
import { cartWithMultiLink, delivery, shopOpts, testConfig } from "../shop";
import { createTestDb, type TestDb } from "../test-db";
import type { Fields, Ids, RouteCase } from "./types";

type Who = "anonymous" | "A" | "B" | "admin";
export const ORIGIN = "http://shop.test";

export function setUpAccessMatrix() {
  let t: TestDb;
  let context: AppLoadContext;
  // Apple Wallet on, so that its pass download answers the owner; Google Wallet on, so its save link does.
  const config = testConfig("access-matrix", { ...makeTestWalletCa().env(), ...makeTestGoogleWallet().env });
  const cookies: Record<Who, string> = { anonymous: "", A: "", B: "", admin: "" };
  let ids: Ids;
  let aliceId: string;
  let companyId: string;

  /** Everything of A's that a request by someone else must never change. */
  async function snapshotOfA() {
    const cards = await t.db.select().from(cardPages).where(eq(cardPages.ownerUserId, aliceId));
    const cardIds = cards.map((c) => c.id);
    return JSON.stringify({
      user: await t.db.select().from(users).where(eq(users.id, aliceId)),
      cards,
      links: await t.db.select().from(pageLinks).where(inArray(pageLinks.cardPageId, cardIds)),
      physicalCards: await t.db
        .select()
        .from(physicalCards)
        .where(inArray(physicalCards.cardPageId, cardIds)),
      cardEvents: await t.db.select().from(cardPageEvents).where(inArray(cardPageEvents.cardPageId, cardIds)),
      orders: await t.db
        .select()
        .from(orders)
        .where(or(eq(orders.userId, aliceId), eq(orders.id, ids.orderId))),
      preferences: await t.db
        .select()
        .from(customerPreferences)
        .where(eq(customerPreferences.userId, aliceId)),
      twoFactor: await t.db.select().from(twoFactors).where(eq(twoFactors.userId, aliceId)),
      requests: await t.db.select().from(updateRequests),
      cartLines: (await t.db.select({ id: cartItems.id }).from(cartItems)).length,
      prospects: await t.db.select().from(prospects).where(eq(prospects.userId, aliceId)),
      prospectActivities: await t.db
        .select()
        .from(prospectActivities)
        .where(eq(prospectActivities.prospectId, ids.prospectId)),
      contacts: await t.db.select().from(exchangedContacts).where(eq(exchangedContacts.ownerUserId, aliceId)),
      webhookEndpoints: await t.db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.ownerUserId, aliceId)),
      webhookDeliveries: await t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, ids.webhookId)),
      company: await t.db.select().from(organizations).where(eq(organizations.slug, ids.companySlug)),
      companyMembers: await t.db.select().from(members).where(eq(members.organizationId, companyId)),
      companyInvitations: await t.db
        .select()
        .from(invitations)
        .where(eq(invitations.organizationId, companyId)),
      companyLog: await t.db.select().from(companyEvents).where(eq(companyEvents.organizationId, companyId)),
    });
  }

  beforeAll(async () => {
    t = await createTestDb();
    const auth = testAuth(t.db, config);
    context = routeContext(t.db, config, auth);
    cookies.admin = await adminCookieFor(auth, t.db);
    const alice = await verifiedCustomer(auth, t.db, "Alice", "alice@example.com");
    aliceId = alice.id;
    cookies.A = alice.cookie;
    cookies.B = (await verifiedCustomer(auth, t.db, "Bob", "bob@example.com")).cookie;
    const card = await createCardPage(
      t.db,
      {
        name: "Alice Private",
        slug: "alice-private",
        password: "alice-edit-1",
        ownerUserId: alice.id,
        links: [{ title: "Alice secret link", url: "https://alice-secret.example", icon: "globe" }],
      },
      { announce: false },
    );
    const [link] = await t.db.select().from(pageLinks).where(eq(pageLinks.cardPageId, card.id));
    // A view today, so A's activity export has a row naming A's card.
    await t.db.insert(cardViewsDaily).values({ cardPageId: card.id, day: utcDay(), source: "nfc", count: 1 });
    const chip = await createPhysicalCard(t.db, { cardPageId: card.id }, { userId: null, label: "shop" });
    await markPhysicalCardWritten(t.db, chip.id);
    const cart = await cartWithMultiLink(t.db);
    const { order } = await createOrderFromCart(t.db, {
      cartId: cart.id,
      delivery: { ...delivery, fullName: "Alice Private", email: "alice@example.com" },
      paymentMethod: "bank_transfer",
      userId: alice.id,
      ...shopOpts,
    });
    const [prospect] = await t.db
      .insert(prospects)
      .values({
        userId: alice.id,
        businessName: "Alice Prospect Ltd",
        phone: "020 7946 0999",
        businessType: "salon",
      })
      .returning();
    const [contact] = await insertContacts(t.db, alice.id, [
      {
        name: "Carol Contact-of-Alice",
        email: "carol.alice-contact@example.com",
        company: "Carol Secret Co",
        cardPageId: card.id,
      },
    ]);
    const webhook = await addWebhookEndpoint(t.db, alice.id, "https://alice-hooks.example.com/in", {
      authSecret: config.authSecret,
      allowedHosts: [],
    });
    await queueTestEvent(t.db, alice.id, webhook.id);
    // A's company, with Dan as a member and an invitation waiting for Dora.
    const asAlice = new Headers({ cookie: alice.cookie });
    const company = await auth.api.createOrganization({
      headers: asAlice,
      body: { name: "Alice Company Ltd", slug: "alice-company" },
    });
    companyId = company!.id;
    const dan = await verifiedCustomer(auth, t.db, "Dan", "dan.alice-colleague@example.com");
    const member = await auth.api.addMember({
      body: { userId: dan.id, role: "member", organizationId: companyId },
    });
    const invitation = await auth.api.createInvitation({
      headers: asAlice,
      body: { email: "dora.alice-invitee@example.com", role: "member", organizationId: companyId },
    });
    ids = {
      companySlug: "alice-company",
      companyMemberId: member!.id,
      invitationId: invitation.id,
      contactId: contact!.id,
      webhookId: webhook.id,
      prospectId: prospect!.id,
      cardId: card.id,
      cardNumber: card.cardNumber,
      linkId: link!.id,
      physicalCardId: chip.id,
      orderId: order.id,
      referralCode: await getOrCreateReferralCode(t.db, alice.id),
    };
  });
  afterAll(() => t?.close());

  function getAs(c: RouteCase, who: Who, m: RouteModule) {
    return answer(m.loader!, getRequest(`${ORIGIN}${c.path(ids)}`, cookies[who]), context, c.params?.(ids));
  }
  function postAs(c: RouteCase, who: Who, m: RouteModule, intent: string, fields: Fields) {
    const body = { ...(intent ? { intent } : {}), ...fields(ids) };
    return answer(
      m.action!,
      postRequest(`${ORIGIN}${c.path(ids)}`, body, cookies[who]),
      context,
      c.params?.(ids),
    );
  }

  /** A's name, e-mail, card, link and order as they would show in another account's page data. */
  const secretsOfA = () => [
    "alice@example.com",
    "Alice Private",
    "alice-secret.example",
    ids.cardId,
    ids.orderId,
    "Alice Prospect Ltd",
    ids.contactId,
    "Carol Contact-of-Alice",
    "carol.alice-contact@example.com",
    "Carol Secret Co",
    "alice-hooks.example.com",
    ids.webhookId,
    "Alice Company Ltd",
    "dan.alice-colleague@example.com",
    "dora.alice-invitee@example.com",
  ];
  const leaks = (a: Answer, posted: Record<string, string> = {}) =>
    secretsOfA()
      .filter((s) => !Object.values(posted).includes(s)) // the poster's own input may be shown back to them
      .filter((s) => `${JSON.stringify(a.data)}${a.body}`.includes(s));

  return {
    config,
    cookies,
    get db() {
      return t.db;
    },
    get context() {
      return context;
    },
    get ids() {
      return ids;
    },
    get aliceId() {
      return aliceId;
    },
    snapshotOfA,
    getAs,
    postAs,
    leaks,
  };
}
