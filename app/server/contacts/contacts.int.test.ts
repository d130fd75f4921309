// Contacts through their routes: the list newest first in pages of 25, the search and card filter, one owner
// against another and the admin, a contact's page, and deleting for good.

import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { exchangedContacts } from "~/db/schema";
import * as vcardRoute from "~/routes/dashboard/contact-vcard";
import { insertContacts } from "../../../tests/support/contacts";
import {
  A,
  ADMIN,
  B,
  cardOf,
  cards,
  contactPage,
  contactPost,
  freshOwner,
  get,
  list,
  MINUTE,
  names,
  t,
} from "./contacts-fixture";

describe("the contact list", () => {
  it("shows the owner's contacts newest first, 25 a page, each with when, which card and how it was opened", async () => {
    const start = Date.now() - 100 * MINUTE;
    await insertContacts(
      t.db,
      A.id,
      Array.from({ length: 30 }, (_, i) => ({
        name: `Person ${String(i + 1).padStart(2, "0")}`,
        email: `person${i + 1}@example.com`,
        company: i % 3 === 0 ? "Acme Widgets" : null,
        cardPageId: i % 2 === 0 ? cards.first : cards.second,
        source: (["nfc", "qr", "link"] as const)[i % 3],
        createdAt: new Date(start + i * MINUTE),
      })),
    );
    const page1 = await list(A);
    expect(page1.status).toBe(200);
    expect(page1.list.total).toBe(30);
    expect(page1.list.pages).toBe(2);
    expect(page1.list.contacts).toHaveLength(25);
    expect(page1.list.contacts[0]).toMatchObject({
      name: "Person 30",
      card: `Ada Events (${cards.secondNumber})`,
      sourceLabel: "Link",
    });
    expect(names(page1.list).slice(0, 3)).toEqual(["Person 30", "Person 29", "Person 28"]);
    expect(page1.list.contacts.find((c) => c.name === "Person 29")).toMatchObject({
      card: `Ada Work (${cards.firstNumber})`,
      sourceLabel: "QR code",
    });
    const page2 = await list(A, "?page=2");
    expect(names(page2.list)).toEqual(["Person 05", "Person 04", "Person 03", "Person 02", "Person 01"]);
    // A page past the end shows the last one; nonsense shows the first.
    expect(names((await list(A, "?page=99")).list)).toEqual(names(page2.list));
    expect(names((await list(A, "?page=abc")).list)).toEqual(names(page1.list));
    // The owner's cards to filter by; another account's card is not among them.
    expect(page1.list.cards.map((c) => c.id).sort()).toEqual([cards.first, cards.second].sort());
  });

  it("searches name, e-mail and company in any case, and filters by one of the owner's cards", async () => {
    const { who, card } = await freshOwner();
    const other = await cardOf(who.id, "Second Card");
    await insertContacts(t.db, who.id, [
      { name: "Grace Hopper", email: "grace@navy.example", cardPageId: card.id },
      {
        name: "Alan Turing",
        email: "alan@bletchley.example",
        company: "Bletchley Park",
        cardPageId: other.id,
      },
      { name: "Percent Person", company: "100% Real", cardPageId: other.id },
      { name: "No Card Anymore", company: "Gone Ltd", cardPageId: null },
    ]);
    expect(names((await list(who, "?q=GRACE")).list)).toEqual(["Grace Hopper"]);
    expect(names((await list(who, "?q=bletchley.EXAMPLE")).list)).toEqual(["Alan Turing"]);
    expect(names((await list(who, "?q=park")).list)).toEqual(["Alan Turing"]);
    // LIKE's wildcards are text.
    expect(names((await list(who, "?q=%25")).list)).toEqual(["Percent Person"]);
    expect((await list(who, "?q=nobody")).list).toMatchObject({ total: 0, hasAny: true, filtered: true });
    expect(names((await list(who, `?card=${other.id}`)).list).sort()).toEqual([
      "Alan Turing",
      "Percent Person",
    ]);
    expect(names((await list(who, `?card=${other.id}&q=percent`)).list)).toEqual(["Percent Person"]);
    // A deleted card's contacts stay, shown as from a deleted card.
    expect((await list(who, "?q=gone")).list.contacts[0]).toMatchObject({ card: "Deleted card" });
    // A very long search is cut, not refused.
    const long = await list(who, `?q=${"g".repeat(50_000)}`);
    expect(long.status).toBe(200);
    expect(long.list.filters.q).toHaveLength(100);
    // Another account's card, or no card at all, is not found: nobody learns whether it exists.
    expect((await list(who, `?card=${cards.bobs}`)).status).toBe(404);
    expect((await list(who, "?card=not-an-id")).status).toBe(404);
  });

  it("shows the empty state to an owner with no contacts", async () => {
    const { who } = await freshOwner();
    expect((await list(who)).list).toMatchObject({ total: 0, hasAny: false, contacts: [] });
  });

  it("never shows one owner's contacts to another customer or the admin", async () => {
    for (const who of [B, ADMIN]) {
      const l = await list(who);
      expect(l.status).toBe(200);
      expect(JSON.stringify(l.data)).not.toContain("Person 30");
      expect((await list(who, "?q=Person")).list.total).toBe(0);
    }
  });
});

