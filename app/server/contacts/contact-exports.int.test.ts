// Contacts read back: the CSV export (imported into Prospects through the import itself) and the .vcf, the Home
// figure of the last 30 days, and the account's deletion taking its contacts with it.

import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { exchangedContacts, prospects } from "~/db/schema";
import * as prospectsRoute from "~/routes/dashboard/cold-calling/prospects";
import * as csvRoute from "~/routes/dashboard/contacts-csv";
import * as vcfRoute from "~/routes/dashboard/contacts-vcf";
import * as homeRoute from "~/routes/dashboard/home";
import * as accountRoute from "~/routes/dashboard/settings/account";
import { toCsv } from "~/utils/csv";
import { insertContacts } from "../../../tests/support/contacts";
import { answer } from "../../../tests/support/routes";
import { listBusinessTypes } from "../cold-calling/business-lists.server";
import { B, cards, context, freshOwner, get, MINUTE, ORIGIN, post, t } from "./contacts-fixture";

describe("the exports", () => {
  it("writes CSV with formulas neutralised that imports into Prospects through the import itself", async () => {
    const { who, card } = await freshOwner();
    const base = Date.now() - 10 * MINUTE;
    await insertContacts(t.db, who.id, [
      {
        name: '=HYPERLINK("http://evil.example")',
        email: "formula@example.com",
        company: "Formula, Inc",
        cardPageId: card.id,
        createdAt: new Date(base),
      },
      {
        name: "Phone Only",
        phone: "+44 7700 900456",
        jobTitle: "Buyer",
        note: 'Said "hi"\nand left',
        source: "link",
        cardPageId: card.id,
        createdAt: new Date(base + MINUTE),
      },
      { name: "Other Card Person", email: "other@example.com", createdAt: new Date(base + 2 * MINUTE) },
    ]);
    const all = await get(csvRoute.loader, "/dashboard/contacts/export.csv", who);
    expect(all.status).toBe(200);
    expect(all.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(all.headers.get("Content-Disposition")).toBe('attachment; filename="contacts.csv"');
    const rows = parse(all.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.contact_name)).toEqual([
      "Other Card Person",
      "Phone Only",
      '\'=HYPERLINK("http://evil.example")',
    ]);
    expect(rows[1]).toMatchObject({
      business_name: "Phone Only",
      phone: "+44 7700 900456",
      job_title: "Buyer",
      note: 'Said "hi"\nand left',
      card: `Fresh Card (${card.cardNumber})`,
      source: "Link",
      // Never added to prospects: the owner has chosen no business type for it.
      business_type: "",
    });
    expect(rows[0]).toMatchObject({ card: "Deleted card", source: "NFC tap" });
    expect(rows[2]).toMatchObject({ business_name: "Formula, Inc", email: "formula@example.com" });

    // The filtered export holds only what the page shows.
    const filtered = await get(
      csvRoute.loader,
      `/dashboard/contacts/export.csv?card=${card.id}&q=phone`,
      who,
    );
    expect(
      (parse(filtered.body, { columns: true }) as Record<string, string>[]).map((r) => r.contact_name),
    ).toEqual(["Phone Only"]);
    // Another owner's card is not found; another owner's export holds none of these.
    expect((await get(csvRoute.loader, `/dashboard/contacts/export.csv?card=${card.id}`, B)).status).toBe(
      404,
    );
    expect((await get(csvRoute.loader, "/dashboard/contacts/export.csv", B)).body).not.toContain(
      "Phone Only",
    );

    // Round trip: the owner fills in the business types, and the file goes into Prospects through the Prospects
    // tab's import, with every other cell as it was.
    const firstType = (await listBusinessTypes(t.db))[0]!.id;
    const typed = toCsv(
      Object.keys(rows[0]!),
      rows.map((r) => Object.values({ ...r, business_type: firstType })),
    );
    const form = new FormData();
    form.set("intent", "import-csv");
    form.set("file", new File([typed], "contacts.csv", { type: "text/csv" }));
    const imported = await answer(
      prospectsRoute.action,
      new Request(`${ORIGIN}/dashboard/cold-calling/prospects`, {
        method: "POST",
        headers: { Cookie: who.cookie },
        body: form,
      }),
      context,
    );
    expect(imported.status).toBe(200);
    expect(imported.data).toMatchObject({ report: { imported: 3, refusedCount: 0 } });
    const made = await t.db.select().from(prospects).where(eq(prospects.userId, who.id));
    expect(made.map((p) => p.contactName).sort()).toEqual(
      ['=HYPERLINK("http://evil.example")', "Other Card Person", "Phone Only"].sort(),
    );
    expect(made.find((p) => p.contactName === "Phone Only")).toMatchObject({
      businessName: "Phone Only",
      phone: "+44 7700 900456",
      businessType: firstType,
    });
  });

  it("writes one .vcf with every contact, or the filtered ones, that a contacts app reads", async () => {
    const { who, card } = await freshOwner();
    await insertContacts(t.db, who.id, [
      { name: "First Vcard", email: "first@example.com", company: "One; Two", cardPageId: card.id },
      { name: "Second Vcard", phone: "+44 7700 900789", jobTitle: "Chef, Head", cardPageId: null },
    ]);
    const all = await get(vcfRoute.loader, "/dashboard/contacts/export.vcf", who);
    expect(all.status).toBe(200);
    expect(all.headers.get("Content-Disposition")).toBe('attachment; filename="contacts.vcf"');
    const parsed = ICAL.parse(all.body) as unknown[];
    const vcards = (Array.isArray(parsed[0]) ? parsed : [parsed]).map(
      (jcal) => new ICAL.Component(jcal as unknown[]),
    );
    expect(vcards.map((v) => v.getFirstPropertyValue("fn")).sort()).toEqual(["First Vcard", "Second Vcard"]);
    const second = vcards.find((v) => v.getFirstPropertyValue("fn") === "Second Vcard")!;
    expect(second.getFirstPropertyValue("title")).toBe("Chef, Head");
    expect(second.getFirstPropertyValue("tel")).toBe("+44 7700 900789");
    expect(
      vcards.find((v) => v.getFirstPropertyValue("fn") === "First Vcard")!.getFirstPropertyValue("org"),
    ).toBe("One; Two");
    const one = await get(vcfRoute.loader, `/dashboard/contacts/export.vcf?card=${card.id}`, who);
    expect(one.body.match(/BEGIN:VCARD/g)).toHaveLength(1);
    expect((await get(vcfRoute.loader, "/dashboard/contacts/export.vcf", B)).body).not.toContain("Vcard");
  });
});

