// Contacts through their routes: the list newest first in pages of 25, the search and card filter, one owner
// against another and the admin, a contact's page and vCard, 'Add to prospects' once (also when clicked twice at
// the same moment) within the prospect quota, deleting for good, the exports read back (the CSV through the
// Prospects import itself), the Home figure, and the account's deletion taking its contacts with it.

import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchangedContacts, prospects } from "~/db/schema";
import * as prospectsRoute from "~/routes/dashboard/cold-calling/prospects";
import * as contactRoute from "~/routes/dashboard/contact";
import * as vcardRoute from "~/routes/dashboard/contact-vcard";
import * as listRoute from "~/routes/dashboard/contacts";
import * as csvRoute from "~/routes/dashboard/contacts-csv";
import * as vcfRoute from "~/routes/dashboard/contacts-vcf";
import * as homeRoute from "~/routes/dashboard/home";
import * as accountRoute from "~/routes/dashboard/settings/account";
import { PROSPECT_QUOTAS } from "~/schemas/prospect-options";
import { toCsv } from "~/utils/csv";
import { adminCookieFor, routeContext, testAuth, verifiedCustomer } from "../../../tests/support/auth";
import { insertContacts } from "../../../tests/support/contacts";
import { answer, getRequest, postRequest } from "../../../tests/support/routes";
import { testConfig } from "../../../tests/support/shop";
import { createTestDb, type TestDb } from "../../../tests/support/test-db";
import type { Auth } from "../accounts/auth.server";
import { createCardPage } from "../cards/cards.server";
import { listBusinessTypes } from "../cold-calling/business-lists.server";
import { PROSPECTS_FULL } from "../cold-calling/prospect-quotas.server";
import { addContactToProspects } from "./contact-to-prospect.server";

const ORIGIN = "http://shop.test";
const MINUTE = 60_000;

let t: TestDb;
let auth: Auth;
let context: AppLoadContext;
type Who = { id: string; cookie: string };
const A: Who = { id: "", cookie: "" };
const B: Who = { id: "", cookie: "" };
const ADMIN: Who = { id: "", cookie: "" };
const cards = { first: "", second: "", firstNumber: "", secondNumber: "", bobs: "" };

let seq = 0;
async function customer(name: string) {
  return verifiedCustomer(auth, t.db, name, `contacts-${++seq}@example.com`);
}

async function cardOf(ownerUserId: string, name: string) {
  return createCardPage(
    t.db,
    { name, slug: `contacts-card-${++seq}`, password: "edit-pass-1", ownerUserId, links: [] },
    { announce: false },
  );
}

beforeAll(async () => {
  t = await createTestDb();
  const config = testConfig("contacts");
  auth = testAuth(t.db, config);
  context = routeContext(t.db, config, auth);
  Object.assign(A, await customer("Ada Owner"));
  Object.assign(B, await customer("Ben Other"));
  ADMIN.cookie = await adminCookieFor(auth, t.db);
  const first = await cardOf(A.id, "Ada Work");
  const second = await cardOf(A.id, "Ada Events");
  Object.assign(cards, {
    first: first.id,
    second: second.id,
    firstNumber: first.cardNumber,
    secondNumber: second.cardNumber,
    bobs: (await cardOf(B.id, "Ben Card")).id,
  });
});
afterAll(() => t?.close());

const get = (run: (args: never) => unknown, path: string, who: Who, params: Record<string, string> = {}) =>
  answer(run, getRequest(`${ORIGIN}${path}`, who.cookie), context, params);
const post = (
  run: (args: never) => unknown,
  path: string,
  who: Who,
  fields: Record<string, string>,
  params: Record<string, string> = {},
) => answer(run, postRequest(`${ORIGIN}${path}`, fields, who.cookie), context, params);

const contactPage = (id: string, who: Who, query = "") =>
  get(contactRoute.loader, `/dashboard/contacts/${id}${query}`, who, { id });
const contactPost = (id: string, who: Who, fields: Record<string, string>) =>
  post(contactRoute.action, `/dashboard/contacts/${id}`, who, fields, { id });

type ListData = Awaited<ReturnType<typeof listRoute.loader>>;
const list = async (who: Who, query = "") => {
  const a = await get(listRoute.loader, `/dashboard/contacts${query}`, who);
  return { ...a, list: a.data as unknown as ListData };
};
const names = (l: ListData) => l.contacts.map((c) => c.name);

