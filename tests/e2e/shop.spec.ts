import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { waitForEmail } from "../support/mailbox";

const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

async function checkout(page: Page, email: string, method: "Bank transfer" | "Pay by card") {
  await page.goto("/cart");
  await page.getByRole("button", { name: "Complete Order" }).click();
  const delivery = page.getByRole("dialog", { name: "Delivery Information" });
  await expect(delivery).toBeVisible();
  await expect(delivery.getByLabel("Country")).toHaveValue("United Kingdom");
  await delivery.getByRole("button", { name: "Continue to Order Summary" }).click();
  await expect(delivery.getByText("Full name is required")).toBeVisible();
  await delivery.getByLabel("Full name").fill("Eve Example");
  await delivery.getByLabel("Email").fill(email);
  await delivery.getByLabel("Phone").fill("+44 7700 900123");
  await delivery.getByLabel("Address line 1").fill("1 High Street");
  await delivery.getByLabel("City").fill("London");
  await delivery.getByLabel("Postal code").fill("N1 1AA");
  await delivery.getByRole("button", { name: "Continue to Order Summary" }).click();
  const summary = page.getByRole("dialog", { name: "Order Summary" });
  await expect(summary).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await summary.getByLabel(method).check();
  await summary.getByRole("button", { name: /Place Order/ }).click();
}

async function adminLogIn(page: Page) {
  await page.goto("/admin-login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin-dashboard/);
}

async function openOrder(page: Page, orderNumber: string) {
  await page.goto(`/admin-dashboard?tab=orders&q=${orderNumber}`);
  await page.getByRole("link", { name: `View details of order ${orderNumber}` }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`Order ${orderNumber}`) })).toBeVisible();
}

