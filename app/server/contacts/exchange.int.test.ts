// Contact exchange from the visitor's side: the card page's button, the form on /{slug}/connect, and what a post
// stores and sends.

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cardPages, emailOutbox, exchangedContacts, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { ShareContactSchema } from "~/schemas/contact-exchange";
import { getCardPageBySlug } from "~/server/cards/card-reads.server";
import { onCardPagesChanged } from "~/server/cards/changes.server";
import { renderCardPageHtml } from "~/server/cards/page-html.server";
import { countRows, form } from "../../../tests/support/shop";
import { addWebhookEndpoint } from "../webhooks/webhooks.server";
import { handleContactExchangeToggle, setContactExchange } from "./exchange.server";
import {
  cardId,
  config,
  get,
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
