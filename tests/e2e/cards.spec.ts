// Card pages from the admin's side: creating, editing, shops, and the public page that results.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { expect, test } from "./fixtures";

const UA = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36" };

async function cardRow(page: Page, slug: string) {
  await page.goto(`/admin-dashboard?tab=cards&q=${slug}`);
  return page.getByRole("listitem").filter({ hasText: `/${slug}` });
}

test("an admin creates a card page with a photo and three links, reorders them and sees them in order", async ({
  adminPage,
  request,
}) => {
  const slug = `e2e-${Date.now()}`;
  await adminPage.goto("/admin-dashboard/create");
  await expect(adminPage.getByRole("heading", { name: "Create New Card Page" })).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage);

  await adminPage.getByLabel("Name", { exact: true }).fill("Robin Example");
  await adminPage.getByLabel("Business Name").fill("Example Bakes");
  await adminPage.getByLabel("Page URL Slug").fill(` ${slug.toUpperCase()} `);
  await expect(adminPage.getByText(`/${slug}`)).toBeVisible();

  const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#2a7" } })
    .png()
    .toBuffer();
  await adminPage
    .locator("input[type=file]")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
  await expect(adminPage.getByText("Change Image")).toBeVisible();

  await adminPage.getByLabel("URL of link 1").fill("https://one.example.com");
  for (const [n, title] of [
    [2, "Two"],
    [3, "Three"],
  ] as const) {
    await adminPage.getByRole("button", { name: "Add Link" }).click();
    await adminPage.getByLabel(`Title of link ${n}`).fill(title);
    await adminPage.getByLabel(`URL of link ${n}`).fill(`https://${title.toLowerCase()}.example.com`);
  }
  await adminPage.getByRole("button", { name: "Move Three up" }).click();
  await adminPage.getByRole("button", { name: "Save Card Page" }).click();
  await expect(adminPage).toHaveURL(/\/admin-dashboard\/cards$/);
  await expect(adminPage.getByText(/New card #WC\d{4} has been created successfully/)).toBeVisible();

  const pub = await request.get(`/${slug.toUpperCase()}`, { headers: UA });
  expect(pub.status()).toBe(200);
  const html = await pub.text();
  expect(html).not.toContain("<script");
  const order = [...html.matchAll(/<span>([^<]+)<\/span><\/a>/g)].map((m) => m[1]);
  expect(order).toEqual(["Website", "Three", "Two"]);
  expect(html).toMatch(/<img class="ph" src="\/uploads\/profiles\/[a-f0-9]{32}\.webp"/);
  expect(pub.headers()["set-cookie"]).toBeUndefined();

  await adminPage.goto(`/${slug}`);
  await expect(adminPage.getByRole("heading", { name: "Robin Example" })).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage);
});

test("a link click is counted and an edit shows on the next request", async ({ adminPage, request }) => {
  const html = await (await request.get("/card/wc341?s=nfc", { headers: UA })).text();
  const go = /href="(\/go\/[0-9a-f-]{36}\?s=nfc)"/.exec(html)![1]!;
  const click = await request.get(go, { headers: UA, maxRedirects: 0 });
  expect(click.status()).toBe(302);

  const row = await cardRow(adminPage, "wc341");
  await expect(row).toContainText(/[1-9]\d* clicks/);

  await row.getByRole("link", { name: /Edit card WC0341/ }).click();
  await expect(adminPage.getByRole("heading", { name: "Edit Card #WC0341" })).toBeVisible();
  const bio = `Fresh bio ${Date.now()}`;
  await adminPage.getByLabel("Bio").fill(bio);
  await adminPage.getByRole("button", { name: "Save Card Page" }).click();
  await expect(adminPage.getByText("The card page has been updated successfully")).toBeVisible();
  expect(await (await request.get("/wc341", { headers: UA })).text()).toContain(bio);
});