test.describe
  .serial("the shop", () => {
    let card: { number: string; password: string; slug: string };

    test("a Multi Link card paid by bank transfer: cart, delivery, summary, receipt, e-mail, admin marks it paid and completed", async ({
      page,
      browser,
    }) => {
      const email = uniqueEmail("eve");
      await page.goto("/order-card");
      await expect(page.getByRole("group", { name: "Select Your Card Type" })).toBeVisible();
      await page.getByRole("radio", { name: /Multi Link/ }).check();
      await page.getByRole("button", { name: "Continue to Card Setup" }).click();
      await expect(page.getByRole("heading", { name: "Multi Link Card Setup" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();

      await page.getByLabel("Name", { exact: true }).fill("Eve Example");
      await page.getByLabel("Instagram").fill("https://instagram.com/eve");
      await page.getByLabel("Website").fill("https://eve.example");
      await page.getByLabel("Platform", { exact: true }).selectOption("custom");
      await expect(page.getByRole("button", { name: "Add Link" })).toBeDisabled();
      await page.getByLabel("Platform name").fill("Shop");
      await page.getByLabel("Link URL").fill("shop.eve.example");
      await page.getByRole("button", { name: "Add Link" }).click();
      await expect(page.getByText("URL must start with http:// or https://")).toBeVisible();
      await page.getByLabel("Link URL").fill("https://shop.eve.example");
      await page.getByRole("button", { name: "Add Link" }).click();
      await expect(page.getByRole("list", { name: "Added links" })).toContainText(
        "Shop: https://shop.eve.example",
      );
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(page.getByText("Added to cart")).toBeVisible();
      await expect(page.getByLabel("Instagram")).toHaveValue("");
      await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
      const panel = page.getByRole("complementary", { name: "Your cart" });
      await expect(panel).toContainText("Multi Link Card");
      await expect(panel).toContainText("£59.99");
      await expectNoSeriousA11yViolations(page);

      await checkout(page, email, "Bank transfer");
      await expect(page.getByRole("heading", { name: "Thank You for Your Order!" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Bank transfer details" })).toBeVisible();
      const orderNumber = (await page.locator("dd.font-mono").textContent())!.trim();
      expect(orderNumber).toMatch(/^WC\d{6}$/);
      await expect(page.getByRole("link", { name: "Cart", exact: true })).toBeVisible(); // the cart is empty now
      await expectNoSeriousA11yViolations(page);

      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download Receipt" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`receipt-${orderNumber}.html`);

      // The success page needs the secret link: the order number alone shows nothing.
      const other = await browser.newPage();
      await other.goto(`/payment-success?order=${orderNumber}`);
      await expect(other.getByRole("heading", { name: "Order Received" })).toBeVisible();
      await other.close();

      const placed = await waitForEmail(email, /payment instructions/);
      expect(placed.text).toContain(orderNumber);
      expect(placed.text).toContain("Sort code");

      await adminLogIn(page);
      await openOrder(page, orderNumber);
      await expect(page.getByText("Shop: https://shop.eve.example")).toBeVisible();
      await page.getByRole("button", { name: "Mark paid" }).click();
      await expect(page.getByText(`Order ${orderNumber} marked as paid`)).toBeVisible();
      const confirmed = await waitForEmail(email, /confirmed/);
      expect(confirmed.text).toContain("Total: £59.99");
      expect(confirmed.text).toContain("1 High Street");
      await page.getByRole("button", { name: "Mark completed" }).click();
      await expect(page.getByText(`Order ${orderNumber} marked as completed`)).toBeVisible();
      await expect(page.getByRole("button", { name: "Mark completed" })).toBeDisabled();
      await expect(page.getByText(/paid → completed by admin@e2e.test/)).toBeVisible();

      await page.getByRole("button", { name: "Create card page from order" }).click();
      await expect(page).toHaveURL(/\/admin-dashboard\/edit\//);
      const toast = (await page.getByText(/Edit password \(shown once\)/).textContent()) ?? "";
      card = {
        number: /#(WC\d{4})/.exec(toast)![1]!,
        password: /shown once\): (\S+)/.exec(toast)![1]!,
        slug: await page.getByLabel("Page URL Slug").inputValue(),
      };

      await page.goto("/admin-dashboard?tab=earnings");
      await expect(page.getByRole("definition").first()).not.toHaveText("£0.00");
      await expect(page.getByRole("columnheader", { name: "Revenue" })).toBeVisible();
    });

    test("a One Link card paid by card through the payment page and a signed webhook", async ({ page }) => {
      const email = uniqueEmail("carl");
      await page.goto("/order-card?type=one-link");
      await page.getByLabel("Platform").selectOption("website");
      await page.getByLabel("URL").fill("https://carl.example");
      await page.getByRole("button", { name: "Add Link" }).click();
      await expect(page.getByRole("button", { name: "Add Link" })).toBeDisabled();
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(page.getByText("Added to cart")).toBeVisible();

      await checkout(page, email, "Pay by card");
      await expect(page.getByRole("heading", { name: "Test checkout" })).toBeVisible();
      await expect(page.getByText("Amount due: £34.99")).toBeVisible();
      await page.getByRole("button", { name: /Pay £34.99/ }).click();
      await expect(page.getByRole("heading", { name: "Thank You for Your Order!" })).toBeVisible();
      const confirmed = await waitForEmail(email, /confirmed/);
      expect(confirmed.text).toContain("Paid by card");
      await expect(page.getByRole("link", { name: "Cart", exact: true })).toBeVisible();
    });

    test("leaving the card payment page cancels the order and keeps the cart", async ({ page }) => {
      await page.goto("/order-card?type=one-link");
      await page.getByLabel("URL").fill("https://kept.example");
      await page.getByRole("button", { name: "Add Link" }).click();
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(page.getByText("Added to cart")).toBeVisible();
      await checkout(page, uniqueEmail("kim"), "Pay by card");
      await page.getByRole("link", { name: "Cancel and go back" }).click();
      await expect(page.getByRole("heading", { name: "Order Canceled" })).toBeVisible();
      await expect(page.getByText("Your cart is still saved.")).toBeVisible();
      await page.goto("/cart");
      await expect(page.getByText("https://kept.example")).toBeVisible();
    });

    test("a paid update request with the edit password changes the public card page", async ({ page }) => {
      await page.goto("/update-links");
      await page.getByLabel("Card number").fill(card.number.slice(2));
      await expect(page.getByLabel("Card number")).toHaveValue(card.number);
      await page.getByLabel("Name").fill("Eve Example");
      await page.getByLabel("Email").fill("eve.update@example.com");
      await page.getByLabel("Platform").selectOption("TikTok");
      await page.getByLabel("URL").fill("https://tiktok.com/@eve-new");
      await page.getByLabel("Edit password (optional)").fill(card.password);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("button", { name: "Add to Cart (£1)" }).click();
      await expect(page.getByText("Update request added to cart")).toBeVisible();

      await page.goto("/cart");
      await expect(page.getByText("£0.00")).toBeVisible(); // no delivery fee for an update request
      await checkout(page, "eve.update@example.com", "Bank transfer");
      const orderNumber = (await page.locator("dd.font-mono").textContent())!.trim();

      const before = await page.request.get(`/${card.slug}`);
      // Links open through a click-counting redirect, so the page shows the new link by its title.
      expect(await before.text()).not.toContain("TikTok");
      await adminLogIn(page);
      await openOrder(page, orderNumber);
      await page.getByRole("button", { name: "Mark paid" }).click();
      await expect(page.getByText(`Order ${orderNumber} marked as paid`)).toBeVisible();
      await expect
        .poll(async () => (await (await page.request.get(`/${card.slug}`)).text()).includes("TikTok"))
        .toBe(true);
    });
  });

test("the shop pages fit a 375 px phone and pass axe", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const [path, heading] of [
    ["/order-card", "Order Your Card"],
    ["/order-card?type=multi-link", "Order Your Card"],
    ["/cart", "Your Cart"],
    ["/update-links", /Update Your Card/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBe(false);
    await expectNoSeriousA11yViolations(page);
  }
});
