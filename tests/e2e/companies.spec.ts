// A company as its owner and a new member meet it, with JavaScript off: create it, import people by CSV (a bad row
// first: nothing imported, the row named), a member accepts their invitation from the e-mail, and the switch says
// whether a page is Personal or the company's.
import { expectNoSeriousA11yViolations } from "../support/axe";
import { firstLink, waitForEmail } from "../support/mailbox";
import { createCustomer, expect, test, uniqueEmail } from "./fixtures";

const csv = (rows: string[]) => ["name,email,job_title,phone", ...rows].join("\n");

test("an owner creates a company, imports people by CSV, and a member joins from the invitation", async ({
  browser,
  baseURL,
  page,
  signedInCustomer,
  extraHTTPHeaders,
}) => {
  void signedInCustomer;
  const noJs = await browser.newContext({
    baseURL,
    extraHTTPHeaders,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const owner = await noJs.newPage();
  await owner.goto("/dashboard/companies");
  await owner.getByRole("textbox", { name: "Company name" }).fill("Acme Browsers Ltd");
  await owner.getByRole("button", { name: "Create company" }).click();
  await expect(owner.getByRole("heading", { level: 1, name: "Acme Browsers Ltd" })).toBeVisible();
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
      .getByLabel("CSV file")
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
  await expectNoSeriousA11yViolations(owner);

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
  await noJs.close();
});