describe("the Home figure", () => {
  it("counts the contacts of the last 30 days", async () => {
    const { who } = await freshOwner();
    const day = 24 * 60 * MINUTE;
    await insertContacts(t.db, who.id, [
      { name: "Today", createdAt: new Date() },
      { name: "Last Week", createdAt: new Date(Date.now() - 7 * day) },
      { name: "Long Ago", createdAt: new Date(Date.now() - 45 * day) },
    ]);
    const home = await get(homeRoute.loader, "/dashboard", who);
    expect(home.data.newContacts).toBe(2);
    expect((await get(homeRoute.loader, "/dashboard", B)).data.newContacts).toBe(0);
  });
});

describe("deleting the account", () => {
  it("deletes its contacts and leaves other accounts' alone", async () => {
    const { who, card } = await freshOwner();
    await insertContacts(t.db, who.id, [
      { name: "Goes With Owner", cardPageId: card.id },
      { name: "Also Goes", cardPageId: null },
    ]);
    const [kept] = await insertContacts(t.db, B.id, [{ name: "Stays With Ben", cardPageId: cards.bobs }]);
    const deleted = await post(accountRoute.action, "/dashboard/settings/account", who, {
      intent: "delete-account",
      password: "customer-pass-1",
      confirm: "on",
    });
    expect(deleted.status).toBe(302);
    expect(
      await t.db.select().from(exchangedContacts).where(eq(exchangedContacts.ownerUserId, who.id)),
    ).toEqual([]);
    const names = (await t.db.select({ name: exchangedContacts.name }).from(exchangedContacts)).map(
      (r) => r.name,
    );
    expect(names).not.toContain("Goes With Owner");
    expect(names).not.toContain("Also Goes");
    expect(
      await t.db.select().from(exchangedContacts).where(eq(exchangedContacts.id, kept!.id)),
    ).toHaveLength(1);
  });
});
