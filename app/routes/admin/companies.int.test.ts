// The shop's admin sees every company in the back office (Admin -> Companies), with its members, cards and owners;
// a customer is sent to the admin sign-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer, getRequest } from "../../../tests/support/routes";
import {
  type CompanyShop,
  companyRoutes,
  companyShop,
  invitationFor,
} from "../dashboard/company/company-fixture";
import * as adminCompanies from "./companies";

let shop: CompanyShop;

beforeAll(async () => {
  shop = await companyShop("admin-companies");
  const r = companyRoutes(shop);
  const slug = (await r.createCompany(shop.olivia, { name: "Beta Ltd" })).location!.split("/").pop()!;
  await r.createCompany(shop.otto, { name: "Alpha Ltd" });
  await r.postPeople(shop.olivia.cookie, slug, { intent: "invite", email: "mia@example.com", role: "owner" });
  await r.answerInvitation(shop.mia.cookie, (await invitationFor(shop, "mia@example.com")).id, "accept");
});
afterAll(() => shop?.t.close());

const list = (cookie: string) =>
  answer(
    adminCompanies.loader,
    getRequest("http://shop.test/admin-dashboard/companies", cookie),
    shop.context,
  );

describe("Admin, Companies", () => {
  it("lists every company by name with its members, cards and owners", async () => {
    expect((await list(shop.admin)).data.companies).toMatchObject([
      { name: "Alpha Ltd", members: 1, cards: 0, owners: "otto@example.com" },
      { name: "Beta Ltd", members: 2, cards: 0, owners: "mia@example.com, olivia@example.com" },
    ]);
  });

  it("sends a customer to the admin sign-in", async () => {
    expect((await list(shop.olivia.cookie)).location).toBe("/admin-login");
  });
});
