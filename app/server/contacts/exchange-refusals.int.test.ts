// Contact exchange refused without writing anything (honeypot, time stamp, limits, cards without the form), and
// the e-mail the card's owner gets.

import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerPreferences, emailOutbox, exchangedContacts } from "~/db/schema";
import { ShareContactSchema } from "~/schemas/contact-exchange";
import { createCardPage, deleteCardPage } from "~/server/cards/cards.server";
import { countRows } from "../../../tests/support/shop";
import { hitRateLimit } from "../platform/rate-limit.server";
import { SHARE_REFUSED } from "./connect-page.server";
import { OWNER_EMAILS_PER_HOUR, setContactExchange, shareContact } from "./exchange.server";
import {
  cardId,
  ORIGIN,
  OWNER_EMAIL,
  ownerId,
  post,
  SLUG,
  stamp,
  t,
  VALID,
  writes,
} from "./exchange-fixture";
import { CONTACT_LIMITS } from "./limits.server";

describe("abuse", () => {
  it("drops a post whose hidden honeypot is filled: the same answer as a share, nothing stored or sent", async () => {
    const before = await writes();
    const res = await post(SLUG, { ...VALID, website: "https://spam.example", stamp: stamp() });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${ORIGIN}/jane-doe/connect?sent=1`);
    expect(await writes()).toEqual(before);
  });

  it("refuses a post sent less than 2 seconds after the form was shown, keeping what was typed", async () => {
    const before = await writes();
    const res = await post(SLUG, { ...VALID, stamp: stamp(SLUG, 500) });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(SHARE_REFUSED.tooFast);
    expect(html).toContain('value="Sam Visitor"');
    expect(await writes()).toEqual(before);
  });

  it("refuses a form older than a day, a forged or missing stamp, and one signed for another card", async () => {
    const before = await writes();
    for (const s of [
      stamp(SLUG, 24 * 60 * 60 * 1000 + 1_000),
      `${Date.now() - 5_000}.${"A".repeat(43)}`,
      "",
      stamp("someone-else"),
      "9".repeat(100_000),
    ]) {
      const res = await post(SLUG, { ...VALID, stamp: s });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(SHARE_REFUSED.expired);
    }
    expect(await writes()).toEqual(before);
  });

  it("allows 5 shares an hour from one address, then refuses it while others still get through", async () => {
    for (let i = 0; i < CONTACT_LIMITS.shareContactPerAddress.max; i++)
      expect((await post(SLUG, { ...VALID, stamp: stamp() }, "10.2.0.1")).status).toBe(303);
    const refused = await post(SLUG, { ...VALID, stamp: stamp() }, "10.2.0.1");
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(html).toContain(SHARE_REFUSED.tooMany);
    expect(html).toContain('value="Sam Visitor"');
    expect(await countRows(t.db, exchangedContacts)).toBe(5);
    expect((await post(SLUG, { ...VALID, stamp: stamp() }, "10.2.0.2")).status).toBe(303);
    expect(await countRows(t.db, exchangedContacts)).toBe(6);
  });

  it("takes 100 shares a day on one card as contacts, whatever the addresses, and holds the next for review", async () => {
    for (let i = 0; i < CONTACT_LIMITS.shareContactPerCard.max - 1; i++)
      await hitRateLimit(t.db, `share-contact:card:${cardId}`, CONTACT_LIMITS.shareContactPerCard);
    expect((await post(SLUG, { ...VALID, stamp: stamp() }, "10.3.0.1")).status).toBe(303);
    expect((await post(SLUG, { ...VALID, stamp: stamp() }, "10.3.0.2")).status).toBe(303);
    const rows = await t.db.select({ held: exchangedContacts.heldForReview }).from(exchangedContacts);
    expect(rows.map((r) => r.held).sort()).toEqual([false, true]);
  });

  it("changes nothing for a post to an unknown card, a card with the form off or a deleted card", async () => {
    const before = await writes();
    const unknown = await post("no-such-card", { ...VALID, stamp: stamp("no-such-card") });
    expect(unknown.status).toBe(404);
    const unknownHtml = await unknown.text();

    await setContactExchange(t.db, ownerId, cardId, false);
    const off = await post(SLUG, { ...VALID, stamp: stamp() });
    expect(off.status).toBe(404);
    expect(await off.text()).toBe(unknownHtml);

    const gone = await createCardPage(
      t.db,
      { name: "Gone Soon", slug: "gone-soon", password: "gone-edit-1", ownerUserId: ownerId, links: [] },
      { announce: false },
    );
    await setContactExchange(t.db, ownerId, gone.id, true);
    await deleteCardPage(t.db, gone.id);
    const deleted = await post("gone-soon", { ...VALID, stamp: stamp("gone-soon") });
    expect(deleted.status).toBe(404);
    expect(await deleted.text()).toBe(unknownHtml);

    expect(await writes()).toEqual(before);
  });
});

describe("the owner's e-mail", () => {
  const card = { id: "", slug: SLUG, name: "Jane Doe", ownerUserId: "", organizationId: null };
  const share = (name: string) =>
    shareContact(t.db, {
      card: { ...card, id: cardId, ownerUserId: ownerId },
      input: ShareContactSchema.parse({ ...VALID, name }),
      source: "nfc",
      publicUrl: ORIGIN,
      shopName: "TapCard",
    });
  const ownerMails = () => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, OWNER_EMAIL));

  it(`sends at most ${OWNER_EMAILS_PER_HOUR} an hour, even for shares sent at once, and sums up the rest in the next one`, async () => {
    await Promise.all(Array.from({ length: 25 }, (_, i) => share(`Visitor ${i}`)));
    expect(await countRows(t.db, exchangedContacts)).toBe(25);
    expect(await ownerMails()).toHaveLength(OWNER_EMAILS_PER_HOUR);

    // Still within the hour: held, not sent.
    await share("Visitor 25");
    expect(await ownerMails()).toHaveLength(OWNER_EMAILS_PER_HOUR);

    // An hour later the next share is e-mailed, and says how many more arrived meanwhile.
    await t.db
      .update(exchangedContacts)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(exchangedContacts.ownerUserId, ownerId));
    await share("Visitor 26");
    const mails = await ownerMails();
    expect(mails).toHaveLength(OWNER_EMAILS_PER_HOUR + 1);
    const last = mails.find((m) => m.subject === "New contact: Visitor 26")!;
    expect(last.text).toContain("6 more contacts arrived since our last e-mail");

    // Counted once: the one after says nothing more.
    await share("Visitor 27");
    const next = (await ownerMails()).find((m) => m.subject === "New contact: Visitor 27")!;
    expect(next.text).not.toContain("more contact");
    const held = await t.db
      .select()
      .from(exchangedContacts)
      .where(and(eq(exchangedContacts.ownerUserId, ownerId), eq(exchangedContacts.ownerEmail, "held")));
    expect(held).toEqual([]);
  });

  it("sends none when the owner turned new contact e-mails off, and the contact is still stored", async () => {
    await t.db.insert(customerPreferences).values({ userId: ownerId, newContactEmails: false });
    const res = await post(SLUG, { ...VALID, stamp: stamp() });
    expect(res.status).toBe(303);
    expect(await countRows(t.db, exchangedContacts)).toBe(1);
    expect(await countRows(t.db, emailOutbox)).toBe(0);
  });

  it("sends none when the owner turned all non-essential e-mail off", async () => {
    await t.db.insert(customerPreferences).values({ userId: ownerId, emailNotifications: false });
    await share("Visitor");
    expect(await countRows(t.db, exchangedContacts)).toBe(1);
    expect(await countRows(t.db, emailOutbox)).toBe(0);
  });
});
