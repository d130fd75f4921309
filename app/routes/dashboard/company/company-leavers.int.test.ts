// A member who deletes their account leaves their companies as a member who leaves does, on both databases: their
// company card turns to the company's notice at once and the log says so; the last owner of a company with others
// in it cannot delete their account until someone else is an owner; a company whose only person it was goes with it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPages, companyEvents, organizations, users } from "~/db/schema";
import { answer, getRequest, postRequest } from "../../../../tests/support/routes";
import * as cardPage from "../../card/page";
import * as account from "../settings/account";
import { type CompanyShop, companyRoutes, companyShop, invitationFor, type Person } from "./company-fixture";
import * as overview from "./overview";

let shop: CompanyShop;
let slug: string;
const BASE = "http://shop.test/dashboard";

beforeAll(async () => {
  shop = await companyShop("company-leavers");
  const r = companyRoutes(shop);
  slug = (await r.createCompany(shop.olivia, { name: "Leavers Co", contactEmail: "office@leavers.example" }))
    .location!.split("/")
    .pop()!;
  await r.postPeople(shop.olivia.cookie, slug, { intent: "invite", email: shop.mia.email, role: "member" });
  await r.answerInvitation(shop.mia.cookie, (await invitationFor(shop, shop.mia.email)).id, "accept");
  await answer(
    overview.action,
    postRequest(`${BASE}/company/${slug}`, { intent: "make-card" }, shop.mia.cookie),
    shop.context,
    {
      slug,
    },
  );
});
afterAll(() => shop?.t.close());

const deleteAccount = (p: Person) =>
  answer(
    account.action,
    postRequest(
      `${BASE}/settings/account`,
      { intent: "delete-account", password: "customer-pass-1", confirm: "on" },
      p.cookie,
    ),
    shop.context,
  );

describe("deleting an account that belongs to a company", () => {
  it("is refused for the last owner of a company with others in it", async () => {
    const refused = await deleteAccount(shop.olivia);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain("You are the only owner of Leavers Co");
    expect(await shop.t.db.select().from(users).where(eq(users.id, shop.olivia.id))).toHaveLength(1);
  });

  it("turns a member's company card to the company's notice, and the log says so", async () => {
    const [page] = await shop.t.db.select().from(cardPages).where(eq(cardPages.ownerUserId, shop.mia.id));
    expect((await deleteAccount(shop.mia)).status).toBe(302);
    const [after] = await shop.t.db.select().from(cardPages).where(eq(cardPages.id, page!.id));
    expect(after!.departedNotice).toEqual({
      title: "Mia no longer works at Leavers Co",
      text: "Contact Leavers Co: office@leavers.example",
    });
    const visit = await answer(cardPage.loader, getRequest(`http://shop.test/${page!.slug}`), shop.context, {
      slug: page!.slug,
    });
    expect(visit.body).toContain("Mia no longer works at Leavers Co");
    expect(visit.body).not.toContain(shop.mia.email);
    const log = await shop.t.db.select().from(companyEvents).where(eq(companyEvents.action, "left"));
    expect(log.map((e) => e.subject)).toEqual(["mia@example.com (account deleted)"]);
  });

  it("takes with it a company whose only person it was, so no company is left that nobody can reach", async () => {
    const r = companyRoutes(shop);
    const own = (await r.createCompany(shop.otto, { name: "Solo Co" })).location!.split("/").pop()!;
    const [solo] = await shop.t.db.select().from(organizations).where(eq(organizations.slug, own));
    expect(solo).toBeDefined();
    expect((await deleteAccount(shop.otto)).status).toBe(302);
    expect(await shop.t.db.select().from(organizations).where(eq(organizations.id, solo!.id))).toHaveLength(
      0,
    );
    // The company with others in it is still there.
    expect(await shop.t.db.select().from(organizations).where(eq(organizations.slug, slug))).toHaveLength(1);
  });
});
