// The customer dashboard's My Links section: a card bought while signed in shows its links; adding a link puts
// £1 in the cart, and once the order is paid the link is on the public card page without the admin's review.
import { expectNoSeriousA11yViolations } from "../support/axe";
import { addMultiLinkCard, checkout, expect, markPaid, paidOrder, placedOrderNumber, test } from "./fixtures";

test("a customer adds a link from My Links, pays £1 and the link is on the public card page", async ({
  page,
  signedInCustomer,
  adminPage,
  browser,
  baseURL,
}) => {
  expect(signedInCustomer.email).toBeTruthy();
  await page.goto("/dashboard/links");
  await expect(page.getByText("You have no cards on your account yet.")).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Order a card" })).toHaveAttribute("href", "/order-card");
  await expect(main.getByRole("link", { name: "Add a card" })).toHaveAttribute("href", "/dashboard/cards");

  // Bought while signed in: the paid order makes the card page on this account.
  await addMultiLinkCard(page);
  await paidOrder(page, adminPage);

  await page.goto("/dashboard/links");
  await expect(page.getByRole("heading", { name: "My Links", level: 1 })).toBeVisible();
  const instagram = page.getByRole("listitem").filter({ hasText: "https://instagram.com/mia" });
  await expect(instagram.getByRole("heading", { name: "Instagram" })).toBeVisible();
  await expect(instagram.getByText("Clicks: 0 in the last 30 days, 0 all time")).toBeVisible();
  await expect(instagram.getByRole("link", { name: /instagram\.com\/mia/ })).toHaveAttribute(
    "target",
    "_blank",
  );

  // Each link shows its platform's icon, sent with the page's data (on the first load and after a navigation):
  // drawn once in the page's sprite, which the row refers to.
  const iconId = (await instagram.locator("svg use").first().getAttribute("href"))?.slice(1);
  expect(iconId).toBe("link-icon-instagram");
  const instagramIcon = page.locator(`symbol#${iconId} path`).first();
  await expect(instagramIcon).toHaveAttribute("d", /^M7\.0301\.084c/);

  const tabs = page.getByRole("navigation", { name: "Link types" });
  await tabs.getByRole("link", { name: /^Social/ }).click();
  await expect(page).toHaveURL(/\?tab=social$/);
  await expect(instagramIcon).toHaveAttribute("d", /^M7\.0301\.084c/);
  await tabs.getByRole("link", { name: /^Payment/ }).click();
  await expect(page).toHaveURL(/\?tab=payment$/);
  await expect(tabs.getByRole("link", { name: /^Payment/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No payment links added yet")).toBeVisible();

  const publicPath = await page.getByRole("link", { name: /View public page/ }).getAttribute("href");
  await page.getByLabel("Title").fill("Tip jar");
  await page.getByLabel("URL").fill("https://paypal.me/mia");
  await expect(
    page.getByText(
      "Adding a link costs £1. It goes to your cart, and once paid it is made on your card automatically.",
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Add to cart (£1)" }).click();

  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("New link added to your cart")).toBeVisible();
  await expect(page.getByText(/Tip jar https:\/\/paypal\.me\/mia/)).toBeVisible();
  await expect(page.getByText("£1.00").first()).toBeVisible();

  await checkout(page, "Bank transfer");
  const orderNumber = await placedOrderNumber(page);
  expect(await (await page.request.get(publicPath!)).text()).not.toContain("Tip jar");
  await markPaid(adminPage, orderNumber);
  await expect
    .poll(async () => (await (await page.request.get(publicPath!)).text()).includes("<span>Tip jar</span>"))
    .toBe(true);

  await page.goto("/dashboard/links?tab=payment");
  await expect(page.getByRole("listitem").filter({ hasText: "https://paypal.me/mia" })).toBeVisible();
  await page.getByRole("link", { name: "Remove Tip jar" }).click();
  await expect(page.getByRole("form", { name: "Remove Tip jar from the card" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Without JavaScript the tabs and the forms work the same: the removal goes to the cart.
  const noScript = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto("/dashboard/links");
  await plain
    .getByRole("navigation", { name: "Link types" })
    .getByRole("link", { name: /^Payment/ })
    .click();
  await plain.getByRole("link", { name: "Remove Tip jar" }).click();
  await plain.getByRole("button", { name: "Add removal to cart (£1)" }).click();
  await expect(plain).toHaveURL(/\/cart$/);
  await expect(plain.getByText(/Remove a link \(https:\/\/paypal\.me\/mia\)/)).toBeVisible();
  await noScript.close();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/dashboard/links");
  await expect(instagram.getByRole("link", { name: "Edit Instagram" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow, "My Links scrolls sideways").toBe(false);
  await expectNoSeriousA11yViolations(page);
});

test("on a 375 px phone, Edit and Remove sit under the link's address, which stays on one line", async ({
  page,
  signedInCustomer,
  adminPage,
}) => {
  expect(signedInCustomer.email).toBeTruthy();
  await addMultiLinkCard(page);
  await paidOrder(page, adminPage);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/dashboard/links");
  const instagram = page.getByRole("listitem").filter({ hasText: "https://instagram.com/mia" });
  const address = (await instagram.getByRole("link", { name: /instagram\.com\/mia/ }).boundingBox())!;
  const title = (await instagram.getByRole("heading", { name: "Instagram" }).boundingBox())!;
  for (const name of ["Edit Instagram", "Remove Instagram"]) {
    const action = (await instagram.getByRole("link", { name }).boundingBox())!;
    expect(action.y, `${name} is below the address`).toBeGreaterThanOrEqual(address.y + address.height);
  }
  // One line of text, not a narrow column of a few characters per line.
  expect(address.height).toBeLessThan(title.height * 1.5);
});
