// Cold Calling end to end: a customer adds prospects by hand and from a CSV file, moves one to a meeting, adds a
// note, and sees the figures and the timeline change; every tab passes axe on a phone and on a desktop.
import { expectNoSeriousA11yViolations } from "../support/axe";
import { expect, test } from "./fixtures";

const HEADER = "business_name,contact_name,phone,email,address,business_type";

test("a customer works their prospects: add, import, change a status, add a note, and see it counted", async ({
  page,
  signedInCustomer,
}) => {
  expect(signedInCustomer.email).toBeTruthy();
  await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Cold Calling" })
    .click();
  await expect(page.getByRole("heading", { name: "Cold Calling", level: 1 })).toBeVisible();
  const figures = page.getByRole("region", { name: "Your figures" });
  await expect(figures.getByText("Total Prospects")).toBeVisible();
  await expect(figures.getByText("No prospects yet")).toBeVisible();

  const tabs = page.getByRole("navigation", { name: "Cold Calling" });
  await tabs.getByRole("link", { name: "Prospects" }).click();
  await expect(page.getByText("No prospects yet")).toBeVisible();
  await expect(page.getByText("Purchase a business list to get started")).toBeVisible();
  await expect(page.getByRole("link", { name: "Purchase a business list" })).toHaveAttribute(
    "href",
    "/dashboard/cold-calling/lists",
  );

  // One by hand.
  const add = page.getByRole("region", { name: "Add a prospect" });
  await add.getByLabel("Business name").fill("Luigi's Trattoria");
  await add.getByLabel("Contact name").fill("Luigi");
  await add.getByLabel("Phone").fill("+44 20 7946 0000");
  await add.getByLabel("Business type").selectOption({ label: "Restaurants" });
  await add.getByRole("button", { name: "Add prospect" }).click();
  const table = page.getByRole("table");
  const luigi = table.getByRole("row").filter({ hasText: "Luigi's Trattoria" });
  await expect(luigi).toBeVisible();
  await expect(luigi.getByRole("link", { name: "+44 20 7946 0000" })).toHaveAttribute(
    "href",
    "tel:+442079460000",
  );

  // Two more from a file with one bad row: the good rows go in, the bad one is reported.
  await page.getByLabel("CSV file").setInputFiles({
    name: "prospects.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      [
        HEADER,
        "Snips Salon,Sam,020 7946 0001,,,salon",
        "No Number Ltd,,call me,,,retail",
        "Corner Shop,,020 7946 0002,,,Retail Stores",
      ].join("\r\n"),
    ),
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("2 prospects imported.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Refused rows" })).toHaveText(
    "Line 3: Phone numbers should only contain numbers and optionally a + character.",
  );
  await expect(table.getByRole("row").filter({ hasText: "Snips Salon" })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "Corner Shop" })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "No Number Ltd" })).toHaveCount(0);

  // Filters: by type, then a search.
  await page.getByLabel("Type", { exact: true }).selectOption({ label: "Hair Salons" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/type=salon/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await page.goto("/dashboard/cold-calling/prospects");
  await expectNoSeriousA11yViolations(page);

  // A meeting with Luigi: choosing it in the dropdown saves it, no button to press (the Save button is only for
  // a browser without JavaScript, and is gone once the page runs).
  await expect(luigi.getByRole("button", { name: /^Save/ })).toHaveCount(0);
  await luigi.getByLabel("Status of Luigi's Trattoria").focus();
  await luigi.getByLabel("Status of Luigi's Trattoria").selectOption("meeting_scheduled");
  await expect(page.getByText("Status updated", { exact: true })).toBeVisible();
  await expect(page.getByText("Prospect status has been updated")).toBeVisible();
  await expect(luigi.getByRole("cell", { name: "Meeting scheduled", exact: true })).toBeVisible();
  await expect(luigi.getByLabel("Status of Luigi's Trattoria")).toBeFocused();
  // The list is read again: filtered to Not contacted, Luigi leaves it as soon as the change is saved.
  await page.goto("/dashboard/cold-calling/prospects?status=not_contacted");
  const snips = table.getByRole("row").filter({ hasText: "Snips Salon" });
  await expect(snips.getByRole("button", { name: /^Save/ })).toHaveCount(0);
  await snips.getByLabel("Status of Snips Salon").selectOption("contacted");
  await expect(table.getByRole("row").filter({ hasText: "Snips Salon" })).toHaveCount(0);
  await expect(table.getByRole("row").filter({ hasText: "Corner Shop" })).toBeVisible();
  await page.goto("/dashboard/cold-calling/prospects");

  // A note on Luigi, from the row's link.
  await luigi.getByRole("link", { name: /Notes/ }).click();
  await expect(page.getByRole("heading", { name: /Luigi's Trattoria/, level: 2 })).toBeVisible();
  await page.getByLabel("Note about Luigi's Trattoria").fill("Meeting on Friday at 10, bring samples");
  await page.getByRole("button", { name: "Add note" }).click();
  const timeline = page.getByRole("list", { name: "Timeline of Luigi's Trattoria" });
  await expect(timeline.getByRole("listitem")).toHaveCount(2);
  await expect(timeline.getByRole("listitem").first()).toContainText(
    "Meeting on Friday at 10, bring samples",
  );
  await expect(timeline.getByRole("listitem").nth(1)).toContainText("Not contacted → Meeting scheduled");
  await expectNoSeriousA11yViolations(page);

  await tabs.getByRole("link", { name: "Activity" }).click();
  const all = page.getByRole("list", { name: "Activity timeline" });
  await expect(all.getByRole("listitem").first()).toContainText("Luigi's Trattoria");
  await expectNoSeriousA11yViolations(page);

  // The figures moved.
  await tabs.getByRole("link", { name: "Overview" }).click();
  const figure = (label: string) =>
    figures.getByText(label, { exact: true }).locator("xpath=following-sibling::dd[1]");
  await expect(figure("Total Prospects")).toHaveText("3");
  await expect(figure("Contacted")).toHaveText("2");
  await expect(figure("Meetings")).toHaveText("1");
  await expect(figure("Sales Made")).toHaveText("0");
  await expect(figure("Conversion Rate")).toHaveText("0%");
  await expect(figures.getByText("Sales made over all prospects (0 of 3)")).toBeVisible();
  const recent = page.getByRole("list", { name: "Recent activity" });
  await expect(recent.getByRole("listitem")).toHaveCount(3);
  await expect(recent.getByRole("listitem").first()).toContainText("Meeting on Friday at 10");
  await expectNoSeriousA11yViolations(page);

  // The same pages on a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of [
    "/dashboard/cold-calling",
    "/dashboard/cold-calling/prospects",
    "/dashboard/cold-calling/activity",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Cold Calling", level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});
