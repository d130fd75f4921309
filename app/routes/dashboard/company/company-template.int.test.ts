// A company's template through the routes on both databases: saving it changes every member's company page at once
// (each page's version moves on), a member's write to a field the company sets is refused whatever the form sends,
// a required field may not be left empty, and a design the company sets cannot be changed from the card's Design
// page.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages } from "~/db/schema";
import { DESIGN_FIELDS } from "../../../../tests/support/access-matrix/dashboard-cases";
import { answer, getRequest, postRequest } from "../../../../tests/support/routes";
import * as cardDesign from "../card-design";
import { type CompanyShop, companyRoutes, companyShop, invitationFor, type Person } from "./company-fixture";
import * as overview from "./overview";
import * as template from "./template";

let shop: CompanyShop;
let r: ReturnType<typeof companyRoutes>;
let slug: string;
const BASE = "http://shop.test/dashboard";

beforeAll(async () => {
  shop = await companyShop("company-template");
  r = companyRoutes(shop);
  slug = (await r.createCompany(shop.olivia, { name: "Template Co" })).location!.split("/").pop()!;
  await r.importCsv(
    shop.olivia.cookie,
    slug,
    "name,email,job_title\nMia Member,mia@example.com,Head of Sales",
  );
  await r.answerInvitation(shop.mia.cookie, (await invitationFor(shop, "mia@example.com")).id, "accept");
  await postOverview(shop.mia, { intent: "make-card" });
});
afterAll(() => shop?.t.close());

function postOverview(who: Person, fields: Record<string, string>) {
  return answer(overview.action, postRequest(`${BASE}/company/${slug}`, fields, who.cookie), shop.context, {
    slug,
  });
}
const saveTemplate = (who: Person, fields: Record<string, string>) =>
  answer(
    template.action,
    postRequest(`${BASE}/company/${slug}/template`, { intent: "save-template", ...fields }, who.cookie),
    shop.context,
    { slug },
  );
const miasPage = async () =>
  (await shop.t.db.select().from(cardPages).where(eq(cardPages.ownerUserId, shop.mia.id)))[0]!;
const fieldErrors = (a: { data: Record<string, unknown> }) =>
  (a.data.result as { error: Record<string, string[]> }).error;
const policies = { jobTitlePolicy: "locked", phonePolicy: "locked", bioPolicy: "required", design: "own" };

describe("the company template", () => {
  it("is for owners and admins only", async () => {
    expect((await saveTemplate(shop.mia, policies)).status).toBe(403);
    expect((await saveTemplate(shop.otto, policies)).status).toBe(404);
  });

  it("changes every member's page at once: the company's phone, the locks, a new version", async () => {
    const before = await miasPage();
    const saved = await saveTemplate(shop.olivia, { ...policies, phone: "+44 20 7946 0000" });
    expect(saved.status).toBe(302);
    const after = await miasPage();
    expect(after).toMatchObject({
      contactPhone: "+44 20 7946 0000",
      jobTitle: "Head of Sales",
      businessName: "Template Co",
      lockedFields: ["jobTitle", "phone"],
    });
    expect(after.version).toBeGreaterThan(before.version);
    const form = await answer(
      overview.loader,
      getRequest(`${BASE}/company/${slug}`, shop.mia.cookie),
      shop.context,
      { slug },
    );
    expect(form.data.fields).toMatchObject({
      fields: [
        { field: "jobTitle", value: "Head of Sales", locked: true },
        { field: "phone", value: "+44 20 7946 0000", locked: true },
        { field: "bio", locked: false },
      ],
    });
  });

  it("refuses a member's write to a locked field, whatever the form sends, and saves nothing", async () => {
    const before = await miasPage();
    const refused = await postOverview(shop.mia, {
      intent: "save-card",
      jobTitle: "Chief Executive",
      bio: "Hello",
    });
    expect(refused.status).toBe(403);
    expect(fieldErrors(refused).jobTitle).toEqual(["Job title is set by Template Co."]);
    expect(await miasPage()).toEqual(before);
  });

  it("asks for a required field, and saves the member's own fields", async () => {
    const empty = await postOverview(shop.mia, { intent: "save-card", bio: "" });
    expect(empty.status).toBe(400);
    expect(fieldErrors(empty).bio).toEqual(["Template Co asks everyone for a bio."]);
    const saved = await postOverview(shop.mia, { intent: "save-card", bio: "Sales for the north." });
    expect(saved.status).toBe(302);
    expect(await miasPage()).toMatchObject({ bio: "Sales for the north.", jobTitle: "Head of Sales" });
  });

  it("gives everyone the design of the admin's company card, which its holders cannot change", async () => {
    const none = await saveTemplate(shop.olivia, { ...policies, design: "card" });
    expect(none.status).toBe(400);
    await postOverview(shop.olivia, { intent: "make-card" });
    const [oliviasPage] = await shop.t.db
      .select()
      .from(cardPages)
      .where(eq(cardPages.ownerUserId, shop.olivia.id));
    const design = DESIGN_FIELDS;
    await shop.t.db.update(cardPages).set({ design }).where(eq(cardPages.id, oliviasPage!.id));
    expect((await saveTemplate(shop.olivia, { ...policies, design: "card" })).status).toBe(302);
    const mine = await miasPage();
    expect(mine.design).toEqual(design);
    const refused = await answer(
      cardDesign.action,
      postRequest(`${BASE}/cards/${mine.cardNumber}/design`, { intent: "reset-design" }, shop.mia.cookie),
      shop.context,
      { cardNumber: mine.cardNumber },
    );
    expect(refused.status).toBe(403);
    expect(refused.data.error).toBe("The design of this card is set by Template Co.");
    expect((await miasPage()).design).toEqual(design);
  });
});
