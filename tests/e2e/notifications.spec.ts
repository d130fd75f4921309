// Settings → Notifications and what it governs: the choices survive a reload, the weekly digest reaches one card
// owner and not another who turned it off, its unsubscribe link works signed out, and a guest buyer's
// confirmation e-mail puts the card on a new account.
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { firstLink, readMailbox, waitForEmail } from "../support/mailbox";
import {
  type Customer,
  createCustomer,
  deliveryAddress,
  expect,
  logIn,
  paidOrder,
  test,
  uniqueEmail,
} from "./fixtures";

const SETTINGS = "/dashboard/settings/notifications";
const toggles = ["Email Notifications", "Card Taps", "Link Clicks", "Marketing Updates"] as const;

async function checkedStates(page: Page) {
  const states: Record<string, boolean> = {};
  for (const name of toggles) states[name] = await page.getByRole("checkbox", { name }).isChecked();
  return states;
}

test("notification choices are saved and survive a reload; the tab passes axe on a phone and a desktop", async ({
  page,
  signedInCustomer,
  browser,
  baseURL,
}) => {
  expect(signedInCustomer.email).toBeTruthy();
  await page.goto(SETTINGS);
  await expect(page.getByRole("link", { name: "Notifications" })).toHaveAttribute("aria-current", "page");
  expect(await checkedStates(page)).toEqual({
    "Email Notifications": true,
    "Card Taps": true,
    "Link Clicks": false,
    "Marketing Updates": false,
  });

  await page.getByRole("checkbox", { name: "Card Taps" }).uncheck();
  await page.getByRole("checkbox", { name: "Link Clicks" }).check();
  await page.getByRole("checkbox", { name: "Marketing Updates" }).check();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Notification preferences saved")).toBeVisible();

  await page.reload();
  const saved = {
    "Email Notifications": true,
    "Card Taps": false,
    "Link Clicks": true,
    "Marketing Updates": true,
  };
  expect(await checkedStates(page)).toEqual(saved);
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(SETTINGS);
  expect(await checkedStates(page)).toEqual(saved);
  await expectNoSeriousA11yViolations(page);

  // Without JavaScript the form posts and saves all the same.
  const noScript = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto(SETTINGS);
  await plain.getByRole("checkbox", { name: "Marketing Updates" }).uncheck();
  const posted = plain.waitForResponse((r) => r.url().endsWith(SETTINGS) && r.request().method() === "POST");
  await plain.getByRole("button", { name: "Save preferences" }).click();
  expect((await posted).status()).toBe(302);
  await expect(plain.getByRole("status")).toContainText("Notification preferences saved");
  await plain.goto(SETTINGS);
  expect(await checkedStates(plain)).toEqual({ ...saved, "Marketing Updates": false });
  await noScript.close();
});

/** Buys a Multi Link card signed in (so it is the customer's own) and returns its public address. */
async function ownCard(page: Page, adminPage: Page, customer: Customer, name: string) {
  await page.goto("/order-card?type=multi-link");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Instagram").fill("https://instagram.com/digest");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  await paidOrder(page, adminPage, deliveryAddress({ email: customer.email }));
  const confirmed = await waitForEmail(customer.email, /confirmed/);
  return firstLink(confirmed.text.slice(confirmed.text.indexOf("live now")), "http");
}

/** Opens the card's public page as a visitor and waits until the dashboard counts the view. */
async function visitAndWaitForCount(page: Page, cardUrl: string) {
  await page.goto(cardUrl);
  await page.goto("/dashboard/cards");
  const views = page
    .getByRole("listitem")
    .filter({ hasText: new URL(cardUrl).pathname })
    .getByRole("definition")
    .nth(1);
  await expect(async () => {
    await page.reload();
    await expect(views).toHaveText("1", { timeout: 1000 });
  }).toPass();
}

