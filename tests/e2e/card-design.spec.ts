// An owner designs their card page without JavaScript: a theme and a colour chosen, previewed, saved; one link
// hidden and another moved up. The public page shows it, the hidden link's /go/ address is not found and its
// vCard leaves it out; the design page passes axe at phone width.
import { expectNoSeriousA11yViolations } from "../support/axe";
import { expect, paidOrder, test } from "./fixtures";

test("an owner designs their card page with JavaScript off, and visitors see it", async ({
  page,
  signedInCustomer,
  adminPage,
  browser,
  baseURL,
}) => {
  // An order paid by the admin, then every form posted without JavaScript: a long journey on a busy machine.
  test.setTimeout(240_000);
  expect(signedInCustomer.email).toBeTruthy();
  await page.goto("/order-card?type=multi-link");
  await page.getByLabel("Name", { exact: true }).fill("Dee Design");
  await page.getByLabel("Instagram").fill("https://instagram.com/dee");
  await page.getByLabel("Website").fill("https://dee.example.com");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  await paidOrder(page, adminPage);
  await adminPage.getByRole("link", { name: /Open card page #WC\d{4}/ }).click();
  const heading = await adminPage.getByRole("heading", { name: /Edit Card #WC\d{4}/ }).textContent();
  const cardNumber = /#(WC\d{4})/.exec(heading ?? "")![1]!;
  const slug = await adminPage.getByLabel("Page URL Slug").inputValue();
  const before = await (await page.request.get(`/${slug}`)).text();
  const goOf = (title: string, html: string) =>
    new RegExp(`href="(/go/[0-9a-f-]{36})\\?s=link">(?:<svg[^>]*>.*?</svg>)<span>${title}</span>`).exec(
      html,
    )?.[1];

  const noJs = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 375, height: 800 },
  });
  const owner = await noJs.newPage();
  await owner.goto(`/dashboard/cards?card=${cardNumber}`);
  await owner.getByRole("link", { name: "Design your page" }).click();
  await expect(owner.getByRole("heading", { name: "Design of Dee Design's page" })).toBeVisible();

  await owner.getByRole("radio", { name: /Midnight/ }).check();
  await owner.getByLabel("Or type it (#rrggbb)").fill("#ff5500");
  await owner.getByRole("radio", { name: "Outlined" }).check();
  await owner.getByRole("button", { name: "Preview" }).click();
  await expect(owner.getByRole("status")).toHaveText("This is a preview: save to put it on your page.");
  await expect(owner.getByTitle("Preview of your card page")).toHaveAttribute("src", /theme=midnight/);
  // Nothing is live until it is saved.
  expect(await (await page.request.get(`/${slug}`)).text()).toBe(before);

  await owner.getByRole("button", { name: "Save", exact: true }).click();
  // Saved: the page is no longer a preview, and the form holds the saved choices.
  await expect(owner.getByRole("heading", { name: "Design of Dee Design's page" })).toBeVisible();
  await expect(owner.getByText("This is a preview: save to put it on your page.")).toHaveCount(0);
  await expect(owner.getByRole("radio", { name: /Midnight/ })).toBeChecked();
  await expect(owner.getByLabel("Or type it (#rrggbb)")).toHaveValue("#ff5500");

  const links = owner.getByRole("region", { name: "Links on your page" });
  await expect(links.getByRole("listitem")).toHaveText([/^Instagram/, /^Website/]);
  await links.getByRole("button", { name: "Hide Instagram" }).click();
  await expect(links.getByRole("listitem").filter({ hasText: "Instagram" })).toContainText(
    "Hidden from your page",
  );
  await links.getByRole("button", { name: "Move Website up" }).click();
  await expect(links.getByRole("listitem")).toHaveText([/^Website/, /^Instagram/]);
  await noJs.close();

  const after = await (await page.request.get(`/${slug}`)).text();
  expect(after).not.toBe(before);
  expect(after).not.toContain("Instagram");
  expect(after).toContain("Website");
  const hiddenGo = goOf("Instagram", before)!;
  expect((await page.request.get(hiddenGo, { maxRedirects: 0 })).status()).toBe(404);
  const vcard = await (await page.request.get(`/card/${slug}/contact.vcf`)).text();
  expect(vcard).not.toContain("instagram.com");
  expect(vcard).toContain("dee.example.com");

  // With JavaScript the preview follows the form before anything is saved; the page passes axe at phone width.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/dashboard/cards/${cardNumber}/design`);
  await page.getByRole("radio", { name: /Paper/ }).check();
  await expect(page.getByTitle("Preview of your card page")).toHaveAttribute("src", /theme=paper/);
  await expectNoSeriousA11yViolations(page);
});
