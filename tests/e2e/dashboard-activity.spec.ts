// My Cards' scan activity over a chosen range: a customer's card gets taps, a scan and a click, then the owner
// picks 90 days, reads the link clicks table, downloads the CSV and reads it back; the range links work without
// JavaScript too.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { cardFromPaidOrder, expect, test } from "./fixtures";

// A person's browser: the server counts no crawler, and Playwright's own agent is not a browser's.
const UA = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36" };

/** Reloads until the check passes: counts reach the database about a second after the visit. */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 20_000 });
}

test("an owner picks 90 days of scan activity, reads the link clicks and downloads them as CSV", async ({
  page,
  signedInCustomer,
  adminPage,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  expect(signedInCustomer.email).toBeTruthy();
  // Bought while signed in, so the card is on the account as soon as it is paid.
  const card = await cardFromPaidOrder(page, adminPage);

  // Two taps, one QR scan, and one click through to the Instagram link from a tap.
  const tapped = await (await page.request.get(`/${card.slug}?s=nfc`, { headers: UA })).text();
  await page.request.get(`/${card.slug}?s=nfc`, { headers: UA });
  await page.request.get(`/${card.slug}?s=qr`, { headers: UA });
  const go = /href="(\/go\/[0-9a-f-]{36}\?s=nfc)"/.exec(tapped)![1]!;
  expect((await page.request.get(go, { headers: UA, maxRedirects: 0 })).status()).toBe(302);
  const today = new Date().toISOString().slice(0, 10);

  await page.goto("/dashboard/cards");
  const activity = page.getByRole("region", { name: "Scan activity" });
  const ranges = activity.getByRole("navigation", { name: "Scan activity range" });
  await expect(ranges.getByRole("link")).toHaveText(["7 days", "30 days", "90 days", "365 days"]);
  await expect(ranges.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "true");

  await ranges.getByRole("link", { name: "90 days" }).click();
  await expect(page).toHaveURL(/\/dashboard\/cards\?range=90#scan-activity$/);
  await expect(ranges.getByRole("link", { name: "90 days" })).toHaveAttribute("aria-current", "true");
  await expect(ranges.getByRole("link", { name: "30 days" })).not.toHaveAttribute("aria-current");
  const clicks = activity.getByRole("table", { name: "Link clicks, last 90 days (your card)" });
  await reloadUntil(page, async () => {
    await expect(clicks.getByRole("row", { name: /Instagram/ }).getByRole("cell")).toHaveText(
      ["1", "0", "0", "1"],
      {
        timeout: 1000,
      },
    );
  });
  await expect(clicks.getByRole("columnheader")).toHaveText([
    "Link title",
    "NFC tap",
    "QR scan",
    "Link",
    "Total",
  ]);
  await expect(
    activity.getByRole("img", { name: /Views per week, last 90 days \(your card\)/ }),
  ).toBeVisible();
  await expect(activity.getByRole("img", { name: /Views per week/ })).toHaveAccessibleName(
    /3 views in total/,
  );
  await activity.getByText("Show the numbers as a table").click();
  const views = activity.getByRole("table", { name: /Views per week/ });
  await expect(views.getByRole("columnheader").first()).toHaveText("Week");
  // 90 days are 13 or 14 weeks (the first and last cut by the range), not 90 rows.
  expect(await views.getByRole("row").count()).toBeLessThanOrEqual(15);
  await expect(views.getByRole("row").last().getByRole("cell")).toHaveText(["2", "1", "0", "3"]);

  // The CSV of the same range: one row per day, card and source, read back as a spreadsheet would.
  const downloading = page.waitForEvent("download");
  await activity.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`card-activity-90-days-to-${today}.csv`);
  const rows: string[][] = parse(fs.readFileSync((await download.path())!, "utf8"), { bom: true });
  expect(rows).toEqual([
    ["day", "card_number", "card_name", "source", "views", "clicks"],
    [today, card.number, "Mia Multi", "nfc", "2", "1"],
    [today, card.number, "Mia Multi", "qr", "1", "0"],
  ]);
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(activity.getByRole("link", { name: "Export CSV" })).toBeVisible();
  await expect(ranges.getByRole("link", { name: "365 days" })).toBeVisible();
  await expect(clicks).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Without JavaScript the range links are plain links, and a range keeps the card tab it was chosen on.
  const noJs = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noJs.newPage();
  await plain.goto(`/dashboard/cards?card=${card.number}`);
  const plainActivity = plain.getByRole("region", { name: "Scan activity" });
  await plainActivity.getByRole("link", { name: "365 days" }).click();
  await expect(plain).toHaveURL(new RegExp(`\\?card=${card.number}&range=365#scan-activity$`));
  await expect(
    plainActivity.getByRole("img", {
      name: new RegExp(`Views per month, last 365 days \\(card ${card.number}\\)`),
    }),
  ).toBeVisible();
  await expect(plainActivity.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    `/dashboard/cards/activity.csv?card=${card.number}&range=365`,
  );
  await noJs.close();
});
