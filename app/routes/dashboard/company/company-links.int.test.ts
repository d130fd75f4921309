// A company's links through the Template on both databases: a link the company sets is first on every member's
// card, follows the template (a new title changes it in place, dropping it removes it), reaches a card made later,
// and its holder cannot change, remove, hide or move it, whatever the form sends; a link members set is given once
// and is then the member's.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, pageLinks } from "~/db/schema";
import { MY_LINKS_MESSAGES } from "~/server/cards/my-links.server";
import { answer, postRequest } from "../../../../tests/support/routes";
import * as cardDesign from "../card-design";
import * as links from "../links";
import { type CompanyShop, companyRoutes, companyShop, invitationFor, type Person } from "./company-fixture";
import * as overview from "./overview";
import * as template from "./template";

let shop: CompanyShop;
let slug: string;
const BASE = "http://shop.test/dashboard";
const policies = {
  jobTitlePolicy: "editable",
  phonePolicy: "editable",
  bioPolicy: "editable",
  design: "own",
};

beforeAll(async () => {
  shop = await companyShop("company-links");
  const r = companyRoutes(shop);
  slug = (await r.createCompany(shop.olivia, { name: "Links Co" })).location!.split("/").pop()!;
  for (const p of [shop.mia, shop.adam]) {
    await r.postPeople(shop.olivia.cookie, slug, { intent: "invite", email: p.email, role: "member" });
    await r.answerInvitation(p.cookie, (await invitationFor(shop, p.email)).id, "accept");
  }
  await makeCard(shop.mia);
});
afterAll(() => shop?.t.close());

const makeCard = (p: Person) =>
  answer(
    overview.action,
    postRequest(`${BASE}/company/${slug}`, { intent: "make-card" }, p.cookie),
    shop.context,
    {
      slug,
    },
  );
const saveTemplate = (fields: Record<string, string>) =>
  answer(
    template.action,
    postRequest(
      `${BASE}/company/${slug}/template`,
      { intent: "save-template", ...policies, ...fields },
      shop.olivia.cookie,
    ),
    shop.context,
    { slug },
  );
async function linksOf(p: Person) {
  const [page] = await shop.t.db.select().from(cardPages).where(eq(cardPages.ownerUserId, p.id));
  const rows = await shop.t.db
    .select()
    .from(pageLinks)
    .where(eq(pageLinks.cardPageId, page!.id))
    .orderBy(asc(pageLinks.sortOrder));
  return { page: page!, rows };
}

describe("company links", () => {
  it("refuses a link that breaks a card link's rules, naming the row", async () => {
    const refused = await saveTemplate({ "links[0].title": "Site", "links[0].url": "javascript:alert(1)" });
    expect(refused.status).toBe(400);
    expect(Object.keys((refused.data.result as { error: object }).error)).toContain("links[0].url");
  });

  it("puts a locked link first on every member's card and keeps it in step with the template", async () => {
    const before = (await linksOf(shop.mia)).page.version;
    expect(
      (
        await saveTemplate({
          "links[0].title": "Our website",
          "links[0].url": "https://links-co.example/",
          "links[0].policy": "locked",
          "links[1].title": "Book a demo",
          "links[1].url": "https://links-co.example/demo",
          "links[1].policy": "editable",
        })
      ).status,
    ).toBe(302);
    const mia = await linksOf(shop.mia);
    expect(mia.page.version).toBeGreaterThan(before);
    expect(mia.rows.map((l) => [l.title, Boolean(l.companyLinkId)])).toEqual([
      ["Our website", true],
      ["Book a demo", false],
    ]);
    // A new title reaches the same link in place; the editable link is not given twice.
    const lockedId = mia.rows[0]!.id;
    await saveTemplate({
      "links[0].title": "Website",
      "links[0].url": "https://links-co.example/",
      "links[0].policy": "locked",
      "links[1].title": "Book a demo",
      "links[1].url": "https://links-co.example/demo",
      "links[1].policy": "editable",
    });
    const again = await linksOf(shop.mia);
    expect(again.rows.map((l) => [l.id === lockedId, l.title])).toEqual([
      [true, "Website"],
      [false, "Book a demo"],
    ]);
    // A card made later has both.
    await makeCard(shop.adam);
    expect((await linksOf(shop.adam)).rows.map((l) => l.title)).toEqual(["Website", "Book a demo"]);
  });

  it("refuses the member's change, removal, hiding or moving of a locked link", async () => {
    const { page, rows } = await linksOf(shop.mia);
    const locked = rows.find((l) => l.companyLinkId)!;
    const post = (fields: Record<string, string>) =>
      answer(links.action, postRequest(`${BASE}/links`, fields, shop.mia.cookie), shop.context);
    const edit = await post({
      intent: "edit-link",
      linkId: locked.id,
      title: "Mine",
      url: "https://mine.example/",
    });
    expect(edit.status).toBe(403);
    expect(JSON.stringify(edit.data)).toContain(MY_LINKS_MESSAGES.setByCompany("Links Co"));
    expect((await post({ intent: "remove-link", linkId: locked.id })).status).toBe(403);
    const design = (fields: Record<string, string>) =>
      answer(
        cardDesign.action,
        postRequest(`${BASE}/cards/${page.cardNumber}/design`, fields, shop.mia.cookie),
        shop.context,
        { cardNumber: page.cardNumber },
      );
    expect((await design({ intent: "hide-link", linkId: locked.id })).status).toBe(403);
    const own = rows.find((l) => !l.companyLinkId)!;
    // A move or an order of the member's own links leaves the company's first.
    await design({ intent: "move-up", linkId: own.id });
    await design({ intent: "reorder-links", order: locked.id });
    expect((await linksOf(shop.mia)).rows.map((l) => l.id)).toEqual([locked.id, own.id]);
    expect((await linksOf(shop.mia)).rows.every((l) => !l.hidden)).toBe(true);
  });

  it("removes a locked link the template drops, and leaves the member's given link", async () => {
    await saveTemplate({});
    expect((await linksOf(shop.mia)).rows.map((l) => l.title)).toEqual(["Book a demo"]);
  });
});
