// Contacts end to end for the card's owner: the details people shared from their card (seeded through the test
// hook, as the card page's form would leave them) show on Home and in Contacts, newest first and searchable; one
// contact's vCard and the CSV export download and read back; 'Add to prospects' puts it in Cold Calling once;
// deleting it asks first. Every page passes axe on a desktop and on a 375 px phone.
import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import ICAL from "ical.js";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { cardFromPaidOrder, expect, test } from "./fixtures";

/** Contacts for the owner, as the card page's form would have saved them. */
async function seedContacts(page: Page, ownerEmail: string, contacts: Record<string, unknown>[]) {
  const answer = await page.request.post("/__test/contacts", { data: { ownerEmail, contacts } });
  expect(answer.status()).toBe(200);
}

async function downloaded(page: Page, link: ReturnType<Page["getByRole"]>) {
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  return { name: download.suggestedFilename(), text: await fs.readFile((await download.path())!, "utf8") };
}

async function phoneSized(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("the owner finds, downloads, adds to prospects and deletes the contacts shared from their card", async ({
  page,
  signedInCustomer,
  adminPage,
}) => {
  test.setTimeout(120_000);
  const card = await cardFromPaidOrder(page, adminPage);
  await seedContacts(page, signedInCustomer.email, [
    // 25 older ones, so the list has a second page.
    ...Array.from({ length: 25 }, (_, i) => ({
      name: `Filler ${String(i + 1).padStart(2, "0")}`,
      email: `filler${i + 1}@example.com`,
      minutesAgo: 60 + i,
    })),
    { name: "Old Friend", company: "Gone Card Ltd", card: false, source: "link", minutesAgo: 30 },
    {
      name: "Priya Patel",
      email: "priya@patel.example",
      phone: "+44 7700 900321",
      company: "Patel & Co",
      jobTitle: "Head Buyer",
      note: "Met at the trade fair, stand 12.",
      source: "qr",
      minutesAgo: 1,
    },
  ]);

  // Home counts them beside the clicks.
  await page.goto("/dashboard");
  const newContacts = page
    .locator("dl > div")
    .filter({ has: page.getByRole("term").filter({ hasText: "New contacts (30 days)" }) });
  await expect(newContacts.getByRole("definition").first()).toHaveText("27");

  // The section, from the sidebar: newest first, with when, which card and how the page was opened.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Contacts" }).click();
  await expect(page.getByRole("heading", { name: "Contacts", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your contacts (27)" })).toBeVisible();
  const items = page.getByRole("list", { name: "Contacts" }).getByRole("listitem");
  await expect(items).toHaveCount(25);
  await expect(items.first()).toContainText("Priya Patel");
  await expect(items.first()).toContainText("Patel & Co · priya@patel.example");
  await expect(items.first()).toContainText(`From Mia Multi (${card.number}), by QR code`);
  await expect(items.nth(1)).toContainText("From Deleted card, by Link");
  const pager = page.getByRole("navigation", { name: "Contacts pagination" });
  await expect(pager).toContainText("Page 1 of 2");
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(items).toHaveCount(2);
  await expect(items.last()).toContainText("Filler 25");

  // Search by company, in any case.
  await page.getByLabel("Search by name, e-mail or company").fill("PATEL &");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/q=PATEL/);
  await expect(items).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Export these as CSV" })).toBeVisible();
  await page.goto("/dashboard/contacts");
  await expectNoSeriousA11yViolations(page);
  await phoneSized(page);

  // The CSV of all of them, read back: Prospects' import columns first, the contact's own after.
  const csv = await downloaded(page, page.getByRole("link", { name: "Export all as CSV" }));
  expect(csv.name).toBe("contacts.csv");
  const rows = parse(csv.text, { bom: true, columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(27);
  expect(rows[0]).toMatchObject({
    business_name: "Patel & Co",
    contact_name: "Priya Patel",
    phone: "+44 7700 900321",
    email: "priya@patel.example",
    job_title: "Head Buyer",
    card: `Mia Multi (${card.number})`,
    source: "QR code",
  });
  const vcf = await downloaded(page, page.getByRole("link", { name: "Export all as vCards" }));
  expect(vcf.text.match(/BEGIN:VCARD/g)).toHaveLength(27);

  // One contact: every field, and its vCard.
  await page.getByRole("link", { name: "Priya Patel" }).click();
  await expect(page.getByRole("heading", { name: "Priya Patel", level: 1 })).toBeVisible();
  const details = page.getByRole("region", { name: "Details" });
  for (const text of [
    "priya@patel.example",
    "+44 7700 900321",
    "Head Buyer",
    "Met at the trade fair, stand 12.",
  ])
    await expect(details.getByText(text)).toBeVisible();
  await expect(details.getByText(`Mia Multi (${card.number})`)).toBeVisible();
  await expect(details.getByText("QR code")).toBeVisible();
  const vcard = await downloaded(page, page.getByRole("link", { name: "Download vCard" }));
  expect(vcard.name).toBe("Priya-Patel.vcf");
  const parsed = new ICAL.Component(ICAL.parse(vcard.text));
  expect(parsed.getFirstPropertyValue("fn")).toBe("Priya Patel");
  expect(parsed.getFirstPropertyValue("org")).toBe("Patel & Co");
  expect(parsed.getFirstPropertyValue("title")).toBe("Head Buyer");
  expect(parsed.getFirstPropertyValue("tel")).toBe("+44 7700 900321");
  await expectNoSeriousA11yViolations(page);
  await phoneSized(page);

  // Into Cold Calling, once.
  const coldCalling = page.getByRole("region", { name: "Cold Calling" });
  await coldCalling.getByRole("button", { name: "Add to prospects" }).click();
  await expect(page.getByText("Patel & Co is in your prospects.")).toBeVisible();
  await expect(coldCalling.getByRole("button", { name: "Add to prospects" })).toHaveCount(0);
  await coldCalling.getByRole("link", { name: "Patel & Co" }).click();
  await expect(page.getByRole("heading", { name: /Patel & Co/ })).toBeVisible();
  await page.goto("/dashboard/cold-calling/prospects");
  const prospect = page.getByRole("table").getByRole("row").filter({ hasText: "Patel & Co" });
  await expect(prospect).toHaveCount(1);
  await expect(prospect).toContainText("Priya Patel");

  // Deleting asks first; cancelling keeps it.
  await page.goto("/dashboard/contacts?q=priya");
  await page.getByRole("link", { name: "Priya Patel" }).click();
  await page.getByRole("link", { name: "Delete contact" }).click();
  const confirm = page.getByRole("form", { name: "Delete Priya Patel" });
  await expect(confirm).toContainText("deleted for good");
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("form", { name: "Delete Priya Patel" })).toHaveCount(0);
  await page.getByRole("link", { name: "Delete contact" }).click();
  await page.getByRole("button", { name: "Delete for good" }).click();
  await expect(page).toHaveURL(/\/dashboard\/contacts$/);
  await expect(page.getByText("The contact has been deleted for good.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your contacts (26)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Priya Patel" })).toHaveCount(0);
  // The prospect made from it stays.
  await page.goto("/dashboard/cold-calling/prospects");
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: "Patel & Co" })).toHaveCount(1);
});