test("bad input is refused with a message and nothing is saved", async ({ adminPage }) => {
  await adminPage.goto("/admin-dashboard/create");
  await adminPage.getByLabel("Name", { exact: true }).fill("<b>Bold</b>");
  await adminPage.getByLabel("Page URL Slug").fill("admin");
  await adminPage.getByLabel("URL of link 1").fill("javascript:alert(1)");
  await adminPage.getByRole("button", { name: "Save Card Page" }).click();
  await expect(adminPage.getByText("Name must not contain HTML")).toBeVisible();
  await expect(adminPage.getByText(/"admin" is reserved/)).toBeVisible();
  await expect(adminPage.getByText(/URL must start with/)).toBeVisible();
  await expect(adminPage).toHaveURL(/\/admin-dashboard\/create$/);

  await adminPage.getByLabel("Name", { exact: true }).fill("Someone");
  await adminPage.getByLabel("Page URL Slug").fill("wc341");
  await adminPage.getByLabel("URL of link 1").fill("https://ok.example.com");
  await adminPage.getByRole("button", { name: "Save Card Page" }).click();
  await expect(adminPage.getByText("This slug is already in use. Please choose another one.")).toBeVisible();

  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  await adminPage
    .locator("input[type=file]")
    .setInputFiles({ name: "x.png", mimeType: "image/png", buffer: svg });
  await expect(adminPage.getByText("Please select an image file")).toBeVisible();
});

test("deleting a shop unallocates its cards", async ({ adminPage }) => {
  const shop = `Shop ${Date.now()}`;
  await adminPage.goto("/admin-dashboard?tab=cards");
  const addShop = adminPage.getByRole("form", { name: "Add a shop" });
  await addShop.getByLabel("Shop name").fill(shop);
  await addShop.getByLabel("Location").fill("York");
  await addShop.getByRole("button", { name: "Create shop" }).click();
  await expect(adminPage.getByRole("button", { name: `Delete shop ${shop}` })).toBeVisible();

  const row = await cardRow(adminPage, "wc341");
  await row.getByRole("link", { name: "Move card WC0341 to a shop" }).click();
  const move = adminPage.getByRole("dialog", { name: "Move card WC0341 to a shop" });
  await move.getByLabel("Shop for card WC0341").selectOption({ label: `${shop} - York` });
  await move.getByRole("button", { name: "Move card" }).click();
  await expect(move).toBeHidden();
  await expect(row).toContainText(`Shop: ${shop}`);

  // Shops are edited in one shared dialog, and no row carries a list of every shop: the page grows with its rows.
  await adminPage.getByRole("link", { name: `Edit shop ${shop}` }).click();
  const edit = adminPage.getByRole("dialog", { name: `Edit ${shop}` });
  await edit.getByLabel("Location").fill("Leeds");
  await edit.getByRole("button", { name: "Save shop" }).click();
  await expect(edit).toBeHidden();
  await expect(adminPage.getByText(`${shop} - Leeds`)).toBeVisible();
  const html = await (await adminPage.request.get("/admin-dashboard/cards")).text();
  expect(html).toContain("to a shop");
  expect(html.match(/<option/g) ?? []).toHaveLength(0);

  adminPage.once("dialog", (d) => d.accept());
  await adminPage.getByRole("button", { name: `Delete shop ${shop}` }).click();
  await expect(adminPage.getByText("Shop deleted")).toBeVisible();
  await expect(await cardRow(adminPage, "wc341")).toContainText("Unallocated");
});

