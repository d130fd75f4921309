// A card's way from the shop to its owner: a One Link card is on the buyer's account once paid; the admin's 'To
// write and post' gives each chip's exact address (opening it counts an NFC tap), writes it with Web NFC where the
// browser has it (a stand-in NDEFReader here) or marks it by hand, posts the order with its tracking number and
// marks it delivered; the customer reads each step in e-mails, on the success page and in Billing.
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { waitForEmail } from "../support/mailbox";
import { addMultiLinkCard, addOneLinkCard, deliveryAddress, expect, paidOrder, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

// A person's browser: the server counts no crawler, and Playwright's own agent is not a browser's.
const UA = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36" };

/** Reloads until the check passes: counts reach the database about a second after the visit. */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 20_000 });
}

test("a One Link order is in My Cards once paid: its number, link, order and state, and the link is permanent", async ({
  page,
  adminPage,
  signedInCustomer,
}) => {
  await addOneLinkCard(page, "https://olive-one-link.example");
  const { orderNumber } = await paidOrder(
    page,
    adminPage,
    deliveryAddress({ email: signedInCustomer.email }),
  );

  await page.goto("/dashboard/cards");
  const cards = page.getByRole("region", { name: "One Link cards" });
  await expect(cards).toContainText("permanent");
  await expect(cards).toContainText("not counted");
  const card = cards.getByRole("listitem");
  await expect(card.getByRole("heading", { name: /^Card WC\d{4}$/ })).toBeVisible();
  await expect(card.getByRole("definition")).toHaveText([
    "Website: https://olive-one-link.example/",
    orderNumber,
    "To write",
  ]);
  await expectNoSeriousA11yViolations(page);

  // The dashboard counts it among the customer's cards; My Links shows it, with no form to change it.
  await page.goto("/dashboard");
  await expect(page.getByText("1 card owned, each paid for once")).toBeVisible();
  await page.goto("/dashboard/links");
  await expect(page.getByRole("region", { name: "One Link cards" })).toContainText("olive-one-link.example");
  await expect(page.getByRole("button", { name: /Request|Add link/i })).toHaveCount(0);

  // The admin's Cards section lists it with its order.
  await adminPage.goto(`/admin-dashboard/cards?q=${orderNumber}`);
  const row = adminPage.getByRole("region", { name: "One Link cards" }).getByRole("row").nth(1);
  await expect(row.getByRole("cell")).toHaveText([
    /^WC\d{4}$/,
    "https://olive-one-link.example/",
    orderNumber,
    "To write",
  ]);
});

/** The receipt the success page prints, as its HTML. */
async function receiptText(page: Page) {
  const href = await page.getByRole("link", { name: "Print Receipt" }).getAttribute("href");
  return (await page.request.get(href!)).text();
}

/** Today in the shop's time zone, as the order pages print a day. */
const today = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Europe/London",
}).format(new Date());

