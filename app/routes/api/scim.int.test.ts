// A company's directory provisions its people by SCIM 2.0, on both databases: Entra ID's and Okta's documented
// requests, replayed in order, create a person (an account and a membership, no invitation), rename them, deactivate
// them (they leave: their company card turns to the company's notice, the log says so) and delete them.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, companyEvents, members, referrers } from "~/db/schema";
import { answer, getRequest } from "../../../tests/support/routes";
import * as cardPage from "../card/page";
import { accountOf, createToken, makeCard, type ScimShop, scim, scimShop } from "./scim-fixture";
import { entra, okta } from "./scim-requests";

let s: ScimShop;
let token: string;
const ERIN = "erin@acme.example";
const OTIS = "otis@acme.example";

beforeAll(async () => {
  s = await scimShop("scim-lifecycle");
  token = await createToken(s.shop, s.shop.olivia.cookie, s.acme);
});
afterAll(() => s?.shop.t.close());

const logOf = async (action: string) =>
  (await s.shop.t.db.select().from(companyEvents).where(eq(companyEvents.action, action))).map((e) => ({
    subject: e.subject,
    detail: e.detail,
  }));

async function visitCard(slug: string) {
  return (await answer(cardPage.loader, getRequest(`http://shop.test/${slug}`), s.shop.context, { slug }))
    .body;
}

describe("Entra ID provisioning a person", () => {
  let id: string;

  it("finds nobody by userName at first, then creates the person: an account and a membership", async () => {
    const none = await scim(s.shop, token, "GET", entra.filter(ERIN));
    expect(none.status).toBe(200);
    expect(none.json.totalResults).toBe(0);
    const created = await scim(s.shop, token, "POST", "/Users", entra.createUser(ERIN, ERIN));
    expect(created.status).toBe(201);
    expect(created.type).toContain("application/scim+json");
    id = String(created.json.id);
    const found = await accountOf(s.shop, ERIN, s.acme);
    expect(found?.member?.role).toBe("member");
    expect(
      await s.shop.t.db.select().from(referrers).where(eq(referrers.userId, found!.user.id)),
    ).toHaveLength(1);
    expect(await logOf("joined")).toContainEqual({ subject: ERIN, detail: "from the directory" });
    const again = await scim(s.shop, token, "GET", entra.filter(ERIN));
    expect(again.json.totalResults).toBe(1);
    expect(again.json.Resources?.[0]?.id).toBe(id);
    expect(again.cache).toBe("private, no-store");
  });

  it("renames the account when the directory changes the name", async () => {
    const renamed = await scim(s.shop, token, "PATCH", `/Users/${id}`, entra.rename);
    expect(renamed.status).toBe(200);
    expect((await accountOf(s.shop, ERIN, s.acme))?.user.name).toBe("Erin Entra-Smith");
  });

  it("deactivated ('False' as a string), the person leaves: the card shows the company's notice", async () => {
    const page = await makeCard(s.shop, ERIN, s.acme);
    expect(await visitCard(page.slug)).toContain("Erin");
    const off = await scim(s.shop, token, "PATCH", `/Users/${id}`, entra.disableAsString);
    expect(off.status).toBe(200);
    expect(off.json.active).toBe(false);
    expect((await accountOf(s.shop, ERIN, s.acme))?.member).toBeNull();
    const [after] = await s.shop.t.db.select().from(cardPages).where(eq(cardPages.id, page.id));
    expect(after!.departedNotice?.title).toBe("Erin Entra-Smith no longer works at Acme");
    expect(await visitCard(page.slug)).toContain("no longer works at Acme");
    expect(await logOf("removed")).toContainEqual({ subject: ERIN, detail: "by the directory" });
  });

  it("reactivated, the person is a member again; deleted, they leave again and their account stays", async () => {
    expect((await scim(s.shop, token, "PATCH", `/Users/${id}`, entra.enable)).status).toBe(200);
    expect((await accountOf(s.shop, ERIN, s.acme))?.member).not.toBeNull();
    const deleted = await scim(s.shop, token, "DELETE", `/Users/${id}`);
    expect(deleted.status).toBe(204);
    const found = await accountOf(s.shop, ERIN, s.acme);
    expect(found?.user).toBeDefined();
    expect(found?.member).toBeNull();
    expect((await scim(s.shop, token, "GET", `/Users/${id}`)).status).toBe(404);
    expect((await logOf("removed")).filter((e) => e.subject === ERIN)).toHaveLength(2);
  });

  it("changes nothing when the compliant 'false' arrives for a person already gone", async () => {
    const created = await scim(s.shop, token, "POST", "/Users", {
      ...entra.createUser("erin2@acme.example", "erin2@acme.example"),
      externalId: "second",
    });
    expect(created.status).toBe(201);
    const off = await scim(s.shop, token, "PATCH", `/Users/${created.json.id}`, entra.disable);
    expect(off.status).toBe(200);
    const twice = await scim(s.shop, token, "PATCH", `/Users/${created.json.id}`, entra.disable);
    expect(twice.status).toBe(200);
    expect((await logOf("removed")).filter((e) => e.subject === "erin2@acme.example")).toHaveLength(1);
  });
});

describe("Okta provisioning a person", () => {
  let id: string;

  it("creates, finds with paging, renames, deactivates and reactivates", async () => {
    const created = await scim(s.shop, token, "POST", "/Users", okta.createUser(OTIS));
    expect(created.status).toBe(201);
    id = String(created.json.id);
    expect((await accountOf(s.shop, OTIS, s.acme))?.user.name).toBe("Otis Okta");
    const found = await scim(s.shop, token, "GET", okta.filter(OTIS));
    expect(found.json.totalResults).toBe(1);
    expect(found.json.Resources?.[0]?.userName).toBe(OTIS);
    expect((await scim(s.shop, token, "PATCH", `/Users/${id}`, okta.rename)).status).toBe(200);
    expect((await accountOf(s.shop, OTIS, s.acme))?.user.name).toBe("Otis Okta-Jones");
    expect((await scim(s.shop, token, "PATCH", `/Users/${id}`, okta.deactivate)).status).toBe(200);
    expect((await accountOf(s.shop, OTIS, s.acme))?.member).toBeNull();
    expect((await scim(s.shop, token, "PATCH", `/Users/${id}`, okta.reactivate)).status).toBe(200);
    const back = await accountOf(s.shop, OTIS, s.acme);
    expect(back?.member?.role).toBe("member");
    const rows = await s.shop.t.db.select().from(members).where(eq(members.userId, back!.user.id));
    expect(rows).toHaveLength(1);
  });
});
