// A slow phone: the form is in the page, and the visitor types and chooses, before the page's JavaScript has run.
// Each test holds back the page's script modules, fills the form as the server sent it, then lets the scripts
// load and React hydrate, and checks that what was typed or chosen is what the page shows and what is saved.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { UPDATE_REQUEST_PRICE } from "../../app/catalog";
import { DELIVERY_OPTIONS } from "../../app/delivery-options";
import { formatPence } from "../../app/utils/money";
import { addOneLinkCard, deliveryAddress, expect, fillDeliveryAddress, test } from "./fixtures";

const SCRIPTS = /\/assets\/.+\.js$/;

/** Opens `path` with its scripts held back; the returned function lets them load and waits for hydration. */
async function openBeforeScripts(page: Page, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(SCRIPTS, async (route) => {
    await released;
    await route.continue();
  });
  // Module scripts hold back the load event, so do not wait for it.
  await page.goto(path, { waitUntil: "commit" });
  return async () => {
    release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.unroute(SCRIPTS);
  };
}

test("a One Link platform and URL chosen before the page runs are the link that goes into the cart", async ({
  page,
}) => {
  const hydrate = await openBeforeScripts(page, "/order-card?type=one-link");
  await page.getByLabel("Platform").selectOption("website");
  await page.getByLabel("URL").fill("https://early-bird.example");
  await hydrate();

  await expect(page.getByLabel("Platform")).toHaveValue("website");
  await expect(page.getByLabel("URL")).toHaveValue("https://early-bird.example");
  await expect(page.getByLabel("URL")).toHaveAttribute("placeholder", "https://yourwebsite.com");
  await page.getByRole("button", { name: "Add Link" }).click();
  await expect(page.getByRole("list", { name: "Added links" })).toContainText(
    "Website: https://early-bird.example",
  );
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Your cart" })).toContainText(
    "Website: https://early-bird.example",
  );
});

test("a Multi Link card's fields and a custom link typed before the page runs all go into the cart", async ({
  page,
}) => {
  const hydrate = await openBeforeScripts(page, "/order-card?type=multi-link");
  await page.getByLabel("Name", { exact: true }).fill("Early Eve");
  await page.getByLabel("Instagram").fill("https://instagram.com/early-eve");
  await page.getByLabel("Platform", { exact: true }).selectOption("custom");
  await page.getByLabel("Platform name").fill("Shop");
  await page.getByLabel("Link URL").fill("https://shop.early.example");
  await hydrate();

  // Typing on after the page runs keeps what was typed before.
  await page.getByLabel("Website").fill("https://early.example");
  await expect(page.getByLabel("Instagram")).toHaveValue("https://instagram.com/early-eve");
  await expect(page.getByLabel("Platform name")).toHaveValue("Shop");
  await expect(page.getByLabel("Link URL")).toHaveValue("https://shop.early.example");
  await page.getByRole("button", { name: "Add Link" }).click();
  await expect(page.getByRole("list", { name: "Added links" })).toContainText(
    "Shop: https://shop.early.example",
  );
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  const cart = page.getByRole("complementary", { name: "Your cart" });
  await expect(cart).toContainText("Multi Link Card");
  await expect(cart).toContainText("Early Eve");
});

test("a referrer chosen in the cart before the page runs is applied once it runs", async ({ page }) => {
  await addOneLinkCard(page, "https://referred.example");
  const hydrate = await openBeforeScripts(page, "/cart");
  const summary = page.getByRole("region", { name: "Order Summary" });
  await summary.getByLabel("Referred by").selectOption({ label: "Sam Taylor" });
  await hydrate();

  await expect(summary.getByText(/Referrer discount/)).toBeVisible();
  await page.reload();
  await expect(summary.getByLabel("Referred by")).toHaveValue(/.+/);
  await expect(summary.getByLabel("Referred by").locator("option:checked")).toHaveText("Sam Taylor");
});

test("a country chosen in the checkout before the page runs decides the delivery options offered", async ({
  page,
}) => {
  await addOneLinkCard(page, "https://abroad.example");
  const hydrate = await openBeforeScripts(page, "/cart?step=delivery");
  const delivery = page.getByRole("dialog", { name: "Delivery Information" });
  await fillDeliveryAddress(
    delivery,
    deliveryAddress({ line1: "1 Rue de Rivoli", city: "Paris", postalCode: "75001" }),
  );
  await delivery.getByLabel("Country").selectOption({ label: "France" });
  await hydrate();

  await expect(delivery.getByLabel("Country")).toHaveValue("FR");
  await expect(delivery.getByRole("radio", { name: /UK Express/ })).toBeDisabled();
  await delivery.getByRole("radio", { name: new RegExp(DELIVERY_OPTIONS.international.name) }).check();
  await delivery.getByRole("button", { name: "Continue to Order Summary" }).click();
  const summary = page.getByRole("dialog", { name: "Order Summary" });
  await expect(summary).toContainText("75001, France");
  await expect(summary).toContainText(DELIVERY_OPTIONS.international.name);
});

