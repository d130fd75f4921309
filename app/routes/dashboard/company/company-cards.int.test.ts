// A company's cards through the routes on both databases: a member makes their company card (name and job title
// from their invitation), removing them turns it to the company's notice, and a physical card handed to another
// member opens that member's page from the next tap, counted as NFC; a lost card stays where it is, and of two
// admins handing one card on at once, one wins.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, cardViewsDaily, members, physicalCards } from "~/db/schema";
import { flushAnalytics } from "~/server/cards/analytics.server";
import { setCardPaused } from "~/server/cards/card-page-state.server";
import {
  createPhysicalCard,
  markPhysicalCardWritten,
  setPhysicalCardOff,
} from "~/server/cards/physical-cards.server";
import { answer, getRequest, postRequest } from "../../../../tests/support/routes";
import * as chip from "../../card/chip";
import * as cardPage from "../../card/page";
import * as cards from "./cards";
import { type CompanyShop, companyRoutes, companyShop, invitationFor, type Person } from "./company-fixture";
import * as overview from "./overview";
import * as template from "./template";

let shop: CompanyShop;
let r: ReturnType<typeof companyRoutes>;
let slug: string;
const BASE = "http://shop.test";

beforeAll(async () => {
  shop = await companyShop("company-cards");
  r = companyRoutes(shop);
  slug = (await r.createCompany(shop.olivia, { name: "Cards Co", contactEmail: "office@cards.example" }))
    .location!.split("/")
    .pop()!;
  await r.importCsv(
    shop.olivia.cookie,
    slug,
    "name,email,job_title\nMia Member,mia@example.com,Head of Sales\nAdam,adam@example.com,Engineer",
  );
  for (const p of [shop.mia, shop.adam])
    await r.answerInvitation(p.cookie, (await invitationFor(shop, p.email)).id, "accept");
});
afterAll(() => shop?.t.close());

const makeCard = (p: Person) =>
  answer(
    overview.action,
    postRequest(`${BASE}/dashboard/company/${slug}`, { intent: "make-card" }, p.cookie),
    shop.context,
    { slug },
  );
const pageOf = async (p: Person) =>
  (
    await answer(overview.loader, getRequest(`${BASE}/dashboard/company/${slug}`, p.cookie), shop.context, {
      slug,
    })
  ).data.card as { id: string; slug: string; cardNumber: string };
const visit = (path: string) =>
  answer(cardPage.loader, getRequest(`${BASE}/${path}`), shop.context, { slug: path });
/** A phone tapping the card: a browser's User-Agent, so the view counts. */
const tap = (token: string) =>
  answer(
    chip.loader,
    new Request(`${BASE}/c/${token}`, {
      headers: { "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/126 Mobile" },
    }),
    shop.context,
    { token },
  );
const give = (cookie: string, fields: Record<string, string>) =>
  answer(
    cards.action,
    postRequest(`${BASE}/dashboard/company/${slug}/cards`, { intent: "reassign", ...fields }, cookie),
    shop.context,
    { slug },
  );

async function writtenCard(cardPageId: string) {
  const card = await createPhysicalCard(shop.t.db, { cardPageId }, { userId: null, label: "shop" });
  await markPhysicalCardWritten(shop.t.db, card.id);
  return card;
}