test("an order goes paid, written, posted and delivered: the chip address counts a tap, and each step is e-mailed", async ({
  page,
  adminPage,
  signedInCustomer,
  baseURL,
}) => {
  const email = signedInCustomer.email;
  await addMultiLinkCard(page, "Wendy Walker");
  await addOneLinkCard(page, "https://wendy-one.example");
  const { orderNumber } = await paidOrder(page, adminPage, deliveryAddress({ email }));
  const successPage = page.url();
  await waitForEmail(email, new RegExp(`Order ${orderNumber} confirmed`));

  await page.goto(successPage);
  const next = page.getByRole("region", { name: "What happens next?" });
  await expect(next).toContainText("We write your links to your cards and post them by UK Track & Signed");
  const progress = page.getByRole("region", { name: "Order progress" });
  await expect(progress.getByRole("listitem")).toHaveText([
    /^Paid: \d\d\/\d\d\/\d{4}$/,
    "Being prepared (not yet)",
    "Posted (not yet)",
    "Delivered (not yet)",
  ]);

  // A stand-in for Chrome's Web NFC on Android: it keeps what was written and reads it back.
  await adminPage.addInitScript(() => {
    let stored: { recordType: string; data: string } | null = null;
    (window as unknown as Record<string, unknown>).NDEFReader = class {
      onreading: ((e: unknown) => void) | null = null;
      async write(message: { records: { recordType: string; data: string }[] }) {
        stored = message.records[0]!;
        (window as unknown as Record<string, unknown>).writtenToChip = stored.data;
      }
      async scan() {
        const record = stored!;
        setTimeout(() =>
          this.onreading?.({
            message: {
              records: [
                {
                  recordType: record.recordType,
                  data: new DataView(new TextEncoder().encode(record.data).buffer),
                },
              ],
            },
          }),
        );
      }
    };
  });
  await adminPage.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await adminPage.goto("/admin-dashboard");
  await adminPage
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "To write and post" })
    .click();
  const order = adminPage.getByRole("region", { name: `Order ${orderNumber}` });
  const addresses = order.getByRole("textbox", { name: /^Address to write on Card WC\d{4}$/ });
  await expect(addresses).toHaveCount(2);
  const multiUrl = await addresses.nth(0).inputValue();
  const oneUrl = await addresses.nth(1).inputValue();
  // The card's own chip address (decision 026), which opens its page and counts the tap as NFC.
  expect(multiUrl).toMatch(new RegExp(`^${baseURL}/c/[0-9A-Za-z]{11}$`));
  expect(oneUrl).toBe("https://wendy-one.example/");
  await expect(order.getByRole("img", { name: /^QR code of the address for Card WC\d{4}$/ })).toHaveCount(2);
  await expect(order.getByRole("button", { name: "Mark posted" })).toBeDisabled();
  await expectNoSeriousA11yViolations(adminPage);

  // Copy gives the exact address.
  const multiLabel = (await addresses.nth(0).getAttribute("aria-label"))!.replace("Address to write on ", "");
  const oneLabel = (await addresses.nth(1).getAttribute("aria-label"))!.replace("Address to write on ", "");
  await order.getByRole("button", { name: `Copy the address for ${multiLabel}` }).click();
  await expect(adminPage.getByText("Copied!")).toBeVisible();
  expect(await adminPage.evaluate(() => navigator.clipboard.readText())).toBe(multiUrl);

  // The chip's address opens the card page and the visit counts as an NFC tap.
  const tap = await page.request.get(multiUrl, { headers: UA });
  expect(tap.status()).toBe(200);
  expect(await tap.text()).toContain("Wendy Walker");
  await page.goto("/dashboard/cards");
  const activity = page.getByRole("region", { name: "Scan activity" });
  await reloadUntil(page, async () => {
    await activity.getByText("Show the numbers as a table").click();
    await expect(
      activity
        .getByRole("table", { name: /Views per day/ })
        .getByRole("row")
        .last()
        .getByRole("cell"),
    ).toHaveText(["1", "0", "0", "1"], { timeout: 1000 });
  });

  // One card written with Web NFC (read back before it counts), the other marked by hand.
  await order.getByRole("button", { name: "Write to card" }).nth(1).click();
  await expect(
    adminPage.getByText(`Card ${oneLabel.replace("Card ", "")} of order ${orderNumber} is written`),
  ).toBeVisible();
  expect(await adminPage.evaluate(() => (window as unknown as Record<string, unknown>).writtenToChip)).toBe(
    oneUrl,
  );
  await order.getByRole("button", { name: `Mark ${multiLabel} written` }).click();
  await expect(
    adminPage.getByText(`Card ${multiLabel.replace("Card ", "")} of order ${orderNumber} is written`),
  ).toBeVisible();

  await page.goto(successPage);
  await expect(progress.getByRole("listitem").nth(1)).toHaveText(/^Being prepared: \d\d\/\d\d\/\d{4}$/);

  // Posted with Royal Mail: the tracking number is stored as the carrier prints it, without spaces.
  await order.getByLabel("Carrier").selectOption({ label: "Royal Mail" });
  await order.getByLabel("Tracking number").fill("ab 1234 5678 9gb");
  await order.getByRole("button", { name: "Mark posted" }).click();
  await expect(
    adminPage.getByText(
      `Order ${orderNumber} is posted and the customer has been e-mailed the tracking link`,
    ),
  ).toBeVisible();
  const tracking = "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB";
  const posted = await waitForEmail(email, new RegExp(`Order ${orderNumber} posted`));
  expect(posted.text).toContain("Tracking number: AB123456789GB");
  expect(posted.text).toContain(`Track your parcel: ${tracking}`);

  await page.goto(successPage);
  await expect(progress.getByRole("listitem").nth(2)).toHaveText(
    /^Posted: \d\d\/\d\d\/\d{4} with Royal Mail, tracking AB123456789GB$/,
  );
  await expect(progress.getByRole("link", { name: "AB123456789GB" })).toHaveAttribute("href", tracking);
  // Every sentence says posted now: nothing still promises to write and post the cards.
  await expect(page.getByText(`Order ${orderNumber} was posted on ${today}.`)).toBeVisible();
  await expect(next).toContainText(`Your cards were posted on ${today} with Royal Mail.`);
  await expect(next).not.toContainText("We write your links");
  expect(await receiptText(page)).toContain("Status: Posted");
  await page.goto("/dashboard/settings/billing");
  const row = page.getByRole("row").filter({ hasText: orderNumber });
  await expect(row).toContainText("Posted with Royal Mail, tracking AB123456789GB");
  await expect(row.getByRole("link", { name: "AB123456789GB" })).toHaveAttribute("href", tracking);

  // Delivered: the order completes and the customer is told.
  const postedOrder = adminPage.getByRole("form", { name: `Order ${orderNumber} posted` });
  await postedOrder.getByRole("button", { name: "Mark delivered" }).click();
  await expect(adminPage.getByText(`Order ${orderNumber} is delivered and completed`)).toBeVisible();
  await waitForEmail(email, new RegExp(`Order ${orderNumber} delivered`));
  await page.goto(successPage);
  await expect(progress.getByRole("listitem").nth(3)).toHaveText(/^Delivered: \d\d\/\d\d\/\d{4}$/);
  await expect(page.getByText(`Order ${orderNumber} was delivered on ${today}.`)).toBeVisible();
  await expect(next).toContainText(`Your cards were delivered on ${today}.`);
  const receipt = await receiptText(page);
  expect(receipt).toMatch(/<li>Delivered: \d{4}-\d\d-\d\d<\/li>/);
  expect(receipt).toContain("Status: Delivered");

  await adminPage.setViewportSize({ width: 375, height: 800 });
  await adminPage.reload();
  await expect(adminPage.getByRole("heading", { name: "To write and post" })).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage);
});
