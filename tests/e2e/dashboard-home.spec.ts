// The customer dashboard's figures come from real visits: a customer who bought a card while signed in sees it
// on the dashboard home and in My Cards, then visits to the public page and clicks through /go/ raise the counts
// there once the analytics are written (about once a second, so the test reloads until they show).
import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { cardFromPaidOrder, expect, test } from "./fixtures";

// A person's browser: the server counts no crawler, and Playwright's own agent is not a browser's.
const UA = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36" };

/** The value shown under a figure's label on the dashboard home. */
function figure(page: Page, label: string): Locator {
  return page
    .locator("dl > div")
    .filter({ has: page.getByRole("term").filter({ hasText: label }) })
    .getByRole("definition");
}

/** Reloads until the check passes: counts reach the database about a second after the visit. */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 20_000 });
}

test("visits and link clicks on a customer's card raise the counts on the dashboard home and in My Cards", async ({
  page,
  signedInCustomer,
  adminPage,
  baseURL,
  browser,
}) => {
  // One journey from an empty account through a purchase, visits and every part of My Cards, with axe runs.
  test.setTimeout(120_000);
  expect(signedInCustomer.email).toBeTruthy();
  await page.goto("/dashboard");
  const firstCard = page.getByRole("region", { name: "Get your first card" });
  await expect(firstCard.getByRole("link", { name: "Order a card" })).toHaveAttribute("href", "/order-card");
  await expect(page.getByRole("link", { name: /Find Resellers/ })).toHaveAttribute(
    "href",
    "/dashboard/resell",
  );

  // Bought while signed in, so the card is on the account as soon as it is paid.
  const card = await cardFromPaidOrder(page, adminPage);

  await page.goto("/dashboard");
  await expect(figure(page, "Total Links").first()).toHaveText("1");
  await expect(figure(page, "Total Clicks (last 30 days)").first()).toHaveText("0");
  await expect(figure(page, "Total Clicks (last 30 days)").last()).toHaveText(
    "None in the previous 30 days either",
  );
  await expect(figure(page, "Active Cards").first()).toHaveText("0");
  await expect(figure(page, "Subscription").first()).toHaveText("No monthly fees");
  await expect(figure(page, "Subscription").last()).toHaveText("1 card owned, each paid for once");
  await expect(page.getByRole("heading", { name: "Share your card" })).toBeVisible();
  await expect(page.getByText(`${baseURL}/${card.slug}`, { exact: true })).toBeVisible();
  const quickActions = page.getByRole("region", { name: "Quick Actions" });
  await expect(quickActions.getByRole("link", { name: /Manage Links/ })).toHaveAttribute(
    "href",
    "/dashboard/links",
  );
  await expect(quickActions.getByRole("link", { name: /Manage Cards/ })).toHaveAttribute(
    "href",
    "/dashboard/cards",
  );
  await expect(quickActions.getByRole("link", { name: /View Analytics/ })).toHaveAttribute(
    "href",
    "/dashboard/cards#scan-activity",
  );

  // Two taps, one shared-link visit, and one click through to the card's Instagram link.
  const tapped = await (await page.request.get(`/${card.slug}?s=nfc`, { headers: UA })).text();
  await page.request.get(`/${card.slug}?s=nfc`, { headers: UA });
  await page.request.get(`/${card.slug}`, { headers: UA });
  const go = /href="(\/go\/[0-9a-f-]{36}\?s=nfc)"/.exec(tapped)![1]!;
  const click = await page.request.get(go, { headers: UA, maxRedirects: 0 });
  expect(click.status()).toBe(302);
  expect(click.headers().location).toContain("instagram.com/mia");

  await reloadUntil(page, async () => {
    await expect(figure(page, "Total Clicks (last 30 days)").first()).toHaveText("1", { timeout: 1000 });
  });
  await expect(figure(page, "Total Clicks (last 30 days)").last()).toHaveText(
    "Up from none in the previous 30 days",
  );
  await expect(figure(page, "Active Cards").first()).toHaveText("1");

  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Share your card" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // My Cards: the card's counts and the scan activity of today, by source.
  await quickActionsLink(page, "View Analytics").click();
  await expect(page).toHaveURL(/\/dashboard\/cards#scan-activity$/);
  const item = page.getByRole("listitem").filter({ hasText: `Card ${card.number}` });
  await expect(item.getByRole("figure", { name: "Preview of the public page of Mia Multi" })).toContainText(
    "Instagram",
  );
  await expect(item.getByRole("definition")).toHaveText(["1", "3", "1"]);
  const activity = page.getByRole("region", { name: "Scan activity" });
  await expect(activity.getByRole("img", { name: /Views per day, last 30 days/ })).toBeVisible();
  await activity.getByText("Show the numbers as a table").click();
  const table = activity.getByRole("table", { name: /Views per day/ });
  await expect(table.getByRole("columnheader")).toHaveText(["Day", "NFC tap", "QR scan", "Link", "Total"]);
  await expect(table.getByRole("row")).toHaveCount(31);
  await expect(table.getByRole("row").last().getByRole("cell")).toHaveText(["2", "0", "1", "3"]);

  // Share copies the page's address.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await item.getByRole("button", { name: "Share" }).click();
  await expect(page.getByText("Your profile link has been copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/${card.slug}`);

  // The QR code, and its downloads as SVG and PNG.
  await item.getByRole("link", { name: "View QR Code" }).click();
  const qr = page.getByRole("dialog", { name: "QR code for Mia Multi" });
  await expect
    .poll(() => qr.getByRole("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const svg = await page.request.get(
    (await qr.getByRole("link", { name: "Download SVG" }).getAttribute("href"))!,
  );
  expect(svg.headers()["content-type"]).toContain("image/svg+xml");
  const pngLink = qr.getByRole("link", { name: "Download PNG" });
  await expect(pngLink).toHaveAttribute("download", `${card.number}-qr.png`);
  const png = await page.request.get((await pngLink.getAttribute("href"))!);
  expect(png.headers()["content-type"]).toBe("image/png");
  expect((await png.body()).subarray(1, 4).toString()).toBe("PNG");
  await qr.getByRole("link", { name: "Close" }).click();
  await expect(qr).toBeHidden();
  await expectNoSeriousA11yViolations(page);

  // The card's own tab: its profile, the real vCard and the public page in a new tab.
  await page
    .getByRole("navigation", { name: "Card tabs" })
    .getByRole("link", { name: `Card ${card.number}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`\\?card=${card.number}$`));
  await expect(page.getByRole("link", { name: `Card ${card.number}` })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const profile = page.getByRole("region", { name: "Mia Multi" });
  const vcard = await page.request.get(
    (await profile.getByRole("link", { name: "Download vCard" }).getAttribute("href"))!,
  );
  expect(vcard.headers()["content-type"]).toContain("text/vcard");
  expect(await vcard.text()).toContain("FN:Mia Multi");
  await expect(profile.getByRole("link", { name: "View Public Profile" })).toHaveAttribute(
    "target",
    "_blank",
  );
  await expect(profile.getByRole("link", { name: "View Public Profile" })).toHaveAttribute(
    "href",
    `/${card.slug}`,
  );
  await expect(page.getByRole("region", { name: "Scan activity" }).getByRole("img")).toHaveAccessibleName(
    new RegExp(`card ${card.number}.*3 views in total`),
  );
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/dashboard/cards");
  await expect(item.getByRole("link", { name: "View QR Code" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Another number in the address is not found.
  expect((await page.goto("/dashboard/cards?card=WC0000"))!.status()).toBe(404);

  // Without JavaScript the tabs are links and the QR dialog opens from its address.
  const noJs = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noJs.newPage();
  await plain.goto("/dashboard/cards");
  await plain.getByRole("link", { name: "View QR Code" }).click();
  await expect(
    plain.getByRole("dialog", { name: "QR code for Mia Multi" }).getByRole("link", { name: "Download PNG" }),
  ).toBeVisible();
  await plain.getByRole("link", { name: `Card ${card.number}` }).click();
  await expect(plain.getByRole("heading", { name: "Mia Multi", level: 2 })).toBeVisible();
  await noJs.close();
});

function quickActionsLink(page: Page, name: string) {
  return page.getByRole("region", { name: "Quick Actions" }).getByRole("link", { name: new RegExp(name) });
}
