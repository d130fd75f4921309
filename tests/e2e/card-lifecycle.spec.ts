// A card's life in the owner's hands: pausing it (its page says so and counts nothing), reporting one of its
// physical cards lost (that card stops opening the page, the other still does) and ordering a replacement that,
// once paid and written, opens the page at its own chip address. What My Cards says follows each step, and a
// pause by the shop is not the owner's to undo.
import type { Page } from "@playwright/test";
import { CARDS } from "../../app/catalog";
import { formatPence } from "../../app/utils/money";
import { expectNoSeriousA11yViolations } from "../support/axe";
import {
  addMultiLinkCard,
  checkout,
  deliveryAddress,
  expect,
  markPaid,
  paidOrder,
  placedOrderNumber,
  test,
} from "./fixtures";

const CHIP = /\/c\/[0-9A-Za-z]{11}/g;

/** The chip addresses the admin card view lists, in order. */
async function chipAddresses(adminPage: Page) {
  const text = await adminPage.getByRole("region", { name: /Card status/ }).textContent();
  return [...(text ?? "").matchAll(CHIP)].map((m) => m[0]);
}

async function markAllWritten(adminPage: Page) {
  const buttons = adminPage.getByRole("button", { name: /^Mark written: / });
  for (let left = await buttons.count(); left > 0; left--) {
    await buttons.first().click();
    await expect(buttons).toHaveCount(left - 1);
  }
}

