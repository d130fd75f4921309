// Delivery options in the browser: a card sent to France by international delivery shows the option's fee and
// promise in the cart and the order summary, on the success page, in the receipt and in the e-mail.
import fs from "node:fs/promises";
import { DELIVERY_OPTIONS } from "../../app/delivery-options";
import { formatPence } from "../../app/utils/money";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { waitForEmail } from "../support/mailbox";
import {
  addOneLinkCard,
  deliveryAddress,
  expect,
  fillDeliveryAddress,
  placedOrderNumber,
  test,
  uniqueEmail,
} from "./fixtures";

test.describe.configure({ timeout: 90_000 });

const international = DELIVERY_OPTIONS.international;
const label = `${international.name} (${international.promise})`;
const fee = formatPence(international.price);
const total = formatPence(2500 + international.price);

test("a card sent to France by international delivery: fee and promise in the cart, summary, receipt and e-mail", async ({
  page,
}) => {
  const email = uniqueEmail("france");
  await addOneLinkCard(page, "https://paris.example");
  await page.goto("/cart");
  await page.getByRole("button", { name: "Complete Order" }).click();
  const delivery = page.getByRole("dialog", { name: "Delivery Information" });
  await fillDeliveryAddress(
    delivery,
    deliveryAddress({ email, line1: "1 Rue de Rivoli", city: "Paris", postalCode: "75001" }),
  );
  await expect(delivery.getByRole("radio", { name: /UK Track & Signed/ })).toBeChecked();
  await delivery.getByLabel("Country").selectOption({ label: "France" });
  // The UK options do not post abroad: with JavaScript they are disabled once France is chosen.
  await expect(delivery.getByRole("radio", { name: /UK Express/ })).toBeDisabled();
  await delivery.getByRole("radio", { name: new RegExp(international.name) }).check();
  await expect(delivery).toContainText(`${international.promise}${fee}`);
  await expectNoSeriousA11yViolations(page);
  await delivery.getByRole("button", { name: "Continue to Order Summary" }).click();

  const summary = page.getByRole("dialog", { name: "Order Summary" });
  await expect(summary).toContainText(label);
  await expect(summary).toContainText(fee);
  await expect(summary).toContainText("75001, France");
  await expect(summary.getByRole("button", { name: `Place Order (${total})` })).toBeVisible();

  // The cart itself is priced with the option chosen.
  await page.goto("/cart");
  const cart = page.getByRole("region", { name: "Order Summary" });
  await expect(cart).toContainText(label);
  await expect(cart).toContainText(fee);
  await expect(cart).toContainText(total);

  await page.goto("/cart?step=summary");
  await summary.getByLabel("Bank transfer").check();
  await summary.getByRole("button", { name: /Place Order/ }).click();
  const orderNumber = await placedOrderNumber(page);
  await expect(page.getByRole("region", { name: "Order summary" })).toContainText(label);
  await expect(page.getByText(`post it by ${label}`)).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Receipt" }).click();
  const receipt = await fs.readFile((await (await downloading).path())!, "utf8");
  expect(receipt).toContain(`Delivery: ${label}`);
  expect(receipt).toContain(fee);
  expect(receipt).toContain("France");

  const mail = await waitForEmail(email, new RegExp(`${orderNumber}.*payment instructions`));
  expect(mail.text).toContain(`Delivery, ${label}: ${fee}`);
  expect(mail.text).toContain(`Total: ${total}`);
  expect(mail.text).toContain("75001, France");
});

test("without JavaScript, a UK option for an address in France is refused beside the options; the step fits 375 px", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 800 },
  });
  const page = await context.newPage();
  await page.goto("/order-card?type=multi-link");
  await page.getByLabel("Name", { exact: true }).fill("Noa Noscript");
  await page.getByLabel("Instagram").fill("https://instagram.com/noa");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();

  await page.goto("/cart");
  await page.getByRole("button", { name: "Complete Order" }).click();
  const delivery = page.getByRole("dialog", { name: "Delivery Information" });
  await fillDeliveryAddress(delivery, deliveryAddress({ city: "Lyon", postalCode: "69001" }));
  await delivery.getByLabel("Country").selectOption({ label: "France" });
  await expect(delivery.getByRole("radio", { name: /UK Track & Signed/ })).toBeChecked();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow, "the delivery step scrolls sideways").toBe(false);
  await delivery.getByRole("button", { name: "Continue to Order Summary" }).click();

  const refusal =
    "UK Track & Signed delivers only within the United Kingdom. Please choose International Tracked for France.";
  await expect(delivery.getByText(refusal)).toBeVisible();
  await expect(delivery.getByRole("group", { name: "Delivery option" })).toHaveAccessibleDescription(refusal);
  await delivery.getByRole("radio", { name: new RegExp(international.name) }).check();
  await delivery.getByRole("button", { name: "Continue to Order Summary" }).click();
  const summary = page.getByRole("dialog", { name: "Order Summary" });
  await expect(summary).toContainText(label);
  await expect(summary).toContainText(formatPence(5000 + international.price));
  await context.close();
});
