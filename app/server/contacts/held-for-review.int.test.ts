// A card's daily cap cannot be used to silence its form: once a crowd of addresses has used up the card's 100 a
// day, a real visitor's share is still kept, held for the owner's review (no e-mail, no webhook event), and shown
// apart in Contacts, where the owner accepts or deletes it. One address posting too much is still refused.
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, exchangedContacts, rateLimits, users, webhookDeliveries } from "~/db/schema";
import { createCardPage } from "~/server/cards/cards.server";
import { routeContext } from "../../../tests/support/auth";
import { countRows, form, testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { hitRateLimit } from "../platform/rate-limit.server";
import { addWebhookEndpoint } from "../webhooks/webhooks.server";
import { connectPost, SHARE_REFUSED } from "./connect-page.server";
import { contactsCsv, contactVCard } from "./contact-exports.server";
import { loadContacts } from "./contacts.server";
import { handleContactAction } from "./contacts-actions.server";
import { formStamp, HELD_PER_CARD, setContactExchange } from "./exchange.server";
import { CONTACT_LIMITS } from "./limits.server";
import { heldForReview } from "./review.server";

let t: TestDb;
const config = testConfig("contacts-held");
const ORIGIN = "http://shop.test";
const OWNER = "owner-held";
const OWNER_EMAIL = "jane@held.example";
const SLUG = "jane-held";
let cardId: string;

const contextFrom = (ip: string) => routeContext(t.db, config, undefined as never, ip) as AppLoadContext;

function post(name: string, ip: string) {
  const body = new URLSearchParams({
    name,
    email: `${name.toLowerCase().replace(/\W+/g, ".")}@visitor.example`,
    consent: "on",
    website: "",
    stamp: formStamp(config.authSecret, SLUG, Date.now() - 5_000),
  });
  const request = new Request(`${ORIGIN}/${SLUG}/connect`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return connectPost(contextFrom(ip), request, SLUG);
}

const held = () =>
  t.db
    .select()
    .from(exchangedContacts)
    .where(and(eq(exchangedContacts.ownerUserId, OWNER), eq(exchangedContacts.heldForReview, true)));
/** What the Contacts section shows: the contacts, and the shares held for review apart. */
const contactsPage = async () => ({
  ...(await loadContacts(t.db, OWNER, new URL(`${ORIGIN}/dashboard/contacts`))),
  held: await heldForReview(t.db, OWNER),
});

beforeAll(async () => {
  t = await createTestDb();
  await t.db.insert(users).values({ id: OWNER, name: "Jane Owner", email: OWNER_EMAIL, emailVerified: true });
  const card = await createCardPage(
    t.db,
    { name: "Jane Held", slug: SLUG, password: "jane-edit-1", ownerUserId: OWNER, links: [] },
    { announce: false },
  );
  cardId = card.id;
  await setContactExchange(t.db, OWNER, cardId, true);
  await addWebhookEndpoint(t.db, OWNER, "https://hooks.example.com/in", {
    authSecret: config.authSecret,
    allowedHosts: [],
  });
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(exchangedContacts);
  await t.db.delete(emailOutbox);
  await t.db.delete(rateLimits);
  await t.db.delete(webhookDeliveries);
});

describe("a card over its daily cap", () => {
  it("keeps a real visitor's share, held for review: no e-mail to the owner, no webhook event", async () => {
    // A crowd of addresses, each within its own hourly limit, uses up the card's day.
    const perAddress = CONTACT_LIMITS.shareContactPerAddress.max;
    const addresses = CONTACT_LIMITS.shareContactPerCard.max / perAddress;
    for (let a = 0; a < addresses; a++)
      for (let i = 0; i < perAddress; i++)
        expect((await post(`Flood ${a}-${i}`, `10.40.${a}.1`)).status).toBe(303);
    expect(await countRows(t.db, exchangedContacts)).toBe(CONTACT_LIMITS.shareContactPerCard.max);
    const emails = await countRows(t.db, emailOutbox);
    const events = await countRows(t.db, webhookDeliveries);

    // The real visitor is thanked as anyone is, and the share is kept.
    const res = await post("Real Visitor", "10.50.0.1");
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${ORIGIN}/${SLUG}/connect?sent=1`);
    const [kept] = await t.db
      .select()
      .from(exchangedContacts)
      .where(eq(exchangedContacts.name, "Real Visitor"));
    expect(kept).toMatchObject({ heldForReview: true, ownerEmail: "none", cardPageId: cardId });
    expect(await countRows(t.db, emailOutbox)).toBe(emails);
    expect(await countRows(t.db, webhookDeliveries)).toBe(events);

    // One address that posts too much is still refused, over the cap as under it.
    const refused = await post("Flood 0-5", "10.40.0.1");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(SHARE_REFUSED.tooMany);
  });

  it(`refuses shares once ${HELD_PER_CARD.max} a day are held for the card, writing nothing`, async () => {
    for (let i = 0; i < CONTACT_LIMITS.shareContactPerCard.max; i++)
      await hitRateLimit(t.db, `share-contact:card:${cardId}`, CONTACT_LIMITS.shareContactPerCard);
    for (let i = 0; i < HELD_PER_CARD.max - 1; i++)
      await hitRateLimit(t.db, `share-contact:held:${cardId}`, HELD_PER_CARD);
    expect((await post("Last Held", "10.60.0.1")).status).toBe(303);
    const refused = await post("One Too Many", "10.60.0.2");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(SHARE_REFUSED.cardFull);
    expect((await held()).map((c) => c.name)).toEqual(["Last Held"]);
  });
});

describe("the owner's review", () => {
  async function overTheCap(names: string[]) {
    for (let i = 0; i < CONTACT_LIMITS.shareContactPerCard.max; i++)
      await hitRateLimit(t.db, `share-contact:card:${cardId}`, CONTACT_LIMITS.shareContactPerCard);
    for (const [i, name] of names.entries()) expect((await post(name, `10.70.0.${i + 1}`)).status).toBe(303);
  }

  it("shows held shares apart from the contacts, and leaves them out of the list, the count and the exports", async () => {
    expect((await post("Normal Contact", "10.70.1.1")).status).toBe(303);
    await overTheCap(["Held One", "Held Two"]);

    const page = await contactsPage();
    expect(page.contacts.map((c) => c.name)).toEqual(["Normal Contact"]);
    expect(page.total).toBe(1);
    expect(page.held.total).toBe(2);
    expect(page.held.contacts.map((c) => c.name)).toEqual(["Held Two", "Held One"]);
    expect(page.held.contacts[0]).toMatchObject({
      email: "held.two@visitor.example",
      card: expect.stringContaining("Jane Held"),
    });

    const csv = await contactsCsv(t.db, OWNER, { q: "", card: null });
    expect(csv).toContain("Normal Contact");
    expect(csv).not.toContain("Held One");
    // Not a contact yet: its own page and vCard are not found.
    await expect(contactVCard(t.db, OWNER, (await held())[0]!.id)).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  it("accepting one makes it a normal contact and sends it on to the owner's webhooks, once; no e-mail", async () => {
    await overTheCap(["Held One"]);
    const [one] = await held();
    const accept = () =>
      handleContactAction(
        contextFrom("10.80.0.1"),
        { id: OWNER } as never,
        one!.id,
        form({ intent: "accept-contact" }),
      );

    const answer = await accept();
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe("/dashboard/contacts");
    const page = await contactsPage();
    expect(page.contacts.map((c) => c.name)).toEqual(["Held One"]);
    expect(page.held.total).toBe(0);
    const events = await t.db.select().from(webhookDeliveries);
    expect(events.map((e) => e.type)).toEqual(["contact.created"]);
    expect(JSON.parse(events[0]!.body).data).toMatchObject({
      id: one!.id,
      name: "Held One",
      card: { slug: SLUG },
    });
    expect(await countRows(t.db, emailOutbox)).toBe(0);

    // Pressed again: it is no longer held, so nothing more is sent.
    const again = await accept();
    expect((again as { init?: ResponseInit }).init?.status).toBe(404);
    expect(await countRows(t.db, webhookDeliveries)).toBe(1);
  });

  it("another account cannot accept or delete the owner's held share", async () => {
    await overTheCap(["Held One"]);
    const [one] = await held();
    for (const intent of ["accept-contact", "delete-contact"]) {
      const answer = await handleContactAction(
        contextFrom("10.80.0.2"),
        { id: "someone-else" } as never,
        one!.id,
        form({ intent }),
      );
      expect((answer as { init?: ResponseInit }).init?.status).toBe(404);
    }
    expect(await held()).toHaveLength(1);
    expect(await countRows(t.db, webhookDeliveries)).toBe(0);
  });

  it("deleting one removes it for good, sending nothing", async () => {
    await overTheCap(["Held One"]);
    const [one] = await held();
    await handleContactAction(
      contextFrom("10.80.0.3"),
      { id: OWNER } as never,
      one!.id,
      form({ intent: "delete-contact" }),
    );
    expect(await held()).toHaveLength(0);
    expect(await countRows(t.db, exchangedContacts)).toBe(0);
    expect(await countRows(t.db, webhookDeliveries)).toBe(0);
  });
});
