// A company's contacts through its routes on both databases: every contact shared from any of its cards, with a
// member filter and the exports, none of a member's personal ones; a member still sees their own; a contact a
// member collected stays with the company when they leave; an export is in the log.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, companyEvents, members } from "~/db/schema";
import { createCardPage } from "~/server/cards/cards.server";
import { insertContacts } from "../../../../tests/support/contacts";
import { answer, getRequest, postRequest } from "../../../../tests/support/routes";
import * as personalContacts from "../contacts";
import { type CompanyShop, companyRoutes, companyShop, invitationFor } from "./company-fixture";
import * as contacts from "./contacts";
import * as contactsExport from "./contacts-export";
import * as overview from "./overview";

let shop: CompanyShop;
let r: ReturnType<typeof companyRoutes>;
let slug: string;
let miasCard: string;
const BASE = "http://shop.test/dashboard";

beforeAll(async () => {
  shop = await companyShop("company-contacts");
  r = companyRoutes(shop);
  slug = (await r.createCompany(shop.olivia, { name: "Leads Co" })).location!.split("/").pop()!;
  await r.postPeople(shop.olivia.cookie, slug, { intent: "invite", email: "mia@example.com" });
  await r.answerInvitation(shop.mia.cookie, (await invitationFor(shop, "mia@example.com")).id, "accept");
  await answer(
    overview.action,
    postRequest(`${BASE}/company/${slug}`, { intent: "make-card" }, shop.mia.cookie),
    shop.context,
    { slug },
  );
  miasCard = (await shop.t.db.select().from(cardPages).where(eq(cardPages.ownerUserId, shop.mia.id)))[0]!.id;
  const personal = await createCardPage(shop.t.db, {
    name: "Mia Personal",
    slug: "mia-personal",
    password: "edit-pass-1",
    ownerUserId: shop.mia.id,
    links: [],
  });
  await insertContacts(shop.t.db, shop.mia.id, [
    { name: "Lead From Work", email: "lead@client.example", company: "Client Ltd", cardPageId: miasCard },
    { name: "Friend From Home", email: "friend@home.example", cardPageId: personal.id },
  ]);
});
afterAll(() => shop?.t.close());

const list = (cookie: string, query = "") =>
  answer(contacts.loader, getRequest(`${BASE}/company/${slug}/contacts${query}`, cookie), shop.context, {
    slug,
  });
const names = (a: { data: Record<string, unknown> }) =>
  (a.data.contacts as { name: string }[]).map((c) => c.name);

describe("a company's contacts", () => {
  it("lists the contacts of the company's cards only, filtered by member card", async () => {
    expect(names(await list(shop.olivia.cookie))).toEqual(["Lead From Work"]);
    expect(names(await list(shop.olivia.cookie, `?card=${miasCard}`))).toEqual(["Lead From Work"]);
    expect(names(await list(shop.olivia.cookie, "?q=client"))).toEqual(["Lead From Work"]);
    // A card that is not the company's is not found, as on a personal list.
    const personal = (await shop.t.db.select().from(cardPages).where(eq(cardPages.slug, "mia-personal")))[0]!;
    expect((await list(shop.olivia.cookie, `?card=${personal.id}`)).status).toBe(404);
  });

  it("is for owners and admins; the member still sees their own contacts, personal and company", async () => {
    expect((await list(shop.mia.cookie)).status).toBe(403);
    expect((await list(shop.otto.cookie)).status).toBe(404);
    const own = await answer(
      personalContacts.loader,
      getRequest(`${BASE}/contacts`, shop.mia.cookie),
      shop.context,
    );
    expect(names(own).sort()).toEqual(["Friend From Home", "Lead From Work"]);
  });

  it("exports them as CSV, recorded in the log", async () => {
    const csv = await answer(
      contactsExport.loader,
      getRequest(`${BASE}/company/${slug}/contacts/export.csv`, shop.olivia.cookie),
      shop.context,
      { slug },
    );
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.body).toContain("lead@client.example");
    expect(csv.body).not.toContain("friend@home.example");
    const log = await shop.t.db.select().from(companyEvents).where(eq(companyEvents.action, "exported"));
    expect(log).toMatchObject([{ subject: "the contacts as CSV" }]);
  });

  it("keeps a contact with the company when the member who collected it is removed", async () => {
    const [mia] = await shop.t.db.select().from(members).where(eq(members.userId, shop.mia.id));
    expect(
      (await r.postPeople(shop.olivia.cookie, slug, { intent: "remove", memberId: mia!.id })).status,
    ).toBe(302);
    expect(names(await list(shop.olivia.cookie))).toEqual(["Lead From Work"]);
  });
});
