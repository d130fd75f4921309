// The shop end to end: ordering cards, checking out by bank transfer or card, the admin's side of an order,
// paid update requests and featured referrers. Each test makes its own cart, order or card.
import { expectNoSeriousA11yViolations } from "../support/axe";
import { waitForEmail } from "../support/mailbox";
import {
  addOneLinkCard,
  cardFromPaidOrder,
  checkout,
  createCustomer,
  deliveryAddress,
  expect,
  fillDeliveryAddress,
  markPaid,
  openOrder,
  placedOrderNumber,
  test,
  uniqueEmail,
} from "./fixtures";

// These are whole purchase journeys (order, checkout, e-mail, admin): ~20 s each on an idle 2-core machine, so
// they get more than the default 30 s when the machine is busy.
test.describe.configure({ timeout: 90_000 });

test("a Multi Link card paid by bank transfer: cart, delivery, summary, receipt, e-mail, admin marks it paid and completed", async ({
  page,
  adminPage,
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

  await page.goto("/cart");
  await page.getByRole("button", { name: "Complete Order" }).click();
  const delivery = page.getByRole("dialog", { name: "Delivery Information" });
  await expect(delivery).toBeVisible();
  await expect(delivery.getByLabel("Country")).toHaveValue("GB");
  await expect(delivery.getByRole("radio", { name: /UK Track & Signed/ })).toBeChecked();
  await delivery.getByRole("button", { name: "Continue to Order Summary" }).click();
  await expect(delivery.getByText("Full name is required")).toBeVisible();
  await fillDeliveryAddress(delivery, deliveryAddress({ email }));
  await delivery.getByRole("button", { name: "Continue to Order Summary" }).click();
  const summary = page.getByRole("dialog", { name: "Order Summary" });
  await expect(summary).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await summary.getByLabel("Bank transfer").check();
  await summary.getByRole("button", { name: /Place Order/ }).click();
  const orderNumber = await placedOrderNumber(page);
  await expect(page.getByRole("heading", { name: "Bank transfer details" })).toBeVisible();
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

  await openOrder(adminPage, orderNumber);
  await expect(adminPage.getByText("Shop: https://shop.eve.example")).toBeVisible();
  await markPaid(adminPage, orderNumber);
  const confirmed = await waitForEmail(email, /confirmed/);
  expect(confirmed.text).toContain("Total: £59.99");
  expect(confirmed.text).toContain("1 High Street");
  await adminPage.getByRole("button", { name: "Mark completed" }).click();
  await expect(adminPage.getByText(`Order ${orderNumber} marked as completed`)).toBeVisible();
  await expect(adminPage.getByRole("button", { name: "Mark completed" })).toHaveCount(0);
  await expect(adminPage.getByText(/paid → completed by admin@e2e.test/)).toBeVisible();

  // The payment made the card page: the admin opens it, and its public page serves the order's links.
  await expect(adminPage.getByRole("button", { name: "Create card page from order" })).toHaveCount(0);
  const publicPath = await adminPage.getByRole("link", { name: /^\/[a-z0-9-]+$/ }).textContent();
  expect(confirmed.text).toContain(publicPath!);
  const card = await (await page.request.get(publicPath!)).text();
  expect(card).toContain("<h1>Eve Example</h1>");
  for (const title of ["Instagram", "Website", "Shop"]) expect(card).toContain(`<span>${title}</span>`);
  // Links open through a click-counting redirect: following each one lands on the order's links.
  const targets = [];
  for (const [, go] of card.matchAll(/href="(\/go\/[^"]+)"/g))
    targets.push((await page.request.get(go!, { maxRedirects: 0 })).headers().location);
  expect(targets.sort()).toEqual([
    "https://eve.example/",
    "https://instagram.com/eve",
    "https://shop.eve.example/",
  ]);
  await adminPage.getByRole("link", { name: /Open card page #WC\d{4}/ }).click();
  await expect(adminPage.getByRole("heading", { name: /Edit Card #WC\d{4}/ })).toBeVisible();

  await adminPage.goto("/admin-dashboard?tab=earnings");
  await expect(adminPage.getByRole("definition").first()).not.toHaveText("£0.00");
  await expect(adminPage.getByRole("columnheader", { name: "Revenue" })).toBeVisible();
});

test("a One Link card paid by card through the payment page and a signed webhook", async ({ page }) => {
  const email = uniqueEmail("carl");
  await addOneLinkCard(page, "https://carl.example");

  await checkout(page, "Pay by card", deliveryAddress({ email }));
  await expect(page.getByRole("heading", { name: "Test checkout" })).toBeVisible();
  await expect(page.getByText("Amount due: £34.99")).toBeVisible();
  await page.getByRole("button", { name: /Pay £34.99/ }).click();
  await expect(page.getByRole("heading", { name: "Thank You for Your Order!" })).toBeVisible();
  const confirmed = await waitForEmail(email, /confirmed/);
  expect(confirmed.text).toContain("Paid by card");
  await expect(page.getByRole("link", { name: "Cart", exact: true })).toBeVisible();
});

test("leaving the card payment page cancels the order, says so with its number, and keeps the cart", async ({
  page,
}) => {
  await addOneLinkCard(page, "https://kept.example");
  await checkout(page, "Pay by card");
  await page.getByRole("link", { name: "Cancel and go back" }).click();
  await expect(page.getByRole("heading", { name: "Order Canceled" })).toBeVisible();
  // The order exists (it has a number and stays in the order history as cancelled): the page says what happened.
  await expect(
    page.getByText(/^Order WC\d{6} was cancelled before payment, so you have not been charged\./),
  ).toBeVisible();
  await expect(page.getByText(/No order was placed/)).toHaveCount(0);
  await expect(page.getByText(/Your cart is still saved/)).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByText("https://kept.example")).toBeVisible();
});

test("a paid update request with the edit password changes the public card page", async ({
  page,
  adminPage,
}) => {
  const card = await cardFromPaidOrder(page, adminPage);
  await page.goto("/update-links");
  await page.getByLabel("Card number").fill(card.number.slice(2));
  await expect(page.getByLabel("Card number")).toHaveValue(card.number);
  await page.getByLabel("Name").fill("Eve Example");
  await page.getByLabel("Email").fill("eve.update@example.com");
  await page.getByLabel("Platform").selectOption("TikTok");
  await page.getByLabel("URL").fill("https://tiktok.com/@eve-new");
  await page.getByLabel("Edit password (optional)").fill(card.password);
  await expect(page.getByText("Each update costs £1 and will be added to your cart")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Add to Cart (£1)" }).click();
  await expect(page.getByText("Update request added to cart")).toBeVisible();

  await page.goto("/cart");
  await expect(page.getByText("£0.00")).toBeVisible(); // no delivery fee for an update request
  await checkout(page, "Bank transfer", deliveryAddress({ email: "eve.update@example.com" }));
  const orderNumber = await placedOrderNumber(page);
  // Nothing is posted for a link update: the page says what does happen.
  const next = page.getByRole("region", { name: "What happens next?" });
  await expect(next).toContainText(
    "Once your payment is received, your update is applied to the card page: at once when the card is yours",
  );
  await expect(next).not.toContainText("post");
  await expect(page.getByText(/^Delivering to/)).toHaveCount(0);

  const before = await page.request.get(`/${card.slug}`);
  // Links open through a click-counting redirect, so the page shows the new link by its title.
  expect(await before.text()).not.toContain("TikTok");
  await markPaid(adminPage, orderNumber);
  await expect
    .poll(async () => (await (await page.request.get(`/${card.slug}`)).text()).includes("TikTok"))
    .toBe(true);
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
  adminPage,
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

  await checkout(page, "Bank transfer", deliveryAddress({ email }));
  const orderNumber = await placedOrderNumber(page);
  const publicPage = async () => (await page.request.get("/card/wc341")).text();
  expect(await publicPage()).not.toContain(mailto);

  await markPaid(adminPage, orderNumber);
  const queue = adminPage.getByRole("region", { name: /Update requests to review/ });
  const request = queue.getByRole("listitem").filter({ hasText: orderNumber });
  await expect(request).toContainText(`Card WC0341: Add a link (Email ${address})`);
  await expect(request).toContainText("Ownership not proven");
  expect(await publicPage()).not.toContain(mailto);

  await request.getByRole("button", { name: "Apply" }).click();
  await expect(adminPage.getByText("Update applied")).toBeVisible();
  await expect(queue.getByRole("listitem").filter({ hasText: orderNumber })).toHaveCount(0);
  await expect.poll(publicPage).toContain(mailto);
  expect(await (await page.request.get("/WC341")).text()).toContain(mailto);
});

test("a referrer the admin features appears in the cart's 'Referred by' selector, and goes when unfeatured", async ({
  page: visitor,
  adminPage: page,
}) => {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  const name = `Rhea Reseller ${letters.join("")}`;
  const email = uniqueEmail("rhea");
  await createCustomer(visitor, { name, email, password: "reseller-pass-1" });

  await visitor.goto("/order-card"); // the cart panel beside the order form
  const selector = visitor.getByRole("complementary", { name: "Your cart" }).getByLabel("Referred by");
  await expect(selector).toContainText("Sam Taylor");
  await expect(selector).not.toContainText(name);

  await page.goto("/admin-dashboard");
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

test("the shop and sign-in pages run their scripts within the page's Content-Security-Policy, with no console errors", async ({
  page,
}) => {
  // Violations of the policy are events in the page (a refused eval probe is caught by the script and never
  // reaches the console), so the page records them itself from the first byte.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await addOneLinkCard(page);
  for (const path of ["/order-card", "/cart", "/update-links", "/login", "/register"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect({ path, violations }).toEqual({ path, violations: [] });
  }
  expect(errors).toEqual([]);
});
