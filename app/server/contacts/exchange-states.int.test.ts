// The 'Share your details' form follows the card's state: a paused, deleted, switched-off or ownerless card shows
// no form and a post to it writes nothing (no contact, no e-mail, no event, not even a rate-limit counter); a
// physical card turned off leads to no form from its chip address (docs/product.md#a-cards-states).
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cardPages, emailOutbox, exchangedContacts, rateLimits, users, webhookDeliveries } from "~/db/schema";
import { createCardPage, deleteCardPage } from "~/server/cards/cards.server";
import { cardPageCache } from "~/server/cards/page-cache.server";
import { createPhysicalCard, setPhysicalCardOff } from "~/server/cards/physical-cards.server";
import { routeContext } from "../../../tests/support/auth";
import { countRows, testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { addWebhookEndpoint } from "../webhooks/webhooks.server";
import { connectPage, connectPost } from "./connect-page.server";
import { formStamp, setContactExchange } from "./exchange.server";

let t: TestDb;
const config = testConfig("contact-exchange-states");
const ORIGIN = "http://shop.test";
const OWNER = "owner-states";
const context = () => routeContext(t.db, config, undefined as never, "10.7.0.1") as AppLoadContext;

const VALID = { name: "Sam Visitor", email: "sam@visitor.example", consent: "on", website: "" };

function post(slug: string) {
  const body = new URLSearchParams({
    ...VALID,
    stamp: formStamp(config.authSecret, slug, Date.now() - 5_000),
  });
  const request = new Request(`${ORIGIN}/${slug}/connect`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return connectPost(context(), request, slug);
}

const get = (slug: string) => connectPage(context(), new Request(`${ORIGIN}/${slug}/connect`), slug);

async function writes() {
  return {
    contacts: await countRows(t.db, exchangedContacts),
    emails: await countRows(t.db, emailOutbox),
    limits: await countRows(t.db, rateLimits),
    events: await countRows(t.db, webhookDeliveries),
  };
}

let n = 0;
/** A card of the owner's with the form on. */
async function cardWithForm(ownerUserId: string | null = OWNER) {
  const slug = `states-${++n}`;
  const card = await createCardPage(
    t.db,
    { name: "Jane Doe", slug, password: "jane-edit-1", ownerUserId: OWNER, links: [] },
    { announce: false },
  );
  await setContactExchange(t.db, OWNER, card.id, true);
  if (ownerUserId === null)
    await t.db.update(cardPages).set({ ownerUserId: null }).where(eq(cardPages.id, card.id));
  return { id: card.id, slug };
}

beforeAll(async () => {
  t = await createTestDb();
  await t.db
    .insert(users)
    .values({ id: OWNER, name: "Jane Owner", email: "jane@states.example", emailVerified: true });
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

describe("a card that takes no shares", () => {
  it("a paused card shows no form, and a post to it stores, e-mails and sends nothing", async () => {
    const card = await cardWithForm();
    // The form works while the card is live ...
    expect((await get(card.slug)).status).toBe(200);
    await t.db
      .update(cardPages)
      .set({ pausedAt: new Date(), pausedBy: "owner" })
      .where(eq(cardPages.id, card.id));

    // ... and not once it is paused, though the owner's switch is still on.
    const page = await get(card.slug);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).not.toContain("<form");
    expect(html).toContain("There is no form to share your details here.");

    const before = await writes();
    const res = await post(card.slug);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("<form");
    expect(await writes()).toEqual(before);
    expect(before.contacts).toBe(0);
  });

  it("a paused card's thanks page offers nothing of the owner's either", async () => {
    const card = await cardWithForm();
    await t.db
      .update(cardPages)
      .set({ pausedAt: new Date(), pausedBy: "shop" })
      .where(eq(cardPages.id, card.id));
    const thanks = await connectPage(
      context(),
      new Request(`${ORIGIN}/${card.slug}/connect?sent=1`),
      card.slug,
    );
    expect(thanks.status).toBe(404);
    expect(await thanks.text()).not.toContain("contact.vcf");
  });

  it("a deleted, switched-off or ownerless card shows no form, and a post to it writes nothing", async () => {
    const deleted = await cardWithForm();
    await deleteCardPage(t.db, deleted.id);
    const off = await cardWithForm();
    await setContactExchange(t.db, OWNER, off.id, false);
    const ownerless = await cardWithForm(null);

    for (const card of [deleted, off, ownerless]) {
      const page = await get(card.slug);
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain("<form");
      const before = await writes();
      expect((await post(card.slug)).status).toBe(404);
      expect(await writes()).toEqual(before);
    }
  });
});

describe("a physical card turned off", () => {
  it("its chip address answers 'This card is turned off' without a way to the form, while the page keeps it", async () => {
    const card = await cardWithForm();
    const chip = await createPhysicalCard(
      t.db,
      { cardPageId: card.id },
      { userId: null, label: "admin" },
      { announce: false },
    );
    const options = { db: t.db, publicUrl: ORIGIN, siteName: "TapCard", shared: false };
    const chipHtml = async () => {
      const entry = await cardPageCache.loadChip(options, chip.token);
      return gunzipSync(entry!.gzip).toString();
    };
    expect(await chipHtml()).toContain(`href="/${card.slug}/connect?s=nfc"`);

    await setPhysicalCardOff(t.db, chip.id, true, { userId: null, label: "owner" }, { cardPageId: card.id });
    const off = await chipHtml();
    expect(off).toContain("This card is turned off");
    expect(off).not.toContain("/connect");
    // The page itself stays live, and so does its form.
    expect((await get(card.slug)).status).toBe(200);
  });
});
