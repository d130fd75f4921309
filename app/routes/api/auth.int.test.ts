// better-auth's endpoints answer only the links and callbacks that arrive from outside: a verification link and a
// password-reset link work; the plugins' read endpoints (a company's members, the session) are not served, so a
// company's people are seen only through its pages, which check roles.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer, getRequest } from "../../../tests/support/routes";
import { type CompanyShop, companyRoutes, companyShop } from "../dashboard/company/company-fixture";
import * as auth from "./auth";

let shop: CompanyShop;
let companyId: string;

beforeAll(async () => {
  shop = await companyShop("auth-endpoints");
  await companyRoutes(shop).createCompany(shop.olivia, { name: "Endpoints Ltd" });
  companyId = (await shop.t.db.query.organizations.findFirst())!.id;
});
afterAll(() => shop?.t.close());

const get = (path: string, cookie = "") =>
  answer(auth.loader, getRequest(`http://shop.test${path}`, cookie), shop.context);

describe("/api/auth", () => {
  it.each([
    "/api/auth/organization/list-members?organizationId={company}",
    "/api/auth/organization/get-full-organization?organizationId={company}",
    "/api/auth/organization/list",
    "/api/auth/get-session",
  ])("does not serve %s, even to a member", async (path) => {
    const answered = await get(path.replace("{company}", companyId), shop.olivia.cookie);
    expect(answered.status).toBe(404);
    expect(answered.body).not.toContain("olivia@example.com");
  });

  it("still follows a verification link", async () => {
    const answered = await get("/api/auth/verify-email?token=not-a-token&callbackURL=%2Flogin");
    expect(answered.status).toBe(302);
  });
});
