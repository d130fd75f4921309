// The customer dashboard's Cards section: adding a card bought by someone else with its number and edit
// password, then the card's public link, vCard and QR code, and its brand kit.
import { expectNoSeriousA11yViolations } from "../support/axe";
import { cardFromPaidOrder, expect, test } from "./fixtures";

test("a customer adds a card by number and edit password and sees it with its links, vCard, QR code and brand kit", async ({
  page,
  signedInCustomer,
  adminPage,
  browser,
  baseURL,
}) => {
  // An order paid by the admin, then the card's every download: a long journey on a busy machine.
  test.setTimeout(180_000);
  expect(signedInCustomer.email).toBeTruthy();
  // Bought by a stranger, so the card is on nobody's account until its edit password is used.
  const buyerContext = await browser.newContext({ baseURL });
  const card = await cardFromPaidOrder(await buyerContext.newPage(), adminPage);
  await buyerContext.close();

  await page.goto("/dashboard/cards");
  await expect(page.getByRole("heading", { name: "Cards", level: 1 })).toBeVisible();
  await expect(page.getByText("You have no cards on your account yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Order Now" })).toHaveAttribute("href", "/order-card");

  await page.getByLabel("Card number").fill(card.number.toLowerCase());
  await page.getByLabel("Edit password").fill("not-the-password");
  await page.getByRole("button", { name: "Add card" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Card number or password is incorrect" }),
  ).toBeVisible();

  await page.getByLabel("Edit password").fill(card.password);
  await page.getByRole("button", { name: "Add card" }).click();
  await expect(page.getByText("Card added to your account")).toBeVisible();

  const item = page.getByRole("listitem").filter({ hasText: `Card ${card.number}` });
  await expect(item.getByRole("heading", { name: "Mia Multi" })).toBeVisible();
  await expect(item.getByRole("definition").first()).toHaveText("1");
  await expect(item.getByText(new RegExp(`/${card.slug}$`))).toBeVisible();
  await expect(item.getByRole("link", { name: "View Public Profile" })).toHaveAttribute("target", "_blank");

  const vcardHref = await item.getByRole("link", { name: "Download vCard" }).getAttribute("href");
  const vcard = await page.request.get(vcardHref!);
  expect(vcard.status()).toBe(200);
  expect(vcard.headers()["content-type"]).toContain("text/vcard");

  await item.getByRole("link", { name: "View QR Code" }).click();
  const qr = page.getByRole("dialog", { name: "QR code for Mia Multi" });
  await expect(qr.getByRole("img")).toBeVisible();
  await expect
    .poll(() => qr.getByRole("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await qr.getByRole("link", { name: "Close" }).click();
  await expect(qr).toBeHidden();

  // By keyboard: the dialog's code loads on demand, and it still opens with Enter, takes the focus, closes with
  // Escape and gives the focus back to the link.
  const qrLink = item.getByRole("link", { name: "View QR Code" });
  await qrLink.focus();
  await page.keyboard.press("Enter");
  await expect(qr.getByRole("link", { name: "Download PNG" })).toBeVisible();
  await expect(qr.getByRole("link", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(qr.getByRole("link", { name: "Download SVG" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(qr).toBeHidden();
  await expect(qrLink).toBeFocused();

  // Opened from its address: the server renders it open, and once the page has its scripts it is a modal
  // dialog that Escape closes, back to the address without ?qr=.
  await page.goto(`/dashboard/cards?qr=${card.number}`);
  await expect(qr.getByRole("link", { name: "Download SVG" })).toBeVisible();
  await expect.poll(() => qr.evaluate((d) => d.matches(":modal"))).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(qr).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/cards$/);

  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(item.getByRole("link", { name: "Download vCard" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The card's brand kit: the signature copied as HTML, the background downloaded, all at phone width too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await item.getByRole("link", { name: "Brand kit" }).click();
  await expect(page.getByRole("heading", { name: "Brand kit of Mia Multi", level: 1 })).toBeVisible();
  for (const part of ["E-mail signature", "Video-call background", "QR codes for print"])
    await expect(page.getByRole("heading", { name: part, level: 2 })).toBeVisible();
  const preview = page.frameLocator('iframe[title="Preview of your e-mail signature"]');
  await expect(preview.getByText("Mia Multi")).toBeVisible();

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy signature" }).click();
  await expect(page.getByText("Your signature has been copied.")).toBeVisible();
  const copied = await page.evaluate(async () => {
    const [entry] = await navigator.clipboard.read();
    return entry ? await (await entry.getType("text/html")).text() : "";
  });
  expect(copied).toContain("Mia Multi");
  expect(copied).not.toContain("<script");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download background (PNG)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.png$/);
  const background = await page.request.get(
    (await page.getByRole("link", { name: "Download background (JPEG)" }).getAttribute("href"))!,
  );
  expect(background.headers()["content-type"]).toBe("image/jpeg");

  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "QR codes for print", level: 2 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // A signed-out browser is sent to sign in rather than shown the kit.
  const stranger = await browser.newContext({ baseURL });
  const refused = await (await stranger.newPage()).request.get(`/dashboard/cards/${card.number}/brand-kit`, {
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(302);
  await stranger.close();
});