test("a prospect's status chosen before the page runs is saved once it runs", async ({
  page,
  signedInCustomer,
}) => {
  expect(signedInCustomer.email).toBeTruthy();
  await page.goto("/dashboard/cold-calling/prospects");
  const add = page.getByRole("region", { name: "Add a prospect" });
  await add.getByLabel("Business name").fill("Early Bakery");
  await add.getByLabel("Phone").fill("+44 20 7946 0100");
  await add.getByLabel("Business type").selectOption({ label: "Restaurants" });
  await add.getByRole("button", { name: "Add prospect" }).click();
  const row = page.getByRole("table").getByRole("row").filter({ hasText: "Early Bakery" });
  await expect(row).toBeVisible();

  const hydrate = await openBeforeScripts(page, "/dashboard/cold-calling/prospects");
  await row.getByLabel("Status of Early Bakery").selectOption("contacted");
  await hydrate();

  await expect(page.getByText("Prospect status has been updated")).toBeVisible();
  await page.reload();
  await expect(row.getByLabel("Status of Early Bakery")).toHaveValue("contacted");
});

test("a bio edited before the settings page runs is the bio saved", async ({ page, signedInCustomer }) => {
  expect(signedInCustomer.email).toBeTruthy();
  await page.goto("/dashboard/settings");
  await page.getByLabel("Bio").fill("Bakes bread.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();

  const hydrate = await openBeforeScripts(page, "/dashboard/settings");
  await page.getByLabel("Bio").fill("Bakes bread and cakes.");
  await page.getByLabel("Location").fill("Leeds");
  await hydrate();

  await expect(page.getByLabel("Bio")).toHaveValue("Bakes bread and cakes.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Bio")).toHaveValue("Bakes bread and cakes.");
  await expect(page.getByLabel("Location")).toHaveValue("Leeds");
});

test("a card page's slug and link typed by the admin before the page runs are what is saved", async ({
  adminPage,
}) => {
  const slug = `early-${Date.now()}`;
  const hydrate = await openBeforeScripts(adminPage, "/admin-dashboard/create");
  await adminPage.getByLabel("Name", { exact: true }).fill("Early Admin");
  await adminPage.getByLabel("Page URL Slug").fill(slug);
  await adminPage.getByLabel("Title of link 1").fill("Menu");
  await adminPage.getByLabel("URL of link 1").fill("https://menu.early.example");
  await hydrate();

  await expect(adminPage.getByText(`/${slug}`)).toBeVisible();
  await adminPage.getByLabel("Business Name").fill("Early Bakes");
  await expect(adminPage.getByLabel("Title of link 1")).toHaveValue("Menu");
  await expect(adminPage.getByLabel("URL of link 1")).toHaveValue("https://menu.early.example");
  await adminPage.getByRole("button", { name: "Save Card Page" }).click();
  await expect(adminPage.getByText(/New card #WC\d{4} has been created successfully/)).toBeVisible();

  // The card page's link goes through the click counter to the address typed.
  await adminPage.goto(`/${slug}`);
  const href = await adminPage.getByRole("link", { name: "Menu" }).getAttribute("href");
  const click = await adminPage.request.get(href!, { maxRedirects: 0 });
  expect(click.headers().location).toMatch(/^https:\/\/menu\.early\.example\/?$/);
});

test("an image the admin picked before the page runs is uploaded once it runs", async ({ adminPage }) => {
  const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#27a" } })
    .png()
    .toBuffer();
  const hydrate = await openBeforeScripts(adminPage, "/admin-dashboard/create");
  await adminPage
    .getByLabel("Upload Image")
    .setInputFiles({ name: "early.png", mimeType: "image/png", buffer: photo });
  await hydrate();

  await expect(adminPage.getByText("Change Image")).toBeVisible();
  await expect(adminPage.getByRole("img", { name: "Profile preview" })).toHaveAttribute(
    "src",
    /\/uploads\/profiles\/[a-f0-9]{32}\.webp$/,
  );
});

test("an update type and card number chosen before the page runs are the request added", async ({ page }) => {
  const hydrate = await openBeforeScripts(page, "/update-links");
  await page.getByLabel("Card number").fill("WC0341");
  await page.getByLabel("Name").fill("Early Alex");
  await page.getByLabel("Email").fill("early.alex@example.com");
  await page.getByRole("radio", { name: "Remove a link" }).check();
  await hydrate();

  await expect(page.getByRole("radio", { name: "Remove a link" })).toBeChecked();
  await page.getByLabel("Link to remove").fill("https://old.early.example");
  const price = formatPence(UPDATE_REQUEST_PRICE, { whole: true });
  await page.getByRole("button", { name: `Add to Cart (${price})` }).click();
  await expect(page.getByText("Update request added to cart")).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByRole("main")).toContainText("https://old.early.example");
});