/** A fresh owner with their own card, so each test's counts are its own. */
async function freshOwner() {
  const who = await customer("Fresh Owner");
  const card = await cardOf(who.id, "Fresh Card");
  return { who, card };
}

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

describe("Add to prospects", () => {
  const prospectsOf = (userId: string) => t.db.select().from(prospects).where(eq(prospects.userId, userId));

  it("copies the contact into Cold Calling once; a second click says it is there and links to it", async () => {
    const { who, card } = await freshOwner();
    const [c] = await insertContacts(t.db, who.id, [
      {
        name: "Ravi Shah",
        email: "Ravi@Example.com",
        phone: "+44 20 7946 0111",
        company: "Shah Bakery",
        cardPageId: card.id,
      },
    ]);
    const page = await contactPage(c!.id, who);
    // No prospects yet: the first type the shop lists is preselected.
    const firstType = (await listBusinessTypes(t.db))[0]!.id;
    expect(page.data.defaultType).toBe(firstType);
    const added = await contactPost(c!.id, who, { intent: "add-to-prospects", businessType: "retail" });
    expect(added.status).toBe(200);
    const [p, ...more] = await prospectsOf(who.id);
    expect(more).toEqual([]);
    expect(p).toMatchObject({
      businessName: "Shah Bakery",
      contactName: "Ravi Shah",
      phone: "+44 20 7946 0111",
      email: "ravi@example.com",
      businessType: "retail",
      status: "not_contacted",
    });
    expect((await contactPage(c!.id, who)).data.prospect).toMatchObject({
      id: p!.id,
      businessName: "Shah Bakery",
    });

    const again = await contactPost(c!.id, who, { intent: "add-to-prospects", businessType: "retail" });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({
      error: "This contact is already in your prospects.",
      prospectId: p!.id,
    });
    expect(await prospectsOf(who.id)).toHaveLength(1);
    // Now the owner mostly calls retail: that is preselected for the next contact.
    const [next] = await insertContacts(t.db, who.id, [{ name: "Solo Person", email: "solo@example.com" }]);
    expect((await contactPage(next!.id, who)).data.defaultType).toBe("retail");
    // Without a company the person is the business.
    expect((await contactPost(next!.id, who, { intent: "add-to-prospects" })).status).toBe(200);
    expect((await prospectsOf(who.id)).find((x) => x.contactName === "Solo Person")).toMatchObject({
      businessName: "Solo Person",
      businessType: "retail",
    });
  });

  it("adds one prospect when the button is pressed twice at the same moment", async () => {
    const { who } = await freshOwner();
    const [c] = await insertContacts(t.db, who.id, [{ name: "Twice Clicked", phone: "020 7946 0222" }]);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => contactPost(c!.id, who, { intent: "add-to-prospects" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await prospectsOf(who.id)).toHaveLength(1);
    // The same straight at the module, where nothing before the write spreads the calls apart.
    const [d] = await insertContacts(t.db, who.id, [{ name: "Raced Again", phone: "020 7946 0223" }]);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => addContactToProspects(t.db, who.id, d!.id, "retail")),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(await prospectsOf(who.id)).toHaveLength(2);
  });

  it("links to the prospect already there with the same name and phone instead of making a second", async () => {
    const { who } = await freshOwner();
    const [existing] = await t.db
      .insert(prospects)
      .values({
        userId: who.id,
        businessName: "CORNER CAFE",
        phone: "02079460333",
        businessType: "restaurant",
      })
      .returning();
    const [c] = await insertContacts(t.db, who.id, [
      { name: "Cafe Owner", company: "Corner Cafe", phone: "020 7946 0333" },
    ]);
    const a = await contactPost(c!.id, who, { intent: "add-to-prospects" });
    expect(a.status).toBe(409);
    expect(a.data).toMatchObject({ prospectId: existing!.id });
    expect(await prospectsOf(who.id)).toHaveLength(1);
    expect((await contactPage(c!.id, who)).data.prospect).toMatchObject({ id: existing!.id });
  });

  it("keeps to the prospect quota and refuses an unknown business type", async () => {
    const { who } = await freshOwner();
    const [c] = await insertContacts(t.db, who.id, [{ name: "One Too Many", email: "more@example.com" }]);
    const badType = await contactPost(c!.id, who, { intent: "add-to-prospects", businessType: "spaceships" });
    expect(badType.status).toBe(400);
    expect(badType.data).toMatchObject({ error: "Choose a business type" });
    await t.db.execute(sql`
      insert into prospects (user_id, business_name, business_type)
      select ${who.id}, 'Prospect ' || g, 'retail' from generate_series(1, ${PROSPECT_QUOTAS.prospects}) g`);
    const full = await contactPost(c!.id, who, { intent: "add-to-prospects" });
    expect(full.status).toBe(409);
    expect(full.data).toMatchObject({ error: PROSPECTS_FULL });
    expect(await prospectsOf(who.id)).toHaveLength(PROSPECT_QUOTAS.prospects);
    expect((await contactPage(c!.id, who)).data.prospect).toBeNull();
  });

  it("is not found for another customer or the admin, and adds nothing to anyone", async () => {
    const [c] = await insertContacts(t.db, A.id, [{ name: "Private Person", email: "private@example.com" }]);
    for (const who of [B, ADMIN]) {
      const a = await contactPost(c!.id, who, { intent: "add-to-prospects" });
      expect(a.status).toBe(404);
      expect(JSON.stringify(a.data)).not.toContain("Private Person");
    }
    const copies = await t.db.select().from(prospects).where(eq(prospects.contactName, "Private Person"));
    expect(copies).toEqual([]);
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

describe("the exports", () => {
  it("writes CSV with formulas neutralised that imports into Prospects through the import itself", async () => {
    const { who, card } = await freshOwner();
    const base = Date.now() - 10 * MINUTE;
    await insertContacts(t.db, who.id, [
      {
        name: '=HYPERLINK("http://evil.example")',
        email: "formula@example.com",
        company: "Formula, Inc",
        cardPageId: card.id,
        createdAt: new Date(base),
      },
      {
        name: "Phone Only",
        phone: "+44 7700 900456",
        jobTitle: "Buyer",
        note: 'Said "hi"\nand left',
        source: "link",
        cardPageId: card.id,
        createdAt: new Date(base + MINUTE),
      },
      { name: "Other Card Person", email: "other@example.com", createdAt: new Date(base + 2 * MINUTE) },
    ]);
    const all = await get(csvRoute.loader, "/dashboard/contacts/export.csv", who);
    expect(all.status).toBe(200);
    expect(all.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(all.headers.get("Content-Disposition")).toBe('attachment; filename="contacts.csv"');
    const rows = parse(all.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.contact_name)).toEqual([
      "Other Card Person",
      "Phone Only",
      '\'=HYPERLINK("http://evil.example")',
    ]);
    expect(rows[1]).toMatchObject({
      business_name: "Phone Only",
      phone: "+44 7700 900456",
      job_title: "Buyer",
      note: 'Said "hi"\nand left',
      card: `Fresh Card (${card.cardNumber})`,
      source: "Link",
      // Never added to prospects: the owner has chosen no business type for it.
      business_type: "",
    });
    expect(rows[0]).toMatchObject({ card: "Deleted card", source: "NFC tap" });
    expect(rows[2]).toMatchObject({ business_name: "Formula, Inc", email: "formula@example.com" });

    // The filtered export holds only what the page shows.
    const filtered = await get(
      csvRoute.loader,
      `/dashboard/contacts/export.csv?card=${card.id}&q=phone`,
      who,
    );
    expect(
      (parse(filtered.body, { columns: true }) as Record<string, string>[]).map((r) => r.contact_name),
    ).toEqual(["Phone Only"]);
    // Another owner's card is not found; another owner's export holds none of these.
    expect((await get(csvRoute.loader, `/dashboard/contacts/export.csv?card=${card.id}`, B)).status).toBe(
      404,
    );
    expect((await get(csvRoute.loader, "/dashboard/contacts/export.csv", B)).body).not.toContain(
      "Phone Only",
    );

    // Round trip: the owner fills in the business types, and the file goes into Prospects through the Prospects
    // tab's import, with every other cell as it was.
    const firstType = (await listBusinessTypes(t.db))[0]!.id;
    const typed = toCsv(
      Object.keys(rows[0]!),
      rows.map((r) => Object.values({ ...r, business_type: firstType })),
    );
    const form = new FormData();
    form.set("intent", "import-csv");
    form.set("file", new File([typed], "contacts.csv", { type: "text/csv" }));
    const imported = await answer(
      prospectsRoute.action,
      new Request(`${ORIGIN}/dashboard/cold-calling/prospects`, {
        method: "POST",
        headers: { Cookie: who.cookie },
        body: form,
      }),
      context,
    );
    expect(imported.status).toBe(200);
    expect(imported.data).toMatchObject({ report: { imported: 3, refusedCount: 0 } });
    const made = await t.db.select().from(prospects).where(eq(prospects.userId, who.id));
    expect(made.map((p) => p.contactName).sort()).toEqual(
      ['=HYPERLINK("http://evil.example")', "Other Card Person", "Phone Only"].sort(),
    );
    expect(made.find((p) => p.contactName === "Phone Only")).toMatchObject({
      businessName: "Phone Only",
      phone: "+44 7700 900456",
      businessType: firstType,
    });
  });

  it("writes one .vcf with every contact, or the filtered ones, that a contacts app reads", async () => {
    const { who, card } = await freshOwner();
    await insertContacts(t.db, who.id, [
      { name: "First Vcard", email: "first@example.com", company: "One; Two", cardPageId: card.id },
      { name: "Second Vcard", phone: "+44 7700 900789", jobTitle: "Chef, Head", cardPageId: null },
    ]);
    const all = await get(vcfRoute.loader, "/dashboard/contacts/export.vcf", who);
    expect(all.status).toBe(200);
    expect(all.headers.get("Content-Disposition")).toBe('attachment; filename="contacts.vcf"');
    const parsed = ICAL.parse(all.body) as unknown[];
    const vcards = (Array.isArray(parsed[0]) ? parsed : [parsed]).map(
      (jcal) => new ICAL.Component(jcal as unknown[]),
    );
    expect(vcards.map((v) => v.getFirstPropertyValue("fn")).sort()).toEqual(["First Vcard", "Second Vcard"]);
    const second = vcards.find((v) => v.getFirstPropertyValue("fn") === "Second Vcard")!;
    expect(second.getFirstPropertyValue("title")).toBe("Chef, Head");
    expect(second.getFirstPropertyValue("tel")).toBe("+44 7700 900789");
    expect(
      vcards.find((v) => v.getFirstPropertyValue("fn") === "First Vcard")!.getFirstPropertyValue("org"),
    ).toBe("One; Two");
    const one = await get(vcfRoute.loader, `/dashboard/contacts/export.vcf?card=${card.id}`, who);
    expect(one.body.match(/BEGIN:VCARD/g)).toHaveLength(1);
    expect((await get(vcfRoute.loader, "/dashboard/contacts/export.vcf", B)).body).not.toContain("Vcard");
  });
});

describe("the Home figure", () => {
  it("counts the contacts of the last 30 days", async () => {
    const { who } = await freshOwner();
    const day = 24 * 60 * MINUTE;
    await insertContacts(t.db, who.id, [
      { name: "Today", createdAt: new Date() },
      { name: "Last Week", createdAt: new Date(Date.now() - 7 * day) },
      { name: "Long Ago", createdAt: new Date(Date.now() - 45 * day) },
    ]);
    const home = await get(homeRoute.loader, "/dashboard", who);
    expect(home.data.newContacts).toBe(2);
    expect((await get(homeRoute.loader, "/dashboard", B)).data.newContacts).toBe(0);
  });
});

describe("deleting the account", () => {
  it("deletes its contacts and leaves other accounts' alone", async () => {
    const { who, card } = await freshOwner();
    await insertContacts(t.db, who.id, [
      { name: "Goes With Owner", cardPageId: card.id },
      { name: "Also Goes", cardPageId: null },
    ]);
    const [kept] = await insertContacts(t.db, B.id, [{ name: "Stays With Ben", cardPageId: cards.bobs }]);
    const deleted = await post(accountRoute.action, "/dashboard/settings/account", who, {
      intent: "delete-account",
      password: "customer-pass-1",
      confirm: "on",
    });
    expect(deleted.status).toBe(302);
    expect(
      await t.db.select().from(exchangedContacts).where(eq(exchangedContacts.ownerUserId, who.id)),
    ).toEqual([]);
    const names = (await t.db.select({ name: exchangedContacts.name }).from(exchangedContacts)).map(
      (r) => r.name,
    );
    expect(names).not.toContain("Goes With Owner");
    expect(names).not.toContain("Also Goes");
    expect(
      await t.db.select().from(exchangedContacts).where(eq(exchangedContacts.id, kept!.id)),
    ).toHaveLength(1);
  });
});
