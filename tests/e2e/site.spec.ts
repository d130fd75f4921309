import { expect, type Page, test } from "@playwright/test";
import ICAL from "ical.js";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { waitForEmail } from "../support/mailbox";

// Every public page of the route table and the heading it must show.
const PAGES = [
  { path: "/", heading: "Share everything with one tap" },
  { path: "/about", heading: /^About / },
  { path: "/features", heading: "Features" },
  { path: "/pricing", heading: "Pricing" },
  { path: "/faq", heading: "Frequently Asked Questions" },
  { path: "/contact", heading: "Contact Us" },
  { path: "/socials", heading: /.+/ },
  { path: "/privacy", heading: "Privacy Policy" },
  { path: "/terms", heading: "Terms of Service" },
  { path: "/compatibility", heading: "Compatibility List" },
  { path: "/safety", heading: "Safety Guidelines" },
  { path: "/returns", heading: "Return Policy" },
  { path: "/no-such-page", heading: "Page not found" },
];

for (const { path, heading } of PAGES) {
  test(`${path} renders its heading and has no serious accessibility violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(path === "/no-such-page" ? 404 : 200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    if (path !== "/no-such-page") {
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
    }
    await expectNoSeriousA11yViolations(page);
  });
}

async function hydrated(page: Page) {
  // The carousel's controls only work once its script has attached its handlers.
  await expect(page.getByRole("button", { name: "Pause automatic slides" }).first()).toBeVisible();
}

test("home carousels advance by dots, arrows, keyboard and drag", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const steps = page.getByRole("region", { name: "How it works", exact: true });
  // Stop autoplay so the positions below are ours alone.
  await steps.getByRole("button", { name: "Pause automatic slides" }).click();
  await expect(steps.getByText("Step 1 of 3", { exact: true })).toBeVisible();

  await steps.getByRole("button", { name: "Go to step 3" }).click();
  await expect(steps.getByText("Step 3 of 3", { exact: true })).toBeVisible();
  await expect(steps.getByRole("heading", { name: "3. Share With a Tap" })).toBeVisible();
  await expect(steps).toHaveAttribute("data-settled", "true");

  // Drag left by more than 80 px: next slide (wraps to step 1).
  const box = (await steps.getByRole("group", { name: "Step 3 of 3" }).boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width - 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 140, y, { steps: 8 });
  await page.mouse.up();
  await expect(steps.getByText("Step 1 of 3", { exact: true })).toBeVisible();

  // Drag right by more than 80 px: previous slide.
  await expect(steps).toHaveAttribute("data-settled", "true");
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 140, y, { steps: 8 });
  await page.mouse.up();
  await expect(steps.getByText("Step 3 of 3", { exact: true })).toBeVisible();

  // A short drag snaps back.
  await expect(steps).toHaveAttribute("data-settled", "true");
  await page.mouse.move(box.x + 100, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 140, y, { steps: 4 });
  await page.mouse.up();
  await expect(steps).toHaveAttribute("data-settled", "true");
  await expect(steps.getByText("Step 3 of 3", { exact: true })).toBeVisible();

  const why = page.getByRole("region", { name: /^Why choose/ });
  await why.getByRole("button", { name: "Pause automatic slides" }).click();
  await why.getByRole("button", { name: "Go to feature 1" }).click();
  await expect(why).toHaveAttribute("data-settled", "true");
  // A move locks the carousel for 600 ms, so that rapid clicks do not skip slides: wait for it to end.
  await expect(why).toHaveAttribute("data-locked", "false");
  await why.getByRole("button", { name: "Next feature" }).click();
  await expect(why.getByText("Feature 2 of 6", { exact: true })).toBeVisible();
  await expect(why).toHaveAttribute("data-settled", "true");
  await expect(why).toHaveAttribute("data-locked", "false");
  await why.getByRole("button", { name: "Go to feature 5" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(why.getByText("Feature 1 of 6", { exact: true })).toBeVisible();
});

test("carousels advance on their own, but not for visitors who prefer reduced motion", async ({
  browser,
}) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Play automatic slides" }).first()).toBeVisible();
  await page.clock.runFor(13_000);
  await expect(page.getByText("Step 1 of 3", { exact: true })).toBeVisible();
  await context.close();

  const moving = await browser.newPage();
  await moving.clock.install();
  await moving.goto("/");
  await hydrated(moving);
  await moving.clock.runFor(6_500);
  await expect(moving.getByText("Step 2 of 3", { exact: true })).toBeVisible();
  await moving.close();
});

test("the FAQ keeps one answer open at a time", async ({ page }) => {
  await page.goto("/faq");
  const questions = page.locator("details");
  await expect(questions).toHaveCount(8);
  await page.getByText("How long does delivery take?").click();
  await expect(page.getByText(/1-3 working days/)).toBeVisible();
  await page.getByText("Can I cancel or return my order?").click();
  await expect(page.getByText(/within 24 hours of your order confirmation/)).toBeVisible();
  await expect(page.getByText(/1-3 working days/)).toBeHidden();
  await expect(page.locator("details[open]")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
});

test("pricing shows both plans from the catalogue with links to order", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page.getByText("£25", { exact: true })).toBeVisible();
  await expect(page.getByText("£50", { exact: true })).toBeVisible();
  await expect(page.getByText("Popular")).toBeVisible();
  await expect(page.getByText("No monthly fees", { exact: true })).toHaveCount(2);
  await expect(page.getByRole("link", { name: /Get Your Card: One Link/ })).toHaveAttribute(
    "href",
    "/order-card?type=one-link",
  );
  await expect(page.getByRole("link", { name: /Get Your Card: Multi Link/ })).toHaveAttribute(
    "href",
    "/order-card?type=multi-link",
  );
});

test("the contact form validates, reveals conditional fields and sends both e-mails", async ({ page }) => {
  await page.goto("/contact");
  const send = page.getByRole("button", { name: "Send Message" });
  await expect(send).toBeDisabled();

  await page.getByLabel("Name", { exact: true }).fill("Casey Contact");
  await page.getByLabel("Email", { exact: true }).fill("not-an-address");
  await page.getByLabel("Subject", { exact: true }).selectOption({ label: "Other (please specify)" });
  await expect(page.getByLabel("Custom Subject")).toBeVisible();
  await page.getByLabel("Custom Subject").fill("A question");
  await page.getByLabel("Subject", { exact: true }).selectOption({ label: "Delivery" });
  await expect(page.getByLabel("Custom Subject")).toBeHidden();
  await page.getByLabel("Message", { exact: true }).fill("Where is my parcel?");
  // Delivery needs an order number before Send is enabled.
  await expect(send).toBeDisabled();
  await page.getByLabel("Order Number").fill("WC123456");
  await expect(send).toBeEnabled();

  // Changing away clears the revealed field.
  await page.getByLabel("Subject", { exact: true }).selectOption({ label: "Support" });
  await page.getByLabel("Subject", { exact: true }).selectOption({ label: "Delivery" });
  await expect(page.getByLabel("Order Number")).toHaveValue("");
  await page.getByLabel("Order Number").fill("WC123456");

  // The server's verdict comes back with everything that was typed.
  await send.click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Order Number")).toHaveValue("WC123456");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Where is my parcel?");

  const email = `casey.${Date.now()}@example.com`;
  await page.getByLabel("Email", { exact: true }).fill(email);
  // While the message is on its way the page is navigating, so what Send showed then is kept for later.
  await page.evaluate(() => {
    const form = document.querySelector("form[data-contact-form]")!;
    form.addEventListener("submit", () =>
      setTimeout(() => {
        const button = form.querySelector("button[type=submit]") as HTMLButtonElement;
        sessionStorage.setItem("whileSending", `${button.textContent} ${button.disabled}`);
      }),
    );
  });
  await send.click();
  await expect(page.getByText("Message sent successfully!")).toBeVisible();
  await expect(page.getByText("Thank you for contacting us. We'll get back to you soon.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
  expect(await page.evaluate(() => sessionStorage.getItem("whileSending"))).toBe("Sending... true");

  const support = await waitForEmail("support@tapcard.example", /Contact form: Delivery/);
  expect(support.text).toContain("Where is my parcel?");
  expect(support.text).toContain("WC123456");
  expect(support.text).toContain(email);
  const ack = await waitForEmail(email, /We received your message/);
  expect(ack.text).toContain("Thank you for contacting us.");
});

test("marketing pages ship no framework: plain HTML, plus one small script where a page needs it", async ({
  page,
}) => {
  for (const [path, scripts] of [
    ["/pricing", 0],
    ["/faq", 0],
    ["/about", 0],
    ["/", 1],
    ["/contact", 1],
  ] as const) {
    await page.goto(path);
    await expect(page.locator("script"), path).toHaveCount(scripts);
    await expect(page.locator('link[rel="modulepreload"]'), path).toHaveCount(0);
  }
  // A page of the shop still hydrates React. (React Router drops its script tags once hydrated, so look for the
  // router itself rather than counting tags.)
  await page.goto("/order-card");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
});

test("after a client-side navigation, carousels and the contact form work the same", async ({ page }) => {
  await page.goto("/cart");
  // React has hydrated once it has attached its props to the header's elements.
  await page.waitForFunction(() =>
    Object.keys(document.querySelector("header a") ?? {}).some((k) => k.startsWith("__reactProps")),
  );
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Share everything with one tap" })).toBeVisible();
  // Still the same document: React rendered the page and enhanced its carousels.
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  const steps = page.getByRole("region", { name: "How it works", exact: true });
  await steps.getByRole("button", { name: "Pause automatic slides" }).click();
  await steps.getByRole("button", { name: "Go to step 2" }).click();
  await expect(steps.getByText("Step 2 of 3", { exact: true })).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
  await expect(page.getByRole("button", { name: "Send Message" })).toBeDisabled();
  await page.getByLabel("Subject", { exact: true }).selectOption({ label: "Other (please specify)" });
  await expect(page.getByLabel("Custom Subject")).toBeVisible();
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
});

test("the contact form works without JavaScript and reports field errors from the server", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");
  await page.getByLabel("Name", { exact: true }).fill("No Script");
  await page.getByLabel("Email", { exact: true }).fill(`noscript.${Date.now()}@example.com`);
  await page.getByLabel("Subject", { exact: true }).selectOption({ label: "Other (please specify)" });
  await page.getByRole("button", { name: "Send Message" }).click();
  // Each message is tied to its field, so a screen reader reads it with the field.
  await expect(page.getByLabel("Message", { exact: true })).toHaveAccessibleDescription(
    "Message is required",
  );
  await page.getByLabel("Message", { exact: true }).fill("Hello without JavaScript");
  await page.getByRole("button", { name: "Send Message" }).click();
  // Without JavaScript the custom subject field appears after the server asks for it.
  await expect(page.getByLabel("Custom Subject")).toHaveAccessibleDescription("Please specify the subject");
  await page.getByLabel("Custom Subject").fill("Plain HTML");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText(/Message sent successfully!/)).toBeVisible();
  await context.close();
});

test("at 375 px the header collapses into a menu with cart and order links", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu.getByRole("link", { name: "View Cart (0)" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Order Your Card" })).toHaveAttribute("href", "/order-card");
  await expect(menu.getByRole("link", { name: "Log in" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await menu.getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("navigation", { name: "Mobile" })).toHaveCount(0);
});

test("the header becomes compact after 20 px of scrolling", async ({ page }) => {
  await page.goto("/terms");
  const header = page.getByRole("banner");
  const tall = (await header.boundingBox())!.height;
  await page.mouse.wheel(0, 400);
  await expect.poll(async () => (await header.boundingBox())!.height).toBeLessThan(tall);
});

test("socials offers the company contact card as a valid vCard", async ({ page }) => {
  await page.goto("/socials");
  await expect(page.getByRole("link", { name: "Go to Website" })).toHaveAttribute("href", "/");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Contact Card" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.vcf$/);
  const text = await (await import("node:fs/promises")).readFile((await file.path())!, "utf8");
  const card = new ICAL.Component(ICAL.parse(text));
  expect(card.getFirstPropertyValue("fn")).toBeTruthy();
  expect(card.getFirstPropertyValue("email")).toMatch(/@/);
  expect(String(card.getFirstPropertyValue("url"))).toMatch(/\/socials$/);
  expect(card.getFirstPropertyValue("note")).toBeTruthy();
});

test("sitemap and robots list the public pages", async ({ request, baseURL }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${baseURL}/pricing</loc>`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
