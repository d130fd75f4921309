// Members' delivery addresses for a company's cards, through the routes on both databases: a member gives theirs
// on the company's overview (the company's admins learn only whether it is given), and the company's owners and
// admins can ask everyone without one, once a day. Posting the cards to them: member-parcels.int.test.ts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvents, emailOutbox, memberAddresses } from "~/db/schema";
import { MEMBER_ADDRESS_SAVED } from "~/server/companies/member-addresses.server";
import { TEAM_ORDER_REFUSALS } from "~/server/shop/team-order-actions.server";
import { answer, getRequest, postRequest } from "../../../../tests/support/routes";
import { toastOf } from "../../../../tests/support/shop";
import { homeAddress, type Person, parcelCompany } from "./company-fixture";
import * as orderCards from "./order-cards";

let shop: Fixture["shop"];
let slug: string;
let giveAddress: Fixture["giveAddress"];
let openOverview: Fixture["openOverview"];
type Fixture = Awaited<ReturnType<typeof parcelCompany>>;
const BASE = "http://shop.test/dashboard/company";

beforeAll(async () => {
  ({ shop, slug, giveAddress, openOverview } = await parcelCompany("member-addresses"));
});
afterAll(() => shop?.t.close());

describe("A member's delivery address", () => {
  it("is checked as the checkout's is: a bad one is refused with its field's message and nothing is kept", async () => {
    const bad = await giveAddress(shop.mia, { ...homeAddress("Mia", "GB"), city: "", country: "Atlantis" });
    expect(bad.status).toBe(400);
    const errors = (bad.data as { addressResult: { error: Record<string, string[]> } }).addressResult.error;
    expect(errors.city).toEqual(["City is required"]);
    expect(errors.country).toBeDefined();
    expect(await shop.t.db.select().from(memberAddresses)).toHaveLength(0);
    expect((await openOverview(shop.mia)).address.given).toBe(false);
  });

  it("is kept for this company, and the form starts with it", async () => {
    const saved = await giveAddress(shop.mia, homeAddress("Mia", "GB"));
    expect(saved.status).toBe(302);
    expect((await toastOf(saved.headers))?.title).toBe(MEMBER_ADDRESS_SAVED);
    expect((await openOverview(shop.mia)).address).toMatchObject({
      given: true,
      defaults: { addressLine1: "Mia's Street 1" },
    });
  });

  it("is not shown to the company's admins: they see only whether it is given", async () => {
    const { data } = await answer(
      orderCards.loader,
      getRequest(`${BASE}/${slug}/order-cards`, shop.olivia.cookie),
      shop.context,
      { slug },
    );
    expect(JSON.stringify(data)).not.toContain("Mia's Street");
    expect(
      (data.people as { name: string; hasAddress: boolean }[]).map((p) => [p.name, p.hasAddress]).sort(),
    ).toEqual([
      ["Adam", false],
      ["Mia", true],
      ["Olivia", false],
    ]);
  });
});

describe("Asking for addresses", () => {
  it("e-mails each member without one a link to give it, once a day, and the log says so", async () => {
    const ask = (who: Person) =>
      answer(
        orderCards.action,
        postRequest(`${BASE}/${slug}/order-cards`, { intent: "ask-addresses" }, who.cookie),
        shop.context,
        { slug },
      );
    expect((await ask(shop.mia)).status).toBe(403);
    const asked = await ask(shop.olivia);
    expect(asked.status).toBe(302);
    expect((await toastOf(asked.headers))?.title).toBe("Members asked for their addresses");
    const mail = await shop.t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, "Parcel Co asks where to post your card"));
    expect(mail.map((m) => m.to).sort()).toEqual([shop.adam.email, shop.olivia.email]);
    expect(mail[0]!.text).toContain(`http://shop.test/dashboard/company/${slug}`);
    const again = await ask(shop.olivia);
    expect(again.status).toBe(429);
    expect((await toastOf(again.headers))?.description).toBe(TEAM_ORDER_REFUSALS.askedToday);
    const log = await shop.t.db
      .select()
      .from(companyEvents)
      .where(eq(companyEvents.action, "asked-addresses"));
    expect(log.map((e) => e.subject)).toEqual(["2 members"]);
  });
});
