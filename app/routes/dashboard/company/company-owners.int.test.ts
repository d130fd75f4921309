// A company keeps an owner on both databases, even when its two owners make each other admins at the same moment:
// one change goes through, the other is refused, and one owner is left.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "~/db/schema";
import { type CompanyShop, companyRoutes, companyShop, invitationFor } from "./company-fixture";

let shop: CompanyShop;
let r: ReturnType<typeof companyRoutes>;
let slug: string;

beforeAll(async () => {
  shop = await companyShop("company-owners");
  r = companyRoutes(shop);
  slug = (await r.createCompany(shop.olivia, { name: "Owners Co" })).location!.split("/").pop()!;
  await r.postPeople(shop.olivia.cookie, slug, { intent: "invite", email: shop.mia.email, role: "owner" });
  await r.answerInvitation(shop.mia.cookie, (await invitationFor(shop, shop.mia.email)).id, "accept");
});
afterAll(() => shop?.t.close());

const memberIdOf = async (userId: string) =>
  (await shop.t.db.select().from(members).where(eq(members.userId, userId)))[0]!.id;

describe("the last owner", () => {
  it("stays when two owners make each other admins at the same moment", async () => {
    const [olivia, mia] = [await memberIdOf(shop.olivia.id), await memberIdOf(shop.mia.id)];
    const answers = await Promise.all([
      r.postPeople(shop.olivia.cookie, slug, { intent: "set-role", memberId: mia, role: "admin" }),
      r.postPeople(shop.mia.cookie, slug, { intent: "set-role", memberId: olivia, role: "admin" }),
    ]);
    // The one that loses is refused: as no longer an owner (403) when it came second, or by the database when the
    // two ran together (409).
    const [won, lost] = answers.map((a) => a.status).sort();
    expect(won).toBe(302);
    expect([403, 409]).toContain(lost);
    const owners = await shop.t.db
      .select()
      .from(members)
      .where(and(eq(members.role, "owner"), eq(members.userId, shop.olivia.id)));
    const miaOwner = await shop.t.db
      .select()
      .from(members)
      .where(and(eq(members.role, "owner"), eq(members.userId, shop.mia.id)));
    expect(owners.length + miaOwner.length).toBe(1);
  });
});
