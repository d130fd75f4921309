// A company's analytics per member through its routes on both databases: each company card's views by source, link
// clicks and contacts within the range chosen (nothing from before it, nothing of a member's personal card), a
// member who left kept under their page's name, the CSV with the same figures and its export in the log; for owners
// and admins only.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardViewsDaily, companyEvents, exchangedContacts, linkClicksDaily, pageLinks } from "~/db/schema";
import { createCardPage } from "~/server/cards/cards.server";
import { COMPANY_ANALYTICS_CSV_HEADER } from "~/server/cards/company-analytics.server";
import { addDays, utcDay } from "~/utils/dates";
import { answer, getRequest, postRequest } from "../../../../tests/support/routes";
import * as analytics from "./analytics";
import * as analyticsCsv from "./analytics-csv";
import { type CompanyShop, companyRoutes, companyShop, invitationFor, type Person } from "./company-fixture";
import * as overview from "./overview";

let shop: CompanyShop;
let slug: string;
const BASE = "http://shop.test/dashboard/company";
const today = utcDay();

async function cardOf(p: Person) {
  await answer(
    overview.action,
    postRequest(`${BASE}/${slug}`, { intent: "make-card" }, p.cookie),
    shop.context,
    {
      slug,
    },
  );
  return (await answer(overview.loader, getRequest(`${BASE}/${slug}`, p.cookie), shop.context, { slug })).data
    .card as { id: string; cardNumber: string };
}

async function activity(cardPageId: string, ownerUserId: string, views: Record<string, number>, day = today) {
  for (const [source, count] of Object.entries(views))
    await shop.t.db.insert(cardViewsDaily).values({ cardPageId, day, source: source as "nfc", count });
  const [link] = await shop.t.db
    .insert(pageLinks)
    .values({ cardPageId, title: "Site", url: "https://example.com/", sortOrder: 0 })
    .returning();
  await shop.t.db
    .insert(linkClicksDaily)
    .values({ linkId: link!.id, cardPageId, day, source: "nfc", count: 2 });
  await shop.t.db.insert(exchangedContacts).values({
    ownerUserId,
    cardPageId,
    name: "Lead",
    source: "nfc",
    consentedAt: new Date(`${day}T12:00:00Z`),
    createdAt: new Date(`${day}T12:00:00Z`),
  });
}

beforeAll(async () => {
  shop = await companyShop("company-analytics");
  const r = companyRoutes(shop);
  slug = (await r.createCompany(shop.olivia, { name: "Stats Co" })).location!.split("/").pop()!;
  for (const p of [shop.mia, shop.adam]) {
    await r.postPeople(shop.olivia.cookie, slug, { intent: "invite", email: p.email, role: "member" });
    await r.answerInvitation(p.cookie, (await invitationFor(shop, p.email)).id, "accept");
  }
  const mia = await cardOf(shop.mia);
  const adam = await cardOf(shop.adam);
  await activity(mia.id, shop.mia.id, { nfc: 5, qr: 2, link: 1 });
  // Before the 7-day range: in the 30 days, not in the 7.
  await activity(mia.id, shop.mia.id, { nfc: 10 }, addDays(today, -20));
  await activity(adam.id, shop.adam.id, { qr: 3 });
  // Adam leaves: his card stays in the figures under its page's name.
  await r.leave(shop.adam.cookie, slug);
  // A personal card of Mia's is not the company's.
  const own = await createCardPage(shop.t.db, {
    name: "Mia Personal",
    slug: "mia-personal-stats",
    password: "a personal password",
    ownerUserId: shop.mia.id,
    links: [],
  });
  await shop.t.db.insert(cardViewsDaily).values({ cardPageId: own.id, day: today, source: "nfc", count: 99 });
});
afterAll(() => shop?.t.close());

const load = (cookie: string, query = "") =>
  answer(analytics.loader, getRequest(`${BASE}/${slug}/analytics${query}`, cookie), shop.context, { slug });

describe("a company's analytics", () => {
  it("gives each company card's views by source, clicks and contacts within the range", async () => {
    const week = (await load(shop.olivia.cookie, "?range=7")).data.rows as Record<string, unknown>[];
    expect(week).toEqual([
      expect.objectContaining({
        member: "Adam (left)",
        views: 3,
        nfc: 0,
        qr: 3,
        link: 0,
        clicks: 2,
        contacts: 1,
      }),
      expect.objectContaining({ member: "Mia", views: 8, nfc: 5, qr: 2, link: 1, clicks: 2, contacts: 1 }),
    ]);
    const month = (await load(shop.olivia.cookie, "?range=30")).data.rows as Record<string, unknown>[];
    expect(month[1]).toMatchObject({ member: "Mia", views: 18, nfc: 15, clicks: 4, contacts: 2 });
  });

  it("refuses a range it does not offer", async () => {
    expect((await load(shop.olivia.cookie, "?range=8")).status).toBe(400);
  });

  it("downloads the same figures as CSV, and the export is in the log", async () => {
    const csv = await answer(
      analyticsCsv.loader,
      getRequest(`${BASE}/${slug}/analytics.csv?range=7`, shop.olivia.cookie),
      shop.context,
      { slug },
    );
    expect(csv.status).toBe(200);
    const lines = csv.body
      .trim()
      .split(/\r?\n/)
      .map((l) => l.split(",").map((cell) => cell.replace(/^"|"$/g, "")));
    expect(lines[0]).toEqual([...COMPANY_ANALYTICS_CSV_HEADER]);
    expect(lines.slice(1).map((l) => l.slice(1).join(","))).toEqual([
      "Adam (left),3,0,3,0,2,1",
      "Mia,8,5,2,1,2,1",
    ]);
    const log = await shop.t.db.select().from(companyEvents).where(eq(companyEvents.action, "exported"));
    expect(log.map((e) => e.subject)).toEqual(["the analytics of 7 days as CSV"]);
  });

  it("is for owners and admins: a member is refused, another company and the shop's admin find nothing", async () => {
    expect((await load(shop.mia.cookie)).status).toBe(403);
    expect(
      (
        await answer(
          analyticsCsv.loader,
          getRequest(`${BASE}/${slug}/analytics.csv`, shop.mia.cookie),
          shop.context,
          { slug },
        )
      ).status,
    ).toBe(403);
    expect((await load(shop.otto.cookie)).status).toBe(404);
    expect((await load(shop.admin)).status).toBe(404);
  });
});
