// Business lists end to end: a customer buys a Restaurants list by bank transfer, the admin marks it paid and the
// list's 20 businesses are the customer's; a second list brings 20 others, after which the demo pool has too few
// left: Restaurants is no longer offered, and a third is refused. The admin stocks a new business type from a CSV file and reads its report.
import { BUSINESS_LIST } from "../../app/catalog";
import { formatPence } from "../../app/utils/money";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { checkout, expect, markPaid, placedOrderNumber, test } from "./fixtures";

const buyLabel = `Buy List – ${formatPence(BUSINESS_LIST.price, { whole: true })}`;

test("a customer buys two Restaurants lists and gets 20 different businesses each", async ({
  page,
  adminPage,
  signedInCustomer,
}) => {
  expect(signedInCustomer.email).toBeTruthy();
  const listsPage = "/dashboard/cold-calling/lists";
  const purchased = page.getByRole("table", { name: "Your purchased lists" });

  async function buyRestaurants() {
    await page.goto(listsPage);
    await page.getByLabel("Business type").selectOption("restaurant");
    await page.getByRole("button", { name: buyLabel }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText("Business List").first()).toBeVisible();
    await checkout(page, "Bank transfer");
    const orderNumber = await placedOrderNumber(page);
    await markPaid(adminPage, orderNumber);
  }

  await page.goto(listsPage);
  await expect(page.getByText("No lists yet")).toBeVisible();
  const types = page.getByLabel("Business type").locator("option");
  // The demo pool holds 45 of each type: two full lists each.
  await expect(types).toHaveText([
    "Barbershops (2 lists left)",
    "Hair Salons (2 lists left)",
    "Restaurants (2 lists left)",
    "Retail Stores (2 lists left)",
  ]);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousA11yViolations(page);

  await buyRestaurants();
  await page.goto(listsPage);
  await expect(purchased.getByRole("row")).toHaveCount(2);
  await expect(purchased.getByRole("row").nth(1)).toContainText("Restaurants");
  await expect(purchased.getByRole("row").nth(1)).toContainText("20");
  // The list's businesses are the customer's prospects, ready to call.
  await page.goto("/dashboard/cold-calling");
  await expect(page.getByRole("main")).toContainText(/Total Prospects\s*20/);

  await buyRestaurants();
  await page.goto(listsPage);
  await expect(purchased.getByRole("row")).toHaveCount(3);
  for (const row of [1, 2])
    await expect(purchased.getByRole("row").nth(row)).toContainText(/Restaurants\s*20/);
  await page.goto("/dashboard/cold-calling");
  await expect(page.getByRole("main")).toContainText(/Total Prospects\s*40/);
  await page.goto(listsPage);
  await expectNoSeriousA11yViolations(page);

  // Two lists of 20 different restaurants leave 5 this customer lacks: less than a list, so Restaurants is no
  // longer offered, and a list bought anyway (an old form) is refused with the reason.
  await expect(types.first()).toHaveText("Barbershops (2 lists left)");
  await expect(types.filter({ hasText: "Restaurants" })).toHaveCount(0);
  await page.getByLabel("Business type").evaluate((select) => {
    const option = document.createElement("option");
    option.value = "restaurant";
    option.textContent = "Restaurants";
    select.append(option);
    (select as HTMLSelectElement).value = "restaurant";
  });
  await page.getByRole("button", { name: buyLabel }).click();
  await expect(page.getByRole("alert")).toContainText("only 5 you do not already have are left");
  await expect(page).toHaveURL(/\/dashboard\/cold-calling\/lists$/);
});

test("the admin adds a business type, uploads its leads and sees the bad row reported", async ({
  adminPage,
}) => {
  const label = `Coffee Shops ${Math.random().toString(36).slice(2, 7)}`;
  await adminPage.goto("/admin-dashboard/leads");
  await expect(adminPage.getByRole("table", { name: "Stock per business type" })).toContainText(
    "Restaurants",
  );
  await adminPage.getByLabel("Name").fill(label);
  await adminPage.getByRole("button", { name: "Add Business Type" }).click();
  await expect(adminPage.getByRole("link", { name: label })).toBeVisible();

  await adminPage.getByLabel("Business type", { exact: true }).selectOption({ label });
  await adminPage.getByLabel("CSV file").setInputFiles({
    name: "leads.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      [
        "business_name,contact_name,phone,email,address",
        "Bean There,Ann Lee,01632 960901,ann@example.com,1 High Street",
        "No Phone Cafe,Bo,not a number,,",
        "Daily Grind,,01632 960902,,",
      ].join("\r\n"),
    ),
  });
  await adminPage.getByRole("button", { name: "Upload CSV" }).click();
  const report = adminPage.getByRole("status").filter({ hasText: "Upload report" });
  await expect(report).toContainText(`2 leads added to ${label}. 1 refused`);
  await expect(report.getByRole("list", { name: "Rows not added" })).toContainText(
    "Line 3: refused: phone is not a phone number",
  );
  await expect(adminPage.getByRole("table", { name: "Stock per business type" })).toContainText(`${label}2`);

  await adminPage.setViewportSize({ width: 375, height: 800 });
  await expectNoSeriousA11yViolations(adminPage);
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousA11yViolations(adminPage);

  // The new type is for sale to customers at once.
  await adminPage.goto(`/admin-dashboard/leads?type=${label.toLowerCase().replace(/ /g, "-")}`);
  await expect(adminPage.getByRole("heading", { name: `${label} leads (2)` })).toBeVisible();
});
