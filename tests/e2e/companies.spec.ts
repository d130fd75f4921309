// A company as its owner and a new member meet it, with JavaScript off: create it, import people by CSV (a bad row
// first: nothing imported, the row named), a member accepts their invitation from the e-mail, and the switch says
// whether a page is Personal or the company's.

import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { firstLink, waitForEmail } from "../support/mailbox";
import { createCompany, createCustomer, expect, test, uniqueEmail } from "./fixtures";

const csv = (rows: string[]) => ["name,email,job_title,phone", ...rows].join("\n");

test("an owner creates a company, imports people by CSV, and a member joins from the invitation", async ({
  browser,
  baseURL,
  page,
  adminPage,
  signedInCustomer,
  extraHTTPHeaders,
}) => {
  test.setTimeout(120_000);
  const noJs = await browser.newContext({
    baseURL,
    extraHTTPHeaders,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const owner = await noJs.newPage();
  await createCompany(owner, "Acme Browsers Ltd");
  const showing = owner.getByRole("navigation", { name: "Personal or company" });
  await expect(showing.getByRole("link", { name: "Acme Browsers Ltd" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(showing.getByRole("link", { name: "Personal" })).not.toHaveAttribute("aria-current", "true");

  await owner.getByRole("link", { name: "People" }).click();
  const memberEmail = uniqueEmail("member");
  const rows = Array.from({ length: 20 }, (_, i) => `Person ${i + 1},${uniqueEmail(`p${i + 1}`)},Sales,`);
  rows[0] = `Mo Member,${memberEmail},Designer,+44 7700 900123`;
  const withBadRow = [...rows];
  withBadRow[2] = "Bad Row,not-an-address,,";
  const upload = async (text: string) => {
    await owner
      .getByLabel("CSV file", { exact: true })
      .setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(text) });
    await owner.getByRole("button", { name: "Import and send invitations" }).click();
  };
  await upload(csv(withBadRow));
  await expect(owner.getByRole("alert")).toHaveText("Nothing was imported: 1 row needs fixing first.");
  await expect(owner.getByRole("list", { name: "Rows to fix" })).toHaveText(
    "Line 4: email is not an e-mail address",
  );
  await expect(owner.getByRole("heading", { name: /Invitations waiting/ })).toHaveCount(0);

  await upload(csv(rows));
  await expect(owner.getByRole("heading", { name: "Invitations waiting (20)" })).toBeVisible();
  // axe runs in the page, so on the same page with JavaScript on.
  await page.goto(owner.url());
  await expectNoSeriousA11yViolations(page);

  // The member opens the e-mail's link, signs in, and accepts.
  const memberPage = await (
    await browser.newContext({ baseURL, extraHTTPHeaders, javaScriptEnabled: false })
  ).newPage();
  const member = await createCustomer(memberPage, { name: "Mo Member", email: memberEmail });
  const mail = await waitForEmail(memberEmail, /invited you to join Acme Browsers Ltd/);
  const link = firstLink(mail.text, "/invitations/");
  await memberPage.goto(link);
  await expect(
    memberPage.getByText(`invited ${memberEmail} to join Acme Browsers Ltd as Member`),
  ).toBeVisible();
  await memberPage.getByRole("link", { name: "Log in to accept" }).click();
  await memberPage.getByLabel("Email").fill(member.email);
  await memberPage.getByLabel("Password").fill(member.password);
  await memberPage.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(memberPage).toHaveURL(link);
  await memberPage.getByRole("button", { name: "Accept invitation" }).click();
  await expect(memberPage.getByRole("heading", { level: 1, name: "Acme Browsers Ltd" })).toBeVisible();
  await expect(memberPage.getByText("Member", { exact: true })).toBeVisible();
  // A member uses their card; People is for owners and admins.
  await expect(memberPage.getByRole("link", { name: "People" })).toHaveCount(0);

  await owner.reload();
  await expect(owner.getByRole("heading", { name: "Invitations waiting (19)" })).toBeVisible();
  await expect(owner.getByRole("table", { name: "Members of the company" })).toContainText(memberEmail);

  // Each makes their company card; the shop writes a physical card for the member's.
  await memberPage.getByRole("button", { name: "Make my company card" }).click();
  const memberSlug = (await (await cardLink(memberPage)).getAttribute("href"))!.slice(1);
  await owner.getByRole("link", { name: "Overview" }).click();
  await owner.getByRole("button", { name: "Make my company card" }).click();
  await cardLink(owner);
  const ownerName = signedInCustomer.name;
  const chip = await writtenChip(adminPage, memberSlug);

  // The owner's template: the job title and a bio set by the company. The member's page follows at once, and
  // their form greys the job title.
  const tabs = owner.getByRole("navigation", { name: "Acme Browsers Ltd" });
  await tabs.getByRole("link", { name: "Template" }).click();
  await owner.getByRole("group", { name: "Job title" }).getByRole("radio", { name: "The company" }).check();
  await owner.getByRole("group", { name: "Bio" }).getByRole("radio", { name: "The company" }).check();
  await owner.getByLabel("Bio for everyone").fill("Acme Browsers builds the web.");
  await owner.getByRole("button", { name: "Save template for everyone" }).click();
  const visitor = await (await browser.newContext({ baseURL, extraHTTPHeaders })).newPage();
  await visitor.goto(`/${memberSlug}`);
  await expect(visitor.getByText("Acme Browsers builds the web.")).toBeVisible();
  await expect(visitor.getByText("Designer, Acme Browsers Ltd")).toBeVisible();
  await memberPage.reload();
  await expect(memberPage.getByRole("textbox", { name: "Job title" })).toBeDisabled();
  await expect(memberPage.getByRole("textbox", { name: "Job title" })).toHaveAccessibleDescription(
    "Set by Acme Browsers Ltd",
  );

  // The member is removed: their card answers the company's notice.
  await tabs.getByRole("link", { name: "People" }).click();
  await owner.getByRole("button", { name: "Remove Mo Member" }).click();
  await visitor.goto(`/${memberSlug}`);
  await expect(
    visitor.getByRole("heading", { name: "Mo Member no longer works at Acme Browsers Ltd" }),
  ).toBeVisible();
  await visitor.goto(chip);
  await expect(
    visitor.getByRole("heading", { name: "Mo Member no longer works at Acme Browsers Ltd" }),
  ).toBeVisible();

  // Their physical card goes to the owner: the same chip now opens the owner's page.
  await owner
    .getByRole("navigation", { name: "Acme Browsers Ltd" })
    .getByRole("link", { name: "Cards" })
    .click();
  const row = owner.getByRole("row").filter({ hasText: "Unassigned" });
  await row.getByRole("textbox", { name: /^Give card WC\d{4} to/ }).fill(signedInCustomer.email);
  await row.getByRole("button", { name: /^Give card/ }).click();
  await expect(
    owner.getByRole("row").filter({ hasText: ownerName }).getByRole("cell", { name: "Live" }),
  ).toBeVisible();
  await visitor.goto(chip);
  await expect(visitor.getByRole("heading", { level: 1, name: ownerName })).toBeVisible();
  await noJs.close();
});

/** The link to one's company card on the company's overview. */
async function cardLink(page: Page) {
  const link = page.getByRole("region", { name: "Your company card" }).getByRole("link").first();
  await expect(link).toBeVisible();
  return link;
}

/** The shop adds a physical card to the page and writes it; its chip address. */
async function writtenChip(adminPage: Page, slug: string) {
  await adminPage.goto(`/admin-dashboard/cards?q=${slug}`);
  await adminPage
    .getByRole("link", { name: /^Edit card WC\d{4}/ })
    .first()
    .click();
  await adminPage.getByRole("button", { name: "Add physical card" }).click();
  await expect(adminPage.getByText("Physical card added")).toBeVisible();
  await adminPage
    .getByRole("button", { name: /^Mark written: / })
    .first()
    .click();
  const text = await adminPage.getByRole("region", { name: /Card status/ }).textContent();
  return /\/c\/[0-9A-Za-z]{11}/.exec(text ?? "")![0];
}
