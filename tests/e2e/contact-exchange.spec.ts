// Contact exchange from the visitor's side: the owner turns the form on in My Cards (the card's tab), a visitor on a phone
// without JavaScript shares their details from the card page, and the owner is e-mailed a link to them.
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { firstLink, waitForEmail } from "../support/mailbox";
import { expect, test } from "./fixtures";

const PHONE = { width: 375, height: 800 };
const SWITCH = "Let people share their details with you";

/** The form refuses posts sent less than 2 seconds after it was shown: wait until that much time has passed. */
async function waitTillFormMayBeSent(shownAt: number) {
  await expect.poll(() => Date.now() - shownAt, { intervals: [250], timeout: 10_000 }).toBeGreaterThan(2_200);
}

async function fitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test("a visitor on a phone without JavaScript shares their details from a card page, and the owner is e-mailed", async ({
  page,
  signedInCustomer,
  adminPage,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  // The admin makes a card and hands its number and edit password to the customer, who adds it.
  const slug = `cx-${Date.now()}`;
  const password = `handover-${Date.now()}`;
  await adminPage.goto("/admin-dashboard/create");
  await adminPage.getByLabel("Name", { exact: true }).fill("Jordan Keys");
  await adminPage.getByLabel("Page URL Slug").fill(slug);
  await adminPage.getByLabel("Edit Password").fill(password);
  await adminPage.getByLabel("URL of link 1").fill("https://jordan.example.com");
  await adminPage.getByRole("button", { name: "Save Card Page" }).click();
  const created = adminPage.getByText(/New card #WC\d{4} has been created successfully/);
  await expect(created).toBeVisible();
  const cardNumber = /#(WC\d{4})/.exec((await created.textContent()) ?? "")![1]!;

  await page.goto("/dashboard/cards");
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Edit password").fill(password);
  await page.getByRole("button", { name: "Add card" }).click();
  await expect(page.getByText("Card added to your account")).toBeVisible();

  // The visitor's phone: no JavaScript, the address of its own.
  const phone = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: PHONE,
    extraHTTPHeaders,
  });
  const visitor = await phone.newPage();
  const share = visitor.getByRole("link", { name: "Share your details with Jordan Keys" });

  // Off by default: the card page (now in memory) has no button.
  await visitor.goto(`/${slug}?s=nfc`);
  await expect(visitor.getByRole("link", { name: "Save contact" })).toBeVisible();
  await expect(share).toHaveCount(0);

  // The owner turns the form on from the card's tab in My Cards.
  await page.goto(`/dashboard/cards?card=${cardNumber}`);
  const toggle = page.getByRole("switch", { name: SWITCH });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(page.getByText("Visitors can now share their details with you")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await page.reload();
  await expect(page.getByRole("switch", { name: SWITCH })).toHaveAttribute("aria-checked", "true");
  await expectNoSeriousA11yViolations(page);

  // The cached page was refreshed by the switch: the button is there, below 'Save contact'.
  await visitor.goto(`/${slug}?s=nfc`);
  await expect(share).toBeVisible();
  expect(await visitor.content()).not.toContain("<script");
  await share.click();
  await expect(visitor).toHaveURL(new RegExp(`/${slug}/connect\\?s=nfc$`));
  await expect(visitor.getByRole("heading", { name: "Share your details with Jordan Keys" })).toBeVisible();
  let shownAt = Date.now();
  const consent = visitor.getByRole("checkbox", {
    name: /I agree that Jordan Keys may contact me and keep these details/,
  });
  await expect(consent).not.toBeChecked();
  await expect(visitor.getByRole("link", { name: "privacy notice" })).toHaveAttribute("href", "/privacy");

  // Without the consent box ticked: the error sits by it and what was typed stays.
  await visitor.getByLabel("Name").fill("Sam Visitor");
  await visitor.getByLabel("E-mail").fill("sam.visitor@example.com");
  await visitor.getByLabel("Company").fill("Visitor Ltd");
  await waitTillFormMayBeSent(shownAt);
  await visitor.getByRole("button", { name: "Share my details" }).click();
  await expect(visitor.getByText("Please tick the box to agree")).toBeVisible();
  await expect(visitor.getByLabel("Name")).toHaveValue("Sam Visitor");
  await expect(visitor.getByLabel("Company")).toHaveValue("Visitor Ltd");

  await consent.check();
  await visitor.getByRole("button", { name: "Share my details" }).click();
  await expect(visitor.getByRole("heading", { name: "Thanks, Jordan has your details" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Save Jordan Keys's contact" })).toHaveAttribute(
    "href",
    `/card/${slug}/contact.vcf`,
  );
  await phone.close();

  // The owner's e-mail, with a link to the contact; nothing went to the visitor.
  const mail = await waitForEmail(signedInCustomer.email, /New contact: Sam Visitor/);
  expect(firstLink(mail.text, "/dashboard/contacts/")).toMatch(/\/dashboard\/contacts\/[0-9a-f-]{36}$/);
  expect(mail.text).toContain("tapped your card");
  // The link opens the contact in the owner's Contacts: every field, and how the page was opened.
  await page.goto(new URL(firstLink(mail.text, "/dashboard/contacts/")).pathname);
  await expect(page.getByRole("heading", { name: "Sam Visitor", level: 1 })).toBeVisible();
  const details = page.getByRole("region", { name: "Details" });
  for (const text of ["sam.visitor@example.com", "Visitor Ltd", "NFC tap"])
    await expect(details.getByText(text)).toBeVisible();
  // Governed by Settings -> Notifications, on by default.
  await page.goto("/dashboard/settings/notifications");
  await expect(page.getByRole("checkbox", { name: "New Contacts" })).toBeChecked();

  // The form and its errors pass axe and fit a phone's width (checked where scripts may run).
  await page.setViewportSize(PHONE);
  await page.goto(`/${slug}/connect`);
  shownAt = Date.now();
  await expectNoSeriousA11yViolations(page);
  await fitsPhone(page);
  await waitTillFormMayBeSent(shownAt);
  await page.getByRole("button", { name: "Share my details" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await fitsPhone(page);
  await page.goto(`/${slug}`);
  await fitsPhone(page);
  await expectNoSeriousA11yViolations(page);
});

/** A card the admin makes and hands over to the signed-in customer, who turns its form on. */
async function ownCardWithForm(page: Page, adminPage: Page, name: string) {
  const slug = `cx-${Date.now()}`;
  const password = `handover-${Date.now()}`;
  await adminPage.goto("/admin-dashboard/create");
  await adminPage.getByLabel("Name", { exact: true }).fill(name);
  await adminPage.getByLabel("Page URL Slug").fill(slug);
  await adminPage.getByLabel("Edit Password").fill(password);
  await adminPage.getByLabel("URL of link 1").fill("https://owner.example.com");
  await adminPage.getByRole("button", { name: "Save Card Page" }).click();
  const created = adminPage.getByText(/New card #WC\d{4} has been created successfully/);
  await expect(created).toBeVisible();
  const cardNumber = /#(WC\d{4})/.exec((await created.textContent()) ?? "")![1]!;
  await page.goto("/dashboard/cards");
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Edit password").fill(password);
  await page.getByRole("button", { name: "Add card" }).click();
  await expect(page.getByText("Card added to your account")).toBeVisible();
  await page.goto(`/dashboard/cards?card=${cardNumber}`);
  await page.getByRole("switch", { name: SWITCH }).click();
  await expect(page.getByRole("switch", { name: SWITCH })).toHaveAttribute("aria-checked", "true");
  return slug;
}

test("the share form and its thanks page log no error in the browser console, none from the page's policy", async ({
  page,
  signedInCustomer: _owner,
  adminPage,
}) => {
  const slug = await ownCardWithForm(page, adminPage, "Casey Quiet");
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));

  await page.goto(`/${slug}?s=qr`);
  await page.getByRole("link", { name: "Share your details with Casey Quiet" }).click();
  await expect(page.getByRole("heading", { name: "Share your details with Casey Quiet" })).toBeVisible();
  const shownAt = Date.now();
  await page.getByLabel("Name").fill("Robin Visitor");
  await page.getByLabel("E-mail").fill("robin@visitor.example");
  await page.getByRole("checkbox", { name: /I agree that Casey Quiet may contact me/ }).check();
  await waitTillFormMayBeSent(shownAt);
  await page.getByRole("button", { name: "Share my details" }).click();
  await expect(page.getByRole("heading", { name: "Thanks, Casey has your details" })).toBeVisible();
  expect(errors).toEqual([]);
});
