// The reseller programme end to end: a customer shares their referral link, a visitor buys through it with the
// referral discount, the admin completes the order and pays the commission out, and the customer sees each step.
import { CARDS, commissionFor, REFERRAL_DISCOUNT_PERCENT } from "../../app/catalog";
import { DELIVERY_OPTIONS } from "../../app/delivery-options";

const DELIVERY_FEE = DELIVERY_OPTIONS["uk-standard"].price;

import { formatPence } from "../../app/utils/money";
import { expectNoSeriousA11yViolations } from "../support/axe";
import {
  addMultiLinkCard,
  checkout,
  createCustomer,
  deliveryAddress,
  expect,
  logIn,
  markPaid,
  placedOrderNumber,
  test,
  uniqueEmail,
} from "./fixtures";

const price = CARDS["multi-link"].price;
const discount = Math.round(((price + DELIVERY_FEE) * REFERRAL_DISCOUNT_PERCENT) / 100);
const total = formatPence(price + DELIVERY_FEE - discount);
const commission = formatPence(commissionFor(price));

test("a referral through the customer's link earns a commission they see completed and then paid out", async ({
  page,
  adminPage,
  browser,
  baseURL,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const referrerName = `Avery Reseller ${suffix}`;
  const referrer = await createCustomer(page, {
    name: referrerName,
    email: uniqueEmail("avery"),
    password: "reseller-pass-1",
  });
  await logIn(page, referrer.email, referrer.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // A finds the section in the sidebar and copies the link.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Resell" }).click();
  await expect(page.getByRole("heading", { name: "Resell", level: 1 })).toBeVisible();
  await expect(page.getByText("No referrals yet.")).toBeVisible();
  const link = await page.getByLabel(/Anyone who orders through this link/).inputValue();
  expect(link).toMatch(/\/\?ref=[A-Za-z0-9_-]+$/);
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Copied!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(page.getByRole("img", { name: `QR code that opens ${link}` }).locator("path")).toHaveAttribute(
    "d",
    /^M\d/,
  );
  const steps = page.getByRole("region", { name: "How it works" });
  await expect(steps.getByText("You earn 20%")).toBeVisible();
  await expect(
    steps.getByText(new RegExp(`${commission.replace(".", "\\.")} for every Multi Link card`)),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // B opens the link in a browser of their own and buys a Multi Link card with the referral discount.
  const buyerContext = await browser.newContext({ baseURL });
  const buyer = await buyerContext.newPage();
  await buyer.goto(new URL(link).pathname + new URL(link).search);
  await addMultiLinkCard(buyer, "Blake Card");
  const panel = buyer.getByRole("complementary", { name: "Your cart" });
  await expect(panel.getByLabel("Referred by")).toHaveValue(/.+/);
  await expect(panel.getByLabel("Referred by").locator("option:checked")).toHaveText(referrerName);
  await expect(panel).toContainText(total);
  await checkout(
    buyer,
    "Bank transfer",
    deliveryAddress({ fullName: "Blake Buyer", email: uniqueEmail("blake") }),
  );
  const orderNumber = await placedOrderNumber(buyer);
  await buyerContext.close();

  await markPaid(adminPage, orderNumber);
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: "Blake B." });
  await expect(row).toContainText("Pending");
  await adminPage.getByRole("button", { name: "Mark completed" }).click();
  await expect(adminPage.getByText(`Order ${orderNumber} marked as completed`)).toBeVisible();

  // A sees the referral completed and the commission earned and owed; the buyer's surname stays private.
  await page.reload();
  await expect(row).toContainText("Multi Link");
  await expect(row).toContainText(total);
  await expect(row).toContainText(commission);
  await expect(row).toContainText("Completed");
  await expect(page.getByText("Blake Buyer")).toHaveCount(0);
  const figures = page.getByRole("region", { name: "Your referral figures" });
  await expect(figures.getByRole("definition").first()).toHaveText("1");
  await expect(figures).toContainText(`Total Earnings${commission}`);
  await expect(page.getByRole("progressbar", { name: "Conversion Rate" })).toHaveAttribute(
    "aria-valuenow",
    "100",
  );
  const payouts = page.getByRole("region", { name: "Payouts" });
  await expect(payouts).toContainText(`Owed to you${commission}`);

  // A customer cannot open the admin's Commissions section.
  await page.goto("/admin-dashboard/commissions");
  await expect(page).toHaveURL(/\/admin-login/);

  // The admin pays A's commission out with a reference.
  await adminPage.goto("/admin-dashboard");
  await adminPage
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Commissions" })
    .click();
  const owed = adminPage.getByRole("list", { name: "Referrers owed" }).getByRole("listitem").filter({
    hasText: referrerName,
  });
  await expect(owed).toContainText(commission);
  await expectNoSeriousA11yViolations(adminPage);
  await owed.getByRole("button", { name: `Mark paid out ${referrerName}` }).click();
  await expect(owed.getByText("Enter the payment reference")).toBeVisible();
  await owed.getByLabel(`Payment reference for ${referrerName}`).fill(`BACS-${suffix}`);
  await owed.getByRole("button", { name: `Mark paid out ${referrerName}` }).click();
  await expect(
    adminPage.getByText(`${commission} to ${referrerName} (reference BACS-${suffix})`),
  ).toBeVisible();
  await expect(owed).toHaveCount(0);
  await adminPage.getByLabel("Status").selectOption("paid_out");
  await adminPage.getByRole("button", { name: "Filter" }).click();
  await expect(adminPage).toHaveURL(/status=paid_out/);
  await expect(adminPage.getByRole("row").filter({ hasText: orderNumber })).toContainText("Paid out");
  const csv = await adminPage.request.get("/admin-dashboard/commissions.csv?status=paid_out");
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`"${orderNumber}","${referrerName}"`);
  await adminPage.setViewportSize({ width: 375, height: 800 });
  await adminPage.reload();
  await expectNoSeriousA11yViolations(adminPage);

  // A sees it paid out.
  await page.goto("/dashboard/resell");
  await expect(row).toContainText("Paid out");
  await expect(payouts).toContainText(`Paid out${commission}`);
  await expect(payouts).toContainText(`Reference BACS-${suffix}`);
  await expect(payouts).toContainText(`Owed to you${formatPence(0)}`);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Resell", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the Resell section draws its QR code in the page, and nothing moves when the page's script starts", async ({
  page,
  signedInCustomer: _,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // Every layout shift from the first paint on, as Lighthouse counts them.
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await page.goto("/dashboard/resell");
  // The Copy button works once the page's script runs.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Copied!")).toBeVisible();
  await expect(page.getByRole("img", { name: /^QR code that opens / }).locator("path")).toHaveCount(1);
  // The code was in the HTML: no image request stood between the page and its largest paint.
  expect(requested.filter((p) => p.endsWith("/qr.svg"))).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
});
