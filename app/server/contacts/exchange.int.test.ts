// Contact exchange from the visitor's side: the form on /{slug}/connect, what a post stores and e-mails, and
// every way a post is refused without writing anything (honeypot, time stamp, limits, cards without the form).
import { and, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  cardPages,
  customerPreferences,
  emailOutbox,
  exchangedContacts,
  rateLimits,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from "~/db/schema";
import { ShareContactSchema } from "~/schemas/contact-exchange";
import { getCardPageBySlug } from "~/server/cards/card-reads.server";
import { createCardPage, deleteCardPage } from "~/server/cards/cards.server";
import { onCardPagesChanged } from "~/server/cards/changes.server";
import { renderCardPageHtml } from "~/server/cards/page-html.server";
import { routeContext } from "../../../tests/support/auth";
import { countRows, form, testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import { hitRateLimit } from "../platform/rate-limit.server";
import { addWebhookEndpoint } from "../webhooks/webhooks.server";
import { connectPage, connectPost, SHARE_REFUSED } from "./connect-page.server";
import {
  formStamp,
  handleContactExchangeToggle,
  OWNER_EMAILS_PER_HOUR,
  setContactExchange,
  shareContact,
} from "./exchange.server";
import { CONTACT_LIMITS } from "./limits.server";

let t: TestDb;
const config = testConfig("contact-exchange");
const ORIGIN = "http://shop.test";
let ownerId: string;
let cardId: string;
const SLUG = "jane-doe";
const OWNER_EMAIL = "jane.owner@example.com";

const contextFrom = (ip: string) => routeContext(t.db, config, undefined as never, ip) as AppLoadContext;

/** A stamp signed as if the form had been shown `ageMs` ago. */
const stamp = (slug = SLUG, ageMs = 5_000) => formStamp(config.authSecret, slug, Date.now() - ageMs);

const VALID = {
  name: "Sam Visitor",
  email: "Sam@Visitor.example",
  phone: "",
  company: "Visitor Ltd",
  jobTitle: "Buyer",
  note: "Met at the fair",
  consent: "on",
  website: "",
};

function post(slug: string, fields: Record<string, string>, ip = "10.1.0.1") {
  const request = new Request(`${ORIGIN}/${slug}/connect`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return connectPost(contextFrom(ip), request, slug);
}

const get = (path: string) =>
  connectPage(contextFrom("10.9.9.9"), new Request(`${ORIGIN}${path}`), path.split("/")[1]!);

/** Everything a post could write. */
async function writes() {
  return {
    contacts: await countRows(t.db, exchangedContacts),
    emails: await countRows(t.db, emailOutbox),
    limits: await countRows(t.db, rateLimits),
  };
}

beforeAll(async () => {
  t = await createTestDb();
  ownerId = "owner-jane";
  await t.db
    .insert(users)
    .values({ id: ownerId, name: "Jane Owner", email: OWNER_EMAIL, emailVerified: true });
  const card = await createCardPage(
    t.db,
    { name: "Jane Doe", slug: SLUG, password: "jane-edit-1", ownerUserId: ownerId, links: [] },
    { announce: false },
  );
  cardId = card.id;
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.delete(exchangedContacts);
  await t.db.delete(emailOutbox);
  await t.db.delete(rateLimits);
  await t.db.delete(customerPreferences);
  await setContactExchange(t.db, ownerId, cardId, true);
});

describe("the card page button", () => {
  it("shows 'Share your details with {name}' below 'Save contact' only while the switch is on, keeping the source", async () => {
    const render = async () =>
      renderCardPageHtml((await getCardPageBySlug(t.db, SLUG))!, {
        publicUrl: ORIGIN,
        siteName: "TapCard",
        source: "nfc",
      }).html;
    const on = await render();
    expect(on).toContain('href="/jane-doe/connect?s=nfc">Share your details with Jane Doe</a>');
    expect(on.indexOf("Save contact")).toBeLessThan(on.indexOf("Share your details"));
    expect(on).not.toMatch(/<script|<form/);
    expect(Buffer.byteLength(on)).toBeLessThan(14 * 1024);

    await setContactExchange(t.db, ownerId, cardId, false);
    expect(await render()).not.toContain("Share your details");
  });

  it("moves the card's version on and announces its slug when the owner switches it, and only for the owner", async () => {
    const version = async () =>
      (await t.db.select({ v: cardPages.version }).from(cardPages).where(eq(cardPages.id, cardId)))[0]!.v;
    const announced: string[][] = [];
    const stop = onCardPagesChanged((slugs) => announced.push(slugs));
    try {
      const before = await version();
      const answer = await handleContactExchangeToggle(
        t.db,
        { id: ownerId } as never,
        form({ intent: "contact-exchange", cardId, on: "false" }),
      );
      const [card] = await t.db.select().from(cardPages).where(eq(cardPages.id, cardId));
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).headers.get("Location")).toBe(`/dashboard/cards?card=${card!.cardNumber}`);
      expect(await version()).toBe(before + 1);
      expect(announced).toEqual([[SLUG]]);

      expect(await setContactExchange(t.db, "someone-else", cardId, true)).toBeNull();
      const [row] = await t.db.select().from(cardPages).where(eq(cardPages.id, cardId));
      expect(row).toMatchObject({ contactExchange: false, version: before + 1 });
    } finally {
      stop();
    }
  });
});

describe("the form", () => {
  it("asks for the fields with an unticked consent box linking to the privacy notice, and carries the source", async () => {
    const res = await get("/jane-doe/connect?s=qr");
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(res.headers.get("Content-Security-Policy")).toContain("form-action 'self'");
    const html = await res.text();
    expect(html).toContain("<h1>Share your details with Jane Doe</h1>");
    for (const label of ["Name", "E-mail", "Phone", "Company", "Job title", "Note"])
      expect(html).toContain(`>${label}`);
    expect(html).toContain('<input type="checkbox" name="consent">');
    expect(html).toContain(
      'I agree that Jane Doe may contact me and keep these details (<a href="/privacy">privacy notice</a>)',
    );
    expect(html).toContain('name="source" value="qr"');
    expect(html).not.toContain("<script");
  });

  it("defaults the source to link", async () => {
    expect(await (await get("/jane-doe/connect?s=bogus")).text()).toContain('name="source" value="link"');
  });

  it("shows no form for an unknown card, a card with the form off, and a deleted card", async () => {
    const unknown = await get("/no-such-card/connect");
    expect(unknown.status).toBe(404);
    const unknownHtml = await unknown.text();
    expect(unknownHtml).not.toContain("<form");

    await setContactExchange(t.db, ownerId, cardId, false);
    const off = await get("/jane-doe/connect");
    expect(off.status).toBe(404);
    expect(await off.text()).toBe(unknownHtml);
  });
});

describe("sharing details", () => {
  it("stores them for the owner with the source, e-mails the owner a link to the contact and thanks the visitor", async () => {
    const res = await post(SLUG, { ...VALID, stamp: stamp(), source: "qr" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`${ORIGIN}/jane-doe/connect?sent=1`);

    const [contact] = await t.db.select().from(exchangedContacts);
    expect(contact).toMatchObject({
      ownerUserId: ownerId,
      cardPageId: cardId,
      name: "Sam Visitor",
      email: "sam@visitor.example",
      phone: null,
      company: "Visitor Ltd",
      jobTitle: "Buyer",
      note: "Met at the fair",
      source: "qr",
      ownerEmail: "sent",
    });
    expect(contact!.consentedAt).toBeInstanceOf(Date);

    const mails = await t.db.select().from(emailOutbox);
    expect(mails.map((m) => m.to)).toEqual([OWNER_EMAIL]);
    expect(mails[0]!.subject).toBe("New contact: Sam Visitor");
    expect(mails[0]!.text).toContain(`${ORIGIN}/dashboard/contacts/${contact!.id}`);
    expect(mails[0]!.text).toContain("scanned your QR code");

    const thanks = await get("/jane-doe/connect?sent=1");
    const html = await thanks.text();
    expect(html).toContain("Thanks, Jane has your details");
    expect(html).toContain(
      `<a class="sv" href="/card/jane-doe/contact.vcf" download>Save Jane Doe's contact</a>`,
    );
  });

  it("queues one signed 'contact.created' event per endpoint of the owner, in the share's transaction", async () => {
    await t.db.delete(webhookEndpoints);
    await addWebhookEndpoint(t.db, ownerId, "https://hooks.example.com/in", {
      authSecret: config.authSecret,
      allowedHosts: [],
    });
    await post(SLUG, { ...VALID, stamp: stamp(), source: "nfc" });
    const [contact] = await t.db.select().from(exchangedContacts);
    const events = await t.db.select().from(webhookDeliveries);
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe("contact.created");
    const body = JSON.parse(events[0]!.body);
    expect(body).toMatchObject({
      type: "contact.created",
      id: events[0]!.eventId,
      data: {
        id: contact!.id,
        name: "Sam Visitor",
        company: "Visitor Ltd",
        source: "nfc",
        card: { slug: SLUG },
      },
    });
    // A refused post (the honeypot filled) queues nothing.
    await post(SLUG, { ...VALID, website: "http://spam.example", stamp: stamp() });
    expect(await countRows(t.db, webhookDeliveries)).toBe(1);
    await t.db.delete(webhookEndpoints);
  });

  it("never e-mails the address the visitor typed, only the owner", async () => {
    await post(SLUG, { ...VALID, email: "someone@else.example", stamp: stamp() });
    const mails = await t.db.select({ to: emailOutbox.to }).from(emailOutbox);
    expect(mails).toEqual([{ to: OWNER_EMAIL }]);
  });

  it("takes a phone number instead of an e-mail address", async () => {
    const res = await post(SLUG, { ...VALID, email: "", phone: "+44 (0)20 7946-0000", stamp: stamp() });
    expect(res.status).toBe(303);
    const [contact] = await t.db.select().from(exchangedContacts);
    expect(contact).toMatchObject({ email: null, phone: "+44 (0)20 7946-0000", source: "link" });
  });

  it("shows each error beside its field, keeps what was typed, and stores nothing", async () => {
    const before = await writes();
    const res = await post(SLUG, {
      ...VALID,
      name: "",
      email: "",
      phone: "",
      company: "Kept & Co",
      note: "x".repeat(501),
      consent: "",
      stamp: stamp(),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<p class="er" id="f-name-error">Name is required</p>');
    expect(html).toContain('<p class="er" id="f-email-error">Enter an e-mail address or a phone number</p>');
    expect(html).toContain('<p class="er" id="f-note-error">Note must be at most 500 characters</p>');
    expect(html).toContain('<p class="er" id="f-consent-error">Please tick the box to agree</p>');
    expect(html).toMatch(/id="f-name"[^>]*aria-invalid="true"[^>]*aria-describedby="f-name-error"/);
    expect(html).toContain('value="Kept &amp; Co"');
    expect(await writes()).toEqual(before);

    // The form's time stamp is kept: correcting a field does not mean waiting again.
    const kept = stamp();
    const corrected = await post(SLUG, { ...VALID, consent: "", stamp: kept });
    expect(await corrected.text()).toContain(`name="stamp" value="${kept}"`);

    const bad = await post(SLUG, { ...VALID, email: "not-an-address", phone: "call me", stamp: stamp() });
    const badHtml = await bad.text();
    expect(badHtml).toContain("Invalid email address");
    expect(badHtml).toContain("Invalid phone number");
    expect(badHtml).toContain('value="not-an-address"');
  });

  it("refuses every over-long field by its length alone, with the field's message", () => {
    const long = "a".repeat(100_000);
    for (const [field, message] of [
      ["name", "Name must be at most 100 characters"],
      ["email", "Invalid email address"],
      ["phone", "Invalid phone number"],
      ["company", "Company must be at most 100 characters"],
      ["jobTitle", "Job title must be at most 100 characters"],
    ] as const) {
      const result = ShareContactSchema.safeParse({ ...VALID, [field]: `${long}@x.example` });
      // One report for the field: no pattern behind the cap read the long text (it would have reported too).
      const issues = result.error?.issues.filter((i) => i.path[0] === field) ?? [];
      expect({ field, messages: issues.map((i) => i.message) }).toEqual({ field, messages: [message] });
    }
  });
});

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
  const card = { id: "", slug: SLUG, name: "Jane Doe", ownerUserId: "" };
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