test("the card form fits a 375 px phone: link rows stack, nothing scrolls sideways, axe passes", async ({
  adminPage,
}) => {
  await adminPage.setViewportSize({ width: 375, height: 800 });
  await adminPage.goto("/admin-dashboard/create");
  await expect(adminPage.getByRole("heading", { name: "Create New Card Page" })).toBeVisible();
  await adminPage.getByRole("button", { name: "Add Link" }).click();
  await adminPage.getByLabel("Title of link 2").fill("Our seasonal menu and opening hours");
  await adminPage
    .getByLabel("URL of link 2")
    .fill("https://example.com/a/rather/long/address/that/would/never/fit/on/one/line/of/a/phone");

  const scrollWidth = await adminPage.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);

  // One line with the drag handle, the icon and the row's buttons; title and URL full width below it.
  const box = async (locator: ReturnType<Page["getByLabel"]>) => (await locator.boundingBox())!;
  const row = await box(
    adminPage.getByRole("listitem").filter({ has: adminPage.getByLabel("Title of link 1") }),
  );
  const handle = await box(adminPage.getByRole("button", { name: "Drag to reorder Website" }));
  const icon = await box(adminPage.getByLabel("Icon for Website"));
  const remove = await box(adminPage.getByRole("button", { name: "Delete Website" }));
  const title = await box(adminPage.getByLabel("Title of link 1"));
  const url = await box(adminPage.getByLabel("URL of link 1"));
  for (const onFirstLine of [handle, remove]) expect(Math.abs(onFirstLine.y - icon.y)).toBeLessThan(8);
  expect(icon.width).toBeGreaterThanOrEqual(100);
  expect(title.y).toBeGreaterThanOrEqual(icon.y + icon.height);
  expect(url.y).toBeGreaterThanOrEqual(title.y + title.height);
  for (const wide of [title, url]) expect(wide.width).toBeGreaterThan(row.width * 0.8);
  await expectNoSeriousA11yViolations(adminPage);
});

test("admin actions refuse non-admins with 403 and unknown pages answer 404", async ({
  request,
  baseURL,
}) => {
  const headers = { Origin: baseURL! };
  for (const path of ["/admin-dashboard/cards", "/admin-dashboard/create", "/admin-dashboard/upload-image"]) {
    const response = await request.post(path, { headers, form: { intent: "delete-shop", id: "x" } });
    expect(response.status(), path).toBe(403);
  }
  const missing = await request.get("/card/no-such-card");
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain("The card page you're looking for doesn't exist.");
});

test("the admin sets a customer as a card's owner on the edit page and sees it after a reload", async ({
  adminPage,
  customer,
}) => {
  const slug = `owned-${Date.now()}`;
  await adminPage.goto("/admin-dashboard/create");
  await adminPage.getByLabel("Name", { exact: true }).fill("Owned Card");
  await adminPage.getByLabel("Page URL Slug").fill(slug);
  await adminPage.getByLabel("URL of link 1").fill("https://owned.example.com");
  await adminPage.getByRole("button", { name: "Save Card Page" }).click();
  await expect(adminPage.getByText(/has been created successfully/)).toBeVisible();

  const row = await cardRow(adminPage, slug);
  await row.getByRole("link", { name: /Edit card WC\d{4}/ }).click();
  await expect(adminPage.getByRole("heading", { name: /Edit Card #WC\d{4}/ })).toBeVisible();
  const owner = adminPage.getByLabel("Owner (customer e-mail)");
  await expect(owner).toHaveValue("");
  await owner.fill("nobody-here@example.com");
  await adminPage.getByRole("button", { name: "Save Card Page" }).click();
  await expect(adminPage.getByText("No customer account has this e-mail")).toBeVisible();

  await owner.fill(customer.email.toUpperCase());
  // The field suggests the matching customer account.
  await expect(adminPage.locator(`datalist option[value="${customer.email.toLowerCase()}"]`)).toBeAttached();
  await adminPage.getByRole("button", { name: "Save Card Page" }).click();
  await expect(adminPage.getByText("The card page has been updated successfully")).toBeVisible();
  await (await cardRow(adminPage, slug)).getByRole("link", { name: /Edit card WC\d{4}/ }).click();
  await expect(adminPage.getByRole("heading", { name: /Edit Card #WC\d{4}/ })).toBeVisible();
  await adminPage.reload();
  await expect(adminPage.getByLabel("Owner (customer e-mail)")).toHaveValue(customer.email.toLowerCase());
  await expectNoSeriousA11yViolations(adminPage);
});