describe("a contact's page", () => {
  it("shows every field to its owner, and is not found for anyone else or a made-up id", async () => {
    const [c] = await insertContacts(t.db, A.id, [
      {
        name: "Zoë Field",
        email: "zoe@example.com",
        phone: "+44 7700 900123",
        company: "Fields, Meadows; Co",
        jobTitle: "Head of Hedges",
        note: "Met at the fair.\nCall after 3.",
        source: "qr",
        cardPageId: cards.first,
      },
    ]);
    const page = await contactPage(c!.id, A);
    expect(page.status).toBe(200);
    expect(page.data.contact).toMatchObject({
      name: "Zoë Field",
      email: "zoe@example.com",
      phone: "+44 7700 900123",
      company: "Fields, Meadows; Co",
      jobTitle: "Head of Hedges",
      note: "Met at the fair.\nCall after 3.",
      sourceLabel: "QR code",
      card: `Ada Work (${cards.firstNumber})`,
    });
    expect(page.data.prospect).toBeNull();
    for (const who of [B, ADMIN]) {
      expect((await contactPage(c!.id, who)).status).toBe(404);
      expect(
        (await get(vcardRoute.loader, `/dashboard/contacts/${c!.id}/contact.vcf`, who, { id: c!.id })).status,
      ).toBe(404);
    }
    expect((await contactPage(crypto.randomUUID(), A)).status).toBe(404);
    expect((await contactPage("../../etc", A)).status).toBe(404);

    const vcard = await get(vcardRoute.loader, `/dashboard/contacts/${c!.id}/contact.vcf`, A, { id: c!.id });
    expect(vcard.status).toBe(200);
    expect(vcard.headers.get("Content-Type")).toBe("text/vcard; charset=utf-8");
    // The name keeps its letters (filename*), with an ASCII one for clients that read only filename.
    expect(vcard.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Zoe-Field.vcf"; filename*=UTF-8''Zo%C3%AB-Field.vcf`,
    );
    const card = new ICAL.Component(ICAL.parse(vcard.body));
    expect(card.getFirstPropertyValue("fn")).toBe("Zoë Field");
    expect(card.getFirstPropertyValue("org")).toBe("Fields, Meadows; Co");
    expect(card.getFirstPropertyValue("title")).toBe("Head of Hedges");
    expect(card.getFirstPropertyValue("email")).toBe("zoe@example.com");
    expect(card.getFirstPropertyValue("tel")).toBe("+44 7700 900123");
    expect(card.getFirstPropertyValue("note")).toBe("Met at the fair.\nCall after 3.");
  });

  it("answers an unknown intent with 400 and changes nothing", async () => {
    const [c] = await insertContacts(t.db, A.id, [{ name: "Intent Check" }]);
    expect((await contactPost(c!.id, A, { intent: "make-it-mine" })).status).toBe(400);
    expect((await contactPost(c!.id, A, {})).status).toBe(400);
    expect(await t.db.select().from(exchangedContacts).where(eq(exchangedContacts.id, c!.id))).toHaveLength(
      1,
    );
  });
});

describe("deleting a contact", () => {
  it("asks first, then deletes it for good; nobody else can", async () => {
    const [c] = await insertContacts(t.db, A.id, [{ name: "Delete Me", email: "delete@example.com" }]);
    expect((await contactPage(c!.id, A, "?delete=1")).data.confirmingDelete).toBe(true);
    for (const who of [B, ADMIN]) {
      expect((await contactPost(c!.id, who, { intent: "delete-contact" })).status).toBe(404);
      expect((await contactPage(c!.id, who, "?delete=1")).status).toBe(404);
    }
    expect(await t.db.select().from(exchangedContacts).where(eq(exchangedContacts.id, c!.id))).toHaveLength(
      1,
    );
    const deleted = await contactPost(c!.id, A, { intent: "delete-contact" });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/dashboard/contacts");
    expect(await t.db.select().from(exchangedContacts).where(eq(exchangedContacts.id, c!.id))).toEqual([]);
    expect((await contactPage(c!.id, A)).status).toBe(404);
    expect((await contactPost(c!.id, A, { intent: "delete-contact" })).status).toBe(404);
  });
});