describe("company cards", () => {
  it("makes a member's company card with their name and job title from the invitation, once", async () => {
    // Two clicks at the same moment, then a third: one page.
    const clicks = await Promise.all([makeCard(shop.mia), makeCard(shop.mia)]);
    expect(clicks.map((c) => c.status)).toEqual([302, 302]);
    expect((await makeCard(shop.mia)).status).toBe(302);
    const mine = await shop.t.db.select().from(cardPages).where(eq(cardPages.ownerUserId, shop.mia.id));
    expect(mine).toHaveLength(1);
    const page = await visit(mine[0]!.slug);
    expect(page.body).toContain("<h1>Mia Member</h1>");
    expect(page.body).toContain("Head of Sales, Cards Co");
  });

  it("turns a removed member's card to the company's notice, with none of their links or contact", async () => {
    await makeCard(shop.adam);
    const adamsPage = await pageOf(shop.adam);
    const card = await writtenCard(adamsPage.id);
    const [adamMember] = await shop.t.db.select().from(members).where(eq(members.userId, shop.adam.id));
    expect(
      (await r.postPeople(shop.olivia.cookie, slug, { intent: "remove", memberId: adamMember!.id })).status,
    ).toBe(302);
    for (const answerOf of [await visit(adamsPage.slug), await tap(card.token)]) {
      expect(answerOf.body).toContain("<h1>Adam no longer works at Cards Co</h1>");
      expect(answerOf.body).toContain("Contact Cards Co: office@cards.example");
      expect(answerOf.body).not.toContain("Save contact");
    }
    // The page stays the company's; it is no longer Adam's.
    const [row] = await shop.t.db.select().from(cardPages).where(eq(cardPages.id, adamsPage.id));
    expect(row).toMatchObject({ ownerUserId: null });
  });

  it("says the company's own words on a departed member's card once its admins write them", async () => {
    const adamsPage = (
      await shop.t.db.select().from(cardPages).where(sql`${cardPages.departedNotice} is not null`)
    )[0]!;
    const saved = await answer(
      template.action,
      postRequest(
        `${BASE}/dashboard/company/${slug}/template`,
        {
          intent: "save-template",
          jobTitlePolicy: "editable",
          phonePolicy: "editable",
          bioPolicy: "editable",
          design: "own",
          fallback: "Our sales team is on 020 7946 0000.",
        },
        shop.olivia.cookie,
      ),
      shop.context,
      { slug },
    );
    expect(saved.status).toBe(302);
    const page = await visit(adamsPage.slug);
    expect(page.body).toContain("<h1>Adam no longer works at Cards Co</h1>");
    expect(page.body).toContain("Our sales team is on 020 7946 0000.");
  });

  it("hands the departed member's card to another member: the chip opens their page, counted as NFC", async () => {
    const miasPage = await pageOf(shop.mia);
    const [card] = await shop.t.db
      .select()
      .from(physicalCards)
      .innerJoin(cardPages, eq(cardPages.id, physicalCards.cardPageId))
      .where(sql`${cardPages.departedNotice} is not null`);
    const list = await answer(
      cards.loader,
      getRequest(`${BASE}/dashboard/company/${slug}/cards`, shop.olivia.cookie),
      shop.context,
      { slug },
    );
    expect(list.data.cards).toMatchObject([{ status: "unassigned", holder: null }]);
    const given = await give(shop.olivia.cookie, {
      physicalCardId: card!.physical_cards.id,
      fromCardPageId: card!.card_pages.id,
      toEmail: shop.mia.email,
    });
    expect(given.status).toBe(302);
    const tapped = await tap(card!.physical_cards.token);
    expect(tapped.body).toContain("<h1>Mia Member</h1>");
    await flushAnalytics(shop.t.db);
    const views = await shop.t.db
      .select()
      .from(cardViewsDaily)
      .where(eq(cardViewsDaily.cardPageId, miasPage.id));
    expect(views).toMatchObject([{ source: "nfc", count: 1 }]);
    // A second admin's form, sent from the list before the move, is told it already moved.
    const stale = await give(shop.olivia.cookie, {
      physicalCardId: card!.physical_cards.id,
      fromCardPageId: card!.card_pages.id,
      toEmail: shop.mia.email,
    });
    expect(stale.status).toBe(409);
  });

  it("lets one of two admins handing a card on at the same moment win", async () => {
    const miasPage = await pageOf(shop.mia);
    await makeCard(shop.olivia);
    const oliviasPage = await pageOf(shop.olivia);
    const card = await writtenCard(miasPage.id);
    const fields = { physicalCardId: card.id, fromCardPageId: miasPage.id };
    const answers = await Promise.all([
      give(shop.olivia.cookie, { ...fields, toEmail: shop.olivia.email }),
      give(shop.olivia.cookie, { ...fields, toEmail: shop.olivia.email }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    const [row] = await shop.t.db.select().from(physicalCards).where(eq(physicalCards.id, card.id));
    expect(row!.cardPageId).toBe(oliviasPage.id);
  });

  it("keeps a card reported lost where it is", async () => {
    const miasPage = await pageOf(shop.mia);
    const card = await writtenCard(miasPage.id);
    await setPhysicalCardOff(
      shop.t.db,
      card.id,
      true,
      { userId: shop.mia.id, label: "mia" },
      { reason: "lost" },
    );
    const refused = await give(shop.olivia.cookie, {
      physicalCardId: card.id,
      fromCardPageId: miasPage.id,
      toEmail: shop.olivia.email,
    });
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe("A card reported lost cannot be given to someone else.");
  });

  it("gives a card only to a member, by their e-mail in any case", async () => {
    const miasPage = await pageOf(shop.mia);
    const card = await writtenCard(miasPage.id);
    const fields = { physicalCardId: card.id, fromCardPageId: miasPage.id };
    const stranger = await give(shop.olivia.cookie, { ...fields, toEmail: shop.otto.email });
    expect(stranger.status).toBe(400);
    expect(stranger.data.error).toBe(`${shop.otto.email} is not a member of Cards Co.`);
    const given = await give(shop.olivia.cookie, { ...fields, toEmail: shop.olivia.email.toUpperCase() });
    expect(given.status).toBe(302);
    const [row] = await shop.t.db.select().from(physicalCards).where(eq(physicalCards.id, card.id));
    expect(row!.cardPageId).toBe((await pageOf(shop.olivia)).id);
  });

  it("says each card's state as it is: not written, live, paused, turned off, lost", async () => {
    const miasPage = await pageOf(shop.mia);
    const card = await createPhysicalCard(
      shop.t.db,
      { cardPageId: miasPage.id },
      { userId: null, label: "shop" },
    );
    const statusOf = async () => {
      const list = await answer(
        cards.loader,
        getRequest(`${BASE}/dashboard/company/${slug}/cards`, shop.olivia.cookie),
        shop.context,
        { slug },
      );
      return (list.data.cards as { id: string; status: string }[]).find((c) => c.id === card.id)!.status;
    };
    expect(await statusOf()).toBe("to-write");
    await markPhysicalCardWritten(shop.t.db, card.id);
    expect(await statusOf()).toBe("live");
    await setCardPaused(shop.t.db, miasPage.id, true, { userId: null, label: "mia" });
    expect(await statusOf()).toBe("paused");
    await setCardPaused(shop.t.db, miasPage.id, false, { userId: null, label: "mia" });
    await setPhysicalCardOff(
      shop.t.db,
      card.id,
      true,
      { userId: null, label: "shop", by: "shop" },
      { reason: "replaced" },
    );
    expect(await statusOf()).toBe("off");
    await setPhysicalCardOff(shop.t.db, card.id, false, { userId: null, label: "shop", by: "shop" });
    await setPhysicalCardOff(shop.t.db, card.id, true, { userId: null, label: "mia" }, { reason: "lost" });
    expect(await statusOf()).toBe("lost");
  });

  it("answers 404 to a member's or another company's attempt, changing nothing", async () => {
    const miasPage = await pageOf(shop.mia);
    const card = await writtenCard(miasPage.id);
    const fields = { physicalCardId: card.id, fromCardPageId: miasPage.id, toEmail: shop.mia.email };
    expect((await give(shop.mia.cookie, fields)).status).toBe(403);
    expect((await give(shop.otto.cookie, fields)).status).toBe(404);
  });
});
