// Company invitations are e-mails sent in the shop's name, so they are counted: per account and client address
// (one invitation or one CSV each), each invitation resent at most 3 times a day, and 5 new companies a day.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitations } from "~/db/schema";
import { INVITATION_WRITES } from "~/server/companies/limits.server";
import { hitWriteLimit, WRITE_LIMITED } from "~/server/platform/rate-limit.server";
import { toastOf } from "../../../../tests/support/shop";
import { type CompanyShop, companyRoutes, companyShop, invitationFor } from "./company-fixture";

let shop: CompanyShop;
let r: ReturnType<typeof companyRoutes>;
let slug: string;

beforeAll(async () => {
  shop = await companyShop("company-limits");
  r = companyRoutes(shop);
  slug = (await r.createCompany(shop.olivia, { name: "Limits Ltd" })).location!.split("/").pop()!;
});
afterAll(() => shop?.t.close());

describe("company limits", () => {
  it("resends one invitation at most 3 times a day", async () => {
    await r.postPeople(shop.olivia.cookie, slug, { intent: "invite", email: "rita@example.com" });
    const { id } = await invitationFor(shop, "rita@example.com");
    const resend = () => r.postPeople(shop.olivia.cookie, slug, { intent: "resend", invitationId: id });
    for (let i = 0; i < 3; i++) expect((await resend()).status).toBe(302);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(refused.data.error).toBe("This invitation was resent 3 times today. Try again tomorrow.");
    expect(
      shop.sent.filter((m) => m.to === "rita@example.com" && m.subject.includes("invited")),
    ).toHaveLength(4);
  });

  it("refuses invitations past the account's hourly count, sending nothing", async () => {
    const who = { userId: shop.olivia.id, clientIp: "10.9.9.9" };
    while (await hitWriteLimit(shop.t.db, INVITATION_WRITES, who)) {}
    const before = (await shop.t.db.select().from(invitations)).length;
    const one = await r.postPeople(shop.olivia.cookie, slug, { intent: "invite", email: "late@example.com" });
    expect(one.status).toBe(429);
    expect(await toastOf(one.headers)).toMatchObject({ description: WRITE_LIMITED });
    const file = await r.importCsv(shop.olivia.cookie, slug, "email\nlater@example.com");
    expect(file.status).toBe(429);
    expect((await shop.t.db.select().from(invitations)).length).toBe(before);
  });

  it("lets an account create 5 companies a day", async () => {
    for (let i = 2; i <= 5; i++)
      expect((await r.createCompany(shop.olivia, { name: `Limits ${i}` })).status).toBe(302);
    const refused = await r.createCompany(shop.olivia, { name: "Limits 6" });
    expect(refused.status).toBe(429);
    expect((await r.listCompanies(shop.olivia)).data.companies).toHaveLength(5);
  });
});
