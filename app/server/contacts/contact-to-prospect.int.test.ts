// 'Add to prospects' from a contact's page: once (also when clicked twice at the same moment), linked to a
// prospect already there, within the prospect quota, and nobody else's to add.

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { prospects } from "~/db/schema";
import { PROSPECT_QUOTAS } from "~/schemas/prospect-options";
import { insertContacts } from "../../../tests/support/contacts";
import { listBusinessTypes } from "../cold-calling/business-lists.server";
import { PROSPECTS_FULL } from "../cold-calling/prospect-quotas.server";
import { addContactToProspects } from "./contact-to-prospect.server";
import { A, ADMIN, B, contactPage, contactPost, freshOwner, t } from "./contacts-fixture";

describe("Add to prospects", () => {
  const prospectsOf = (userId: string) => t.db.select().from(prospects).where(eq(prospects.userId, userId));

  it("copies the contact into Cold Calling once; a second click says it is there and links to it", async () => {
    const { who, card } = await freshOwner();
    const [c] = await insertContacts(t.db, who.id, [
      {
        name: "Ravi Shah",
        email: "Ravi@Example.com",
        phone: "+44 20 7946 0111",
        company: "Shah Bakery",
        cardPageId: card.id,
      },
    ]);
    const page = await contactPage(c!.id, who);
    // No prospects yet: the first type the shop lists is preselected.
    const firstType = (await listBusinessTypes(t.db))[0]!.id;
    expect(page.data.defaultType).toBe(firstType);
    const added = await contactPost(c!.id, who, { intent: "add-to-prospects", businessType: "retail" });
    expect(added.status).toBe(200);
    const [p, ...more] = await prospectsOf(who.id);
    expect(more).toEqual([]);
    expect(p).toMatchObject({
      businessName: "Shah Bakery",
      contactName: "Ravi Shah",
      phone: "+44 20 7946 0111",
      email: "ravi@example.com",
      businessType: "retail",
      status: "not_contacted",
    });
    expect((await contactPage(c!.id, who)).data.prospect).toMatchObject({
      id: p!.id,
      businessName: "Shah Bakery",
    });

    const again = await contactPost(c!.id, who, { intent: "add-to-prospects", businessType: "retail" });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({
      error: "This contact is already in your prospects.",
      prospectId: p!.id,
    });
    expect(await prospectsOf(who.id)).toHaveLength(1);
    // Now the owner mostly calls retail: that is preselected for the next contact.
    const [next] = await insertContacts(t.db, who.id, [{ name: "Solo Person", email: "solo@example.com" }]);
    expect((await contactPage(next!.id, who)).data.defaultType).toBe("retail");
    // Without a company the person is the business.
    expect((await contactPost(next!.id, who, { intent: "add-to-prospects" })).status).toBe(200);
    expect((await prospectsOf(who.id)).find((x) => x.contactName === "Solo Person")).toMatchObject({
      businessName: "Solo Person",
      businessType: "retail",
    });
  });

  it("adds one prospect when the button is pressed twice at the same moment", async () => {
    const { who } = await freshOwner();
    const [c] = await insertContacts(t.db, who.id, [{ name: "Twice Clicked", phone: "020 7946 0222" }]);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => contactPost(c!.id, who, { intent: "add-to-prospects" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await prospectsOf(who.id)).toHaveLength(1);
    // The same straight at the module, where nothing before the write spreads the calls apart.
    const [d] = await insertContacts(t.db, who.id, [{ name: "Raced Again", phone: "020 7946 0223" }]);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => addContactToProspects(t.db, who.id, d!.id, "retail")),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(await prospectsOf(who.id)).toHaveLength(2);
  });

  it("links to the prospect already there with the same name and phone instead of making a second", async () => {
    const { who } = await freshOwner();
    const [existing] = await t.db
      .insert(prospects)
      .values({
        userId: who.id,
        businessName: "CORNER CAFE",
        phone: "02079460333",
        businessType: "restaurant",
      })
      .returning();
    const [c] = await insertContacts(t.db, who.id, [
      { name: "Cafe Owner", company: "Corner Cafe", phone: "020 7946 0333" },
    ]);
    const a = await contactPost(c!.id, who, { intent: "add-to-prospects" });
    expect(a.status).toBe(409);
    expect(a.data).toMatchObject({ prospectId: existing!.id });
    expect(await prospectsOf(who.id)).toHaveLength(1);
    expect((await contactPage(c!.id, who)).data.prospect).toMatchObject({ id: existing!.id });
  });

  it("keeps to the prospect quota and refuses an unknown business type", async () => {
    const { who } = await freshOwner();
    const [c] = await insertContacts(t.db, who.id, [{ name: "One Too Many", email: "more@example.com" }]);
    const badType = await contactPost(c!.id, who, { intent: "add-to-prospects", businessType: "spaceships" });
    expect(badType.status).toBe(400);
    expect(badType.data).toMatchObject({ error: "Choose a business type" });
    await t.db.execute(sql`
      insert into prospects (user_id, business_name, business_type)
      select ${who.id}, 'Prospect ' || g, 'retail' from generate_series(1, ${PROSPECT_QUOTAS.prospects}) g`);
    const full = await contactPost(c!.id, who, { intent: "add-to-prospects" });
    expect(full.status).toBe(409);
    expect(full.data).toMatchObject({ error: PROSPECTS_FULL });
    expect(await prospectsOf(who.id)).toHaveLength(PROSPECT_QUOTAS.prospects);
    expect((await contactPage(c!.id, who)).data.prospect).toBeNull();
  });

  it("is not found for another customer or the admin, and adds nothing to anyone", async () => {
    const [c] = await insertContacts(t.db, A.id, [{ name: "Private Person", email: "private@example.com" }]);
    for (const who of [B, ADMIN]) {
      const a = await contactPost(c!.id, who, { intent: "add-to-prospects" });
      expect(a.status).toBe(404);
      expect(JSON.stringify(a.data)).not.toContain("Private Person");
    }
    const copies = await t.db.select().from(prospects).where(eq(prospects.contactName, "Private Person"));
    expect(copies).toEqual([]);
  });
});