test("the weekly digest reaches a card owner, not one who turned it off, and its link unsubscribes signed out", async ({
  page,
  signedInCustomer: ann,
  adminPage,
  browser,
  baseURL,
  request,
}) => {
  const bobContext = await browser.newContext({ baseURL });
  const bobPage = await bobContext.newPage();
  const bob = await createCustomer(bobPage, { name: "Bob Quiet" });
  await logIn(bobPage, bob.email, bob.password);
  await expect(bobPage).toHaveURL(/\/dashboard$/);

  const annCard = await ownCard(page, adminPage, ann, "Ann Digest");
  const bobCard = await ownCard(bobPage, adminPage, bob, "Bob Digest");

  // Bob turns the card taps digest off (link clicks are off from the start).
  await bobPage.goto(SETTINGS);
  await bobPage.getByRole("checkbox", { name: "Card Taps" }).uncheck();
  await bobPage.getByRole("button", { name: "Save preferences" }).click();
  await expect(bobPage.getByText("Notification preferences saved")).toBeVisible();

  await visitAndWaitForCount(bobPage, bobCard);
  await visitAndWaitForCount(page, annCard);

  // Run the job as next week's hourly round would: this week is then the week it reports.
  const nextWeek = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
  const run = await request.post(`/__test/weekly-digests?now=${encodeURIComponent(nextWeek)}`);
  expect(run.status()).toBe(200);

  const digest = await waitForEmail(ann.email, /weekly digest/);
  expect(digest.text).toContain("Ann Digest");
  expect(digest.text).toMatch(/1 view: 0 NFC taps, 0 QR code scans, 1 visit from a shared link\./);
  // A second run sends nothing twice; Bob never gets one.
  expect(
    (await (await request.post(`/__test/weekly-digests?now=${encodeURIComponent(nextWeek)}`)).json()).sent,
  ).toBe(0);
  const digestsTo = (to: string) =>
    readMailbox().filter((m) => m.to.includes(to) && /weekly digest/.test(m.subject));
  expect(digestsTo(ann.email)).toHaveLength(1);
  expect(digestsTo(bob.email)).toHaveLength(0);

  // The unsubscribe link, opened signed out: a question first, then the digests are off.
  const strangerContext = await browser.newContext({ baseURL });
  const stranger = await strangerContext.newPage();
  await stranger.goto(firstLink(digest.text, "/unsubscribe"));
  await expect(stranger.getByRole("heading", { name: "Unsubscribe from weekly digests" })).toBeVisible();
  await expect(stranger.getByText(ann.email)).toBeVisible();
  await expectNoSeriousA11yViolations(stranger);
  await stranger.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(stranger.getByText("You have been unsubscribed.")).toBeVisible();
  await stranger.setViewportSize({ width: 375, height: 800 });
  await expectNoSeriousA11yViolations(stranger);
  await strangerContext.close();

  await page.goto(SETTINGS);
  expect(await checkedStates(page)).toMatchObject({ "Card Taps": false, "Link Clicks": false });
  await bobContext.close();
});

test("a guest buyer's confirmation e-mail puts the card on a new account for that address", async ({
  browser,
  baseURL,
  adminPage,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const email = uniqueEmail("guest");
  await page.goto("/order-card?type=multi-link");
  await page.getByLabel("Name", { exact: true }).fill("Gail Guest");
  await page.getByLabel("Instagram").fill("https://instagram.com/gail");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  await paidOrder(page, adminPage, deliveryAddress({ email }));

  const confirmed = await waitForEmail(email, /confirmed/);
  const link = firstLink(confirmed.text, "/claim-cards");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Add your cards to an account" })).toBeVisible();
  await expect(page.getByText("Gail Guest", { exact: false }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Password").fill("guest-pass-123");
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole("button", { name: "Create account and add the cards" }).click();
  await expect(page).toHaveURL(/\/dashboard\/cards$/);
  await expect(page.getByText("Card added to your account")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Gail Guest" })).toBeVisible();

  // The link works once.
  await page.goto(link);
  await expect(page.getByText("This link has already been used.")).toBeVisible();
  await context.close();
});