test("an owner pauses a card, reports one card lost and replaces it, and each address answers accordingly", async ({
  page,
  signedInCustomer: owner,
  adminPage,
  browser,
  baseURL,
}) => {
  // Two orders, each paid by the admin, and every address visited: a long journey on a busy machine.
  test.setTimeout(180_000);
  // A Multi Link card bought by its owner, and a second physical card of the same page made by the shop.
  await addMultiLinkCard(page, "Lee Lifecycle");
  await paidOrder(page, adminPage, deliveryAddress({ email: owner.email }));
  await adminPage.getByRole("link", { name: /Open card page #WC\d{4}/ }).click();
  const heading = await adminPage.getByRole("heading", { name: /Edit Card #WC\d{4}/ }).textContent();
  const cardNumber = /#(WC\d{4})/.exec(heading ?? "")![1]!;
  const slug = await adminPage.getByLabel("Page URL Slug").inputValue();
  const adminCardUrl = adminPage.url();
  await adminPage.getByRole("button", { name: "Add physical card" }).click();
  await expect(adminPage.getByText("Physical card added")).toBeVisible();
  await markAllWritten(adminPage);
  const [lostChip, keptChip] = await chipAddresses(adminPage);
  expect(lostChip).toBeDefined();
  expect(keptChip).toBeDefined();

  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto(lostChip!);
  await expect(visitor.getByRole("heading", { name: "Lee Lifecycle" })).toBeVisible();

  // Pause, by keyboard.
  await page.goto(`/dashboard/cards?card=${cardNumber}`);
  const status = page.getByRole("region", { name: "Card status" });
  await expect(status.getByText("Live: your page opens from every card and its address.")).toBeVisible();
  // Bought since chip addresses: each card is listed once, with no block of older cards beside it.
  await expect(status.getByText(/^Older cards/)).toHaveCount(0);
  await expect(status.getByRole("button", { name: /^Report lost: / })).toHaveCount(2);
  await status.getByRole("button", { name: "Pause card" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Card paused").first()).toBeVisible();
  await expect(status.getByText(/^Paused:/)).toBeVisible();

  for (const address of [`/${slug}`, `/${slug}?s=nfc`, keptChip!]) {
    const res = await visitor.goto(address);
    expect(res?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { name: "This card is paused" })).toBeVisible();
    await expect(visitor.getByRole("link")).toHaveCount(0);
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  }
  const vcard = await visitor.request.get(`/card/${slug}/contact.vcf`);
  expect(await vcard.text()).toContain("This card is paused");
  await expect(page.getByRole("region", { name: "Card status" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The admin sees the state.
  await adminPage.goto(`/admin-dashboard/cards?q=${cardNumber}`);
  await expect(
    adminPage.getByRole("listitem").filter({ hasText: cardNumber }).getByText("Paused"),
  ).toBeVisible();

  await status.getByRole("button", { name: "Resume card" }).click();
  await expect(page.getByText("Card resumed").first()).toBeVisible();
  await visitor.goto(`/${slug}`);
  await expect(visitor.getByRole("heading", { name: "Lee Lifecycle" })).toBeVisible();
  // Only the view made while live is counted: the paused ones never were.
  await page.goto("/dashboard/cards");
  const views = page
    .getByRole("listitem")
    .filter({ hasText: `Card ${cardNumber}` })
    .getByRole("definition")
    .nth(1);
  await expect(async () => {
    await page.reload();
    await expect(views).toHaveText("2", { timeout: 1000 }); // the first chip tap and this visit
  }).toPass();

  // One card lost: only that card stops opening the page.
  await page.goto(`/dashboard/cards?card=${cardNumber}`);
  const lostForm = page.getByRole("group", { name: /^Lost Card …[0-9A-Za-z]{4}\?$/ }).first();
  await expect(lostForm.getByRole("radio", { name: /Turn off only this card/ })).toBeChecked();
  const lostLabel = `Card …${lostChip!.slice(-4)}`;
  const keptLabel = `Card …${keptChip!.slice(-4)}`;
  await page.getByRole("button", { name: `Report lost: ${lostLabel}` }).click();
  await expect(page.getByText("Card turned off").first()).toBeVisible();
  await expect(
    status.getByText(
      `Live: your page opens at its address and from ${keptLabel}; ${lostLabel} is turned off.`,
    ),
  ).toBeVisible();
  await expect(status.getByText("Turned off (lost): it no longer opens your page.")).toBeVisible();
  await visitor.goto(lostChip!);
  await expect(visitor.getByRole("heading", { name: "This card is turned off" })).toBeVisible();
  await visitor.goto(keptChip!);
  await expect(visitor.getByRole("heading", { name: "Lee Lifecycle" })).toBeVisible();
  await visitor.goto(`/${slug}`);
  await expect(visitor.getByRole("heading", { name: "Lee Lifecycle" })).toBeVisible();

  // A replacement: to the cart at the card's price, paid by bank transfer, written by the shop.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/dashboard/cards?card=${cardNumber}`);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: `Order a replacement: ${lostLabel}` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(`Replaces card ${cardNumber}`).first()).toBeVisible();
  await expect(page.getByText(formatPence(CARDS["multi-link"].price)).first()).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await checkout(page, "Bank transfer", deliveryAddress({ email: owner.email }));
  await markPaid(adminPage, await placedOrderNumber(page));

  // Paid: the owner reads that the replacement is on its way, and is not offered another.
  await page.goto(`/dashboard/cards?card=${cardNumber}`);
  await expect(
    status.getByText(/^Turned off \(lost\)\. A replacement is on its way: Card …\w{4} is being made\.$/),
  ).toBeVisible();
  await expect(status.getByRole("button", { name: `Order a replacement: ${lostLabel}` })).toHaveCount(0);

  await adminPage.goto(adminCardUrl);
  await expect(
    adminPage.getByText(`To write · replacement for ${lostLabel}`, { exact: false }),
  ).toBeVisible();
  const replacementChip = (await chipAddresses(adminPage))[2]!;
  await markAllWritten(adminPage);
  await visitor.goto(replacementChip);
  await expect(visitor.getByRole("heading", { name: "Lee Lifecycle" })).toBeVisible();
  await visitor.goto(lostChip!);
  await expect(visitor.getByRole("heading", { name: "This card is turned off" })).toBeVisible();
  // Who did what, when.
  const history = adminPage.getByRole("region", { name: /Card status/ });
  await expect(history.getByText(new RegExp(`Paused the page · ${owner.email}`))).toBeVisible();
  await expect(history.getByText(new RegExp(`Card turned off \\(lost\\) · ${owner.email}`))).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage);

  // The shop pauses the card: the owner is told so, and how to reach the shop, with no way to resume it.
  await adminPage.getByRole("button", { name: "Pause card" }).click();
  await expect(adminPage.getByRole("heading", { name: "Card status: Paused by the shop" })).toBeVisible();
  await page.goto(`/dashboard/cards?card=${cardNumber}`);
  await expect(status.getByText(/^Paused by the shop: .* Only the shop can resume it\.$/)).toBeVisible();
  await expect(status.getByRole("link", { name: "contact page" })).toHaveAttribute("href", "/contact");
  await expect(status.getByRole("button", { name: "Resume card" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await adminPage.getByRole("button", { name: "Resume card" }).click();
  await expect(adminPage.getByRole("heading", { name: "Card status: Live" })).toBeVisible();
});
