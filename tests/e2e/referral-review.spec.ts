// Referrals a referrer must not earn, in a real browser: their own link while signed in takes nothing off, and
// an order sent to the referrer's own address is held for the admin, who releases it in Commissions.
import { CARDS } from "../../app/catalog";
import { DELIVERY_OPTIONS } from "../../app/delivery-options";
import { formatPence } from "../../app/utils/money";
import { expectNoSeriousA11yViolations } from "../support/axe";
import {
  addMultiLinkCard,
  checkout,
  deliveryAddress,
  expect,
  markPaid,
  placedOrderNumber,
  test,
  uniqueEmail,
} from "./fixtures";

const fullPrice = formatPence(CARDS["multi-link"].price + DELIVERY_OPTIONS["uk-standard"].price);

test("a referrer's own link takes nothing off; an order to their address waits for the admin's review", async ({
  page,
  signedInCustomer,
  adminPage,
  browser,
  baseURL,
}) => {
  // Two checkouts, a payment and a review: longer than one page's budget.
  test.setTimeout(120_000);
  await page.goto("/dashboard/resell");
  const link = new URL(await page.getByLabel(/Anyone who orders through this link/).inputValue());

  // Signed in, the referrer's own link preselects nobody and the cart costs the full price.
  await page.goto(link.pathname + link.search);
  await addMultiLinkCard(page, "Own Card");
  await page.goto("/cart");
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary.getByLabel("Referred by").locator("option:checked")).toHaveText("None");
  await expect(summary.getByRole("option", { name: signedInCustomer.name })).toHaveCount(0);
  await expect(summary).toContainText(`Total${fullPrice}`);

  // The referrer's own order makes their address known.
  const home = { line1: `${Date.now() % 1000} Referral Close`, postalCode: "E2 7AA" };
  await checkout(page, "Bank transfer", deliveryAddress({ ...home, email: signedInCustomer.email }));
  await placedOrderNumber(page);

  // A guest orders through the link, to another e-mail but the referrer's address.
  const guestContext = await browser.newContext({ baseURL });
  const guest = await guestContext.newPage();
  await guest.goto(link.pathname + link.search);
  await addMultiLinkCard(guest, "Guest Card");
  await checkout(guest, "Bank transfer", deliveryAddress({ ...home, email: uniqueEmail("second-inbox") }));
  const orderNumber = await placedOrderNumber(guest);
  await guestContext.close();
  await markPaid(adminPage, orderNumber);

  await adminPage.setViewportSize({ width: 375, height: 800 });
  await adminPage.goto("/admin-dashboard/commissions");
  const held = adminPage.getByRole("list", { name: "Commissions held for review" });
  const row = held.getByRole("listitem").filter({ hasText: orderNumber });
  await expect(row).toContainText("Held for review");
  await expect(row).toContainText("Reason: The delivery address is the referrer's");
  const release = row.getByRole("button", { name: `Release the commission of order ${orderNumber}` });
  // At 375 px the buttons sit inside the screen, under the order's details.
  await release.scrollIntoViewIfNeeded();
  const box = (await release.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(adminPage);
  await release.click();
  await expect(adminPage.getByText("Commission released")).toBeVisible();
  await expect(held.getByRole("listitem").filter({ hasText: orderNumber })).toHaveCount(0);

  // The referrer sees it pending again, like any commission.
  await page.goto("/dashboard/resell");
  await expect(page.getByRole("row").filter({ hasText: "Eve E." }).first()).toContainText("Pending");
});