test("shares held for review are shown apart from the contacts; the owner accepts one and deletes the rest", async ({
  page,
  signedInCustomer,
  adminPage,
}) => {
  test.setTimeout(120_000);
  await cardFromPaidOrder(page, adminPage);
  await seedContacts(page, signedInCustomer.email, [
    { name: "Known Contact", email: "known@example.com", minutesAgo: 30 },
    { name: "Zoë Ångström", email: "zoe@example.com", company: "Ångström AB", held: true, minutesAgo: 2 },
    { name: "Flood Bot", email: "bot@spam.example", note: "Buy now", held: true, minutesAgo: 1 },
  ]);

  await page.goto("/dashboard/contacts");
  await expect(page.getByRole("heading", { name: "Your contacts (1)" })).toBeVisible();
  const held = page.getByRole("region", { name: /Held for review/ });
  await expect(held.getByRole("heading", { name: "Held for review (2)" })).toBeVisible();
  await expect(held).toContainText("2 shares were sent after a card had taken 100 in a day.");
  await expect(held).toContainText("did not e-mail you or send them to your integrations");
  const items = held.getByRole("list", { name: "Held for review" }).getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("Flood Bot");
  await expect(items.first()).toContainText("Buy now");
  await expect(items.last()).toContainText("zoe@example.com · Ångström AB");
  await expect(page.getByRole("list", { name: "Contacts" })).not.toContainText("Zoë");
  await expectNoSeriousA11yViolations(page);
  await phoneSized(page);

  // Accepted, it is a contact like any other: listed, counted, and its vCard keeps the letters of its name.
  await held.getByRole("button", { name: "Accept Zoë Ångström" }).click();
  await expect(page.getByText("Zoë Ångström is now in your contacts.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your contacts (2)" })).toBeVisible();
  await expect(held.getByRole("heading", { name: "Held for review (1)" })).toBeVisible();
  await page.getByRole("list", { name: "Contacts" }).getByRole("link", { name: "Zoë Ångström" }).click();
  const vcard = await downloaded(page, page.getByRole("link", { name: "Download vCard" }));
  expect(vcard.name).toBe("Zoë-Ångström.vcf");
  expect(new ICAL.Component(ICAL.parse(vcard.text)).getFirstPropertyValue("fn")).toBe("Zoë Ångström");

  // The rest deleted at once, after a confirmation.
  await page.goto("/dashboard/contacts");
  await held.getByText("Delete the held share").click();
  await held.getByRole("button", { name: "Delete 1 held share for good" }).click();
  await expect(page.getByText("1 share held for review has been deleted.")).toBeVisible();
  await expect(page.getByRole("region", { name: /Held for review/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Your contacts (2)" })).toBeVisible();
});
