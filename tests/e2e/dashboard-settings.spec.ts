// Settings, Profile and Billing tabs in a real browser: a profile change and a new avatar survive a reload, an
// e-mail change (with the password) takes effect once confirmed from the link in the new inbox, the old inbox is
// warned, and a saved delivery address prefills checkout and the order then shows in the history with its receipt.
import sharp from "sharp";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { firstLink, waitForEmail } from "../support/mailbox";
import { addOneLinkCard, expect, placedOrderNumber, test, uniqueEmail } from "./fixtures";

/** A photo larger than the 1 MB every other form may post: noise does not compress. */
const largePhoto = () =>
  sharp({
    create: {
      width: 1000,
      height: 1000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();

test("a profile change, a new avatar and a confirmed e-mail change survive a reload", async ({
  page,
  signedInCustomer,
}) => {
  await page.goto("/dashboard/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Profile" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("First name")).toHaveValue("Casey");
  await expect(page.getByLabel("Last name")).toHaveValue("Customer");

  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Van der Berg");
  await page.getByLabel("Bio").fill("Makes things.\nShares them.");
  await page.getByLabel("Location").fill("Bristol");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();

  const photo = await largePhoto();
  expect(photo.length).toBeGreaterThan(1024 * 1024);
  await page
    .getByLabel("Choose a photo")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
  await page.getByRole("button", { name: "Upload photo" }).click();
  await expect(page.getByText("Profile photo updated")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("First name")).toHaveValue("Robin");
  await expect(page.getByLabel("Last name")).toHaveValue("Van der Berg");
  await expect(page.getByLabel("Bio")).toHaveValue("Makes things.\nShares them.");
  await expect(page.getByLabel("Location")).toHaveValue("Bristol");
  const avatar = page.getByRole("img", { name: "Your current avatar" });
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  // The change needs the password. The new address gets a link, the old one a warning with a way to stop it;
  // the account keeps the old address until the new address confirms.
  const newEmail = uniqueEmail("moved");
  await page.getByLabel("New e-mail address").fill(newEmail);
  await page.getByRole("button", { name: "Change e-mail" }).click();
  await expect(page.getByText("Please enter your current password")).toBeVisible();
  await page.getByLabel("New e-mail address").fill(newEmail);
  await page.getByLabel("Current password").fill(signedInCustomer.password);
  await page.getByRole("button", { name: "Change e-mail" }).click();
  await expect(page.getByText("Check your new inbox")).toBeVisible();
  await expect(page.getByText(`Your account's e-mail address is ${signedInCustomer.email}.`)).toBeVisible();
  const warning = await waitForEmail(signedInCustomer.email, /e-mail address is being changed/);
  expect(firstLink(warning.text, "/email-change?token=")).toBeTruthy();
  const mail = await waitForEmail(newEmail, /Confirm your new e-mail/);
  await page.goto(firstLink(mail.text, "/email-change?token="));
  await expect(page.getByRole("heading", { name: "Change of e-mail address", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Confirm new e-mail" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?email=confirmed$/);
  await expect(
    page.getByRole("status").filter({ hasText: `Your account's e-mail address is now ${newEmail}.` }),
  ).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByLabel("First name")).toHaveValue("Robin");
  await expectNoSeriousA11yViolations(page);
});

test("the saved delivery address prefills checkout, and the order shows in the history with its receipt", async ({
  page,
  signedInCustomer,
}) => {
  expect(signedInCustomer.email).toBeTruthy();
  await page.goto("/dashboard/settings/billing");
  await expect(page.getByText("You have no orders yet.")).toBeVisible();
  const address = page.getByRole("region", { name: "Delivery address" });
  await address.getByLabel("Full name").fill("Sam Saved");
  await address.getByLabel("Email").fill("sam.saved@example.com");
  await address.getByLabel("Phone").fill("+44 7700 900456");
  await address.getByLabel("Address line 1").fill("5 Saved Road");
  await address.getByLabel("City").fill("");
  await address.getByRole("button", { name: "Save address" }).click();
  await expect(address.getByText("City is required")).toBeVisible();
  await address.getByLabel("City").fill("York");
  await address.getByLabel("Postal code").fill("YO1 7HH");
  await address.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("Delivery address saved")).toBeVisible();
  await page.reload();
  await expect(address.getByLabel("Address line 1")).toHaveValue("5 Saved Road");

  await addOneLinkCard(page);
  await page.goto("/cart");
  await page.getByRole("button", { name: "Complete Order" }).click();
  const delivery = page.getByRole("dialog", { name: "Delivery Information" });
  await expect(delivery.getByLabel("Full name")).toHaveValue("Sam Saved");
  await expect(delivery.getByLabel("Email")).toHaveValue("sam.saved@example.com");
  await expect(delivery.getByLabel("Address line 1")).toHaveValue("5 Saved Road");
  await expect(delivery.getByLabel("City")).toHaveValue("York");
  await expect(delivery.getByLabel("Postal code")).toHaveValue("YO1 7HH");
  await expect(delivery.getByLabel("Country")).toHaveValue("GB");
  await delivery.getByRole("button", { name: "Continue to Order Summary" }).click();
  const summary = page.getByRole("dialog", { name: "Order Summary" });
  await summary.getByLabel("Bank transfer").check();
  await summary.getByRole("button", { name: /Place Order/ }).click();
  const orderNumber = await placedOrderNumber(page);

  await page.goto("/dashboard/settings/billing");
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: orderNumber }) });
  await expect(row.getByRole("cell", { name: "Awaiting payment" })).toBeVisible();
  await expect(row.getByRole("cell", { name: "£34.99" })).toBeVisible();
  const href = await row
    .getByRole("link", { name: `Download receipt for order ${orderNumber}` })
    .getAttribute("href");
  const receipt = await page.request.get(href!);
  expect(receipt.status()).toBe(200);
  expect(await receipt.text()).toContain(orderNumber);

  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(row).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
