// The directory's name and title reach the member's company page, on both databases: the name always (as the
// account's does), the job title only where the company's template has the company set it. A title the member sets
// stays theirs, and a repeated request changes nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages } from "~/db/schema";
import { saveCompanyCardFields } from "~/server/cards/company-look.server";
import { answer, getRequest, postRequest } from "../../../tests/support/routes";
import * as cardPage from "../card/page";
import * as template from "../dashboard/company/template";
import { accountOf, createToken, makeCard, type ScimShop, scim, scimShop } from "./scim-fixture";
import { entra, okta } from "./scim-requests";

let s: ScimShop;
let acmeToken: string;
let birchToken: string;

beforeAll(async () => {
  s = await scimShop("scim-card-page");
  acmeToken = await createToken(s.shop, s.shop.olivia.cookie, s.acme);
  birchToken = await createToken(s.shop, s.shop.adam.cookie, s.birch);
  // Acme sets everyone's job title; Birch leaves it to each member (the template's default).
  const saved = await answer(
    template.action,
    postRequest(
      `http://shop.test/dashboard/company/${s.acme}/template`,
      {
        intent: "save-template",
        jobTitlePolicy: "locked",
        phonePolicy: "editable",
        bioPolicy: "editable",
        design: "own",
      },
      s.shop.olivia.cookie,
    ),
    s.shop.context,
    { slug: s.acme },
  );
  expect(saved.status).toBeLessThan(400);
});
afterAll(() => s?.shop.t.close());

const visit = async (slug: string) =>
  (await answer(cardPage.loader, getRequest(`http://shop.test/${slug}`), s.shop.context, { slug })).body;
const pageRow = async (id: string) =>
  (await s.shop.t.db.select().from(cardPages).where(eq(cardPages.id, id)))[0]!;

describe("a company that sets its people's job titles", () => {
  const ERIN = "erin@acme.example";
  let id: string;
  let page: { id: string; slug: string };

  it("makes the card page with the directory's title", async () => {
    const created = await scim(s.shop, acmeToken, "POST", "/Users", {
      ...entra.createUser(ERIN, ERIN),
      title: "Account Manager",
    });
    expect(created.status).toBe(201);
    id = String(created.json.id);
    page = await makeCard(s.shop, ERIN, s.acme);
    const body = await visit(page.slug);
    expect(body).toContain("Erin Entra");
    expect(body).toContain("Account Manager");
  });

  it("follows a rename and a new title on the public page", async () => {
    expect((await scim(s.shop, acmeToken, "PATCH", `/Users/${id}`, entra.rename)).status).toBe(200);
    expect(
      (await scim(s.shop, acmeToken, "PATCH", `/Users/${id}`, entra.retitle("Head of Sales"))).status,
    ).toBe(200);
    const body = await visit(page.slug);
    expect(body).toContain("Erin Entra-Smith");
    expect(body).toContain("Head of Sales");
    expect(body).not.toContain("Account Manager");
    expect((await accountOf(s.shop, ERIN, s.acme))?.user.name).toBe("Erin Entra-Smith");
  });

  it("changes nothing when the same request comes again", async () => {
    const before = (await pageRow(page.id)).version;
    expect(
      (await scim(s.shop, acmeToken, "PATCH", `/Users/${id}`, entra.retitle("Head of Sales"))).status,
    ).toBe(200);
    expect((await pageRow(page.id)).version).toBe(before);
  });

  it("folds a title of several lines into one and cuts it to the field's length", async () => {
    const long = `Director\nof ${"Very ".repeat(40)}Long Things`;
    expect((await scim(s.shop, acmeToken, "PATCH", `/Users/${id}`, entra.retitle(long))).status).toBe(200);
    const title = (await pageRow(page.id)).jobTitle!;
    expect(title.startsWith("Director of Very")).toBe(true);
    expect(title).not.toContain("\n");
    expect(title.length).toBeLessThanOrEqual(100);
  });
});

describe("a company whose people set their own job titles", () => {
  const BO = "bo@birch.example";

  it("keeps the member's own title while the name follows the directory (Okta's PUT)", async () => {
    const created = await scim(s.shop, birchToken, "POST", "/Users", okta.createUser(BO));
    expect(created.status).toBe(201);
    const page = await makeCard(s.shop, BO, s.birch);
    const bo = (await accountOf(s.shop, BO, s.birch))!;
    await saveCompanyCardFields(s.shop.t.db, {
      cardPageId: page.id,
      userId: bo.user.id,
      values: { jobTitle: "Chief Tinkerer" },
      required: [],
    });
    const put = await scim(
      s.shop,
      birchToken,
      "PUT",
      `/Users/${created.json.id}`,
      okta.replaceUser(BO, "Engineer II"),
    );
    expect(put.status).toBe(200);
    const body = await visit(page.slug);
    expect(body).toContain("Otis Okta-Jones");
    expect(body).toContain("Chief Tinkerer");
    expect(body).not.toContain("Engineer II");
  });
});
