import { type Cookie, expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { firstLink, waitForEmail } from "../support/mailbox";

// These are whole purchase journeys (order, checkout, e-mail, admin): ~20 s each on an idle 2-core machine, so
// they get more than the default 30 s when the machine is busy.
test.describe.configure({ timeout: 90_000 });

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

let adminSession: Cookie[] | undefined;

/** Signs the page in as the admin. The sign-in form is rate limited, so this file uses it once. */
async function adminLogIn(page: Page) {
  if (adminSession) {
    await page.context().addCookies(adminSession);
    await page.goto("/admin-dashboard");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    return;
  }
  await page.goto("/admin-login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin-dashboard/);
  adminSession = (await page.context().cookies()).filter((c) => c.name.includes("session_token"));
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
      // The order number is given to the order, not to a cart that is only browsed.
      await expect(panel).toContainText("Order reference: given when you place your order");
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

test("an update request for the seeded card WC0341, paid and then applied from the review queue, changes /card/wc341", async ({
  page,
}) => {
  // The sample card has no owner account and its edit password is not known to anyone: a request for it is a
  // stranger's, so once paid it waits for the admin's review. The test adds a link of its own and looks for it.
  const email = uniqueEmail("alex");
  const address = `hello.${Date.now()}@morganco.example`;
  const mailto = `href="mailto:${address}"`;
  await page.goto("/update-links");
  await page.getByLabel("Card number").fill("0341");
  await expect(page.getByLabel("Card number")).toHaveValue("WC0341");
  await page.getByLabel("Name").fill("Alex Morgan");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Platform").selectOption("Email");
  await page.getByLabel("URL").fill(address);
  await page.getByRole("button", { name: "Add to Cart (£1)" }).click();
  await expect(page.getByText("Update request added to cart")).toBeVisible();

  await checkout(page, email, "Bank transfer");
  await expect(page.getByRole("heading", { name: "Thank You for Your Order!" })).toBeVisible();
  const orderNumber = (await page.locator("dd.font-mono").textContent())!.trim();
  const publicPage = async () => (await page.request.get("/card/wc341")).text();
  expect(await publicPage()).not.toContain(mailto);

  await adminLogIn(page);
  await openOrder(page, orderNumber);
  await page.getByRole("button", { name: "Mark paid" }).click();
  await expect(page.getByText(`Order ${orderNumber} marked as paid`)).toBeVisible();
  const queue = page.getByRole("region", { name: /Update requests to review/ });
  const request = queue.getByRole("listitem").filter({ hasText: orderNumber });
  await expect(request).toContainText(`Card WC0341: Add a link (Email ${address})`);
  await expect(request).toContainText("Ownership not proven");
  expect(await publicPage()).not.toContain(mailto);

  await request.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Update applied")).toBeVisible();
  await expect(queue.getByRole("listitem").filter({ hasText: orderNumber })).toHaveCount(0);
  await expect.poll(publicPage).toContain(mailto);
  expect(await (await page.request.get("/WC341")).text()).toContain(mailto);
});

test("a referrer the admin features appears in the cart's 'Referred by' selector, and goes when unfeatured", async ({
  page,
  browser,
}) => {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  const name = `Rhea Reseller ${letters.join("")}`;
  const email = uniqueEmail("rhea");
  const visitor = await browser.newPage();
  await visitor.goto("/register");
  await visitor.getByLabel("Full name").fill(name);
  await visitor.getByLabel("Email").fill(email);
  await visitor.getByLabel("Password").fill("reseller-pass-1");
  await visitor.getByRole("checkbox", { name: /I agree to the Terms of Service and Privacy Policy/ }).check();
  await visitor.getByRole("button", { name: "Create account" }).click();
  await expect(
    visitor.getByText("Registration successful, please check your email to verify your account."),
  ).toBeVisible();
  const verification = await waitForEmail(email, /Verify your e-mail/);
  await visitor.goto(firstLink(verification.text, "/api/auth/verify-email"));
  await expect(visitor).toHaveURL(/\/login\?verified=1/);

  await visitor.goto("/order-card"); // the cart panel beside the order form
  const selector = visitor.getByRole("complementary", { name: "Your cart" }).getByLabel("Referred by");
  await expect(selector).toContainText("Sam Taylor");
  await expect(selector).not.toContainText(name);

  await adminLogIn(page);
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Referrers" })
    .click();
  await expect(page.getByRole("heading", { name: "Referrers" })).toBeVisible();
  await page.getByLabel("Search by name, e-mail or referral code").fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: `Feature ${name}` }).click();
  await expect(page.getByText(`${name} is now listed under 'Referred by' in the cart`)).toBeVisible();
  await expect(page.getByRole("button", { name: `Stop featuring ${name}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await visitor.reload();
  await expect(selector).toContainText(name);

  await page.getByRole("button", { name: `Stop featuring ${name}` }).click();
  await expect(page.getByText(`${name} is no longer listed under 'Referred by' in the cart`)).toBeVisible();
  await visitor.reload();
  await expect(selector).not.toContainText(name);

  // Only an admin may change who is featured: anyone else posting the same form gets 403.
  const forged = await visitor.request.post("/admin-dashboard/referrers", {
    headers: { Origin: new URL(visitor.url()).origin },
    form: { intent: "set-featured", userId: "anyone", featured: "true" },
  });
  expect(forged.status()).toBe(403);
  await visitor.close();
});

test("without JavaScript, 'Add Link' adds a second additional link and the Multi Link card goes into the cart", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/order-card?type=multi-link");
  await expect(page.getByRole("heading", { name: "Multi Link Card Setup" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Nadia Noscript");
  await page.getByLabel("Instagram").fill("https://instagram.com/nadia");

  // A refused link keeps everything that was typed, with the reason beside the field.
  await page.getByLabel("Platform", { exact: true }).selectOption("website");
  await page.getByLabel("Link URL").fill("nadia.example");
  await page.getByRole("button", { name: "Add Link" }).click();
  await expect(page.getByText("URL must start with http:// or https://")).toBeVisible();
  await expect(page.getByLabel("Link URL")).toHaveValue("nadia.example");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Nadia Noscript");

  await page.getByLabel("Link URL").fill("https://nadia.example");
  await page.getByRole("button", { name: "Add Link" }).click();
  const added = page.getByRole("list", { name: "Added links" });
  await expect(added).toContainText("Website: https://nadia.example");
  await expect(page.getByLabel("Link URL")).toHaveValue("");
  await expect(page.getByLabel("Instagram")).toHaveValue("https://instagram.com/nadia");

  await expect(page.getByLabel("Platform name")).toBeHidden(); // shown by CSS while Custom is picked
  await page.getByLabel("Platform", { exact: true }).selectOption("custom");
  await page.getByLabel("Platform name").fill("Shop");
  await page.getByLabel("Link URL").fill("https://shop.nadia.example");
  await page.getByRole("button", { name: "Add Link" }).click();
  await expect(added.getByRole("listitem")).toHaveCount(2);
  await expect(added).toContainText("Shop: https://shop.nadia.example");
  const panel = page.getByRole("complementary", { name: "Your cart" });
  await expect(panel).toContainText("Your cart is empty"); // adding a link puts nothing in the cart

  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await expect(panel).toContainText("Multi Link Card – Nadia Noscript");
  await expect(panel).toContainText("Instagram: https://instagram.com/nadia");
  await expect(panel).toContainText("Website: https://nadia.example");
  await expect(panel).toContainText("Shop: https://shop.nadia.example");
  await context.close();
});
