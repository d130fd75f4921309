// Two-factor authentication in the browser: a customer turns it on from Settings → Account (the test computes the
// codes an authenticator app would from the key shown), then signing in asks for a code, and a backup code works
// once.
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { totpCode, wrongTotpCode } from "../support/totp";
import { expect, logIn, test } from "./fixtures";

async function logOut(page: Page) {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The code the app shows next: the one shown now may already have been accepted (each is accepted once). */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

test("a customer turns on two-factor, then signing in asks for a code and a backup code works once", async ({
  page,
  signedInCustomer,
}) => {
  await page.goto("/dashboard/settings/account");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  const twoFactor = page.getByRole("region", { name: "Two-factor authentication" });
  await twoFactor.getByLabel("Password").fill("not-my-password");
  await twoFactor.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(twoFactor.getByText("Current password is incorrect")).toBeVisible();
  await twoFactor.getByLabel("Password").fill(signedInCustomer.password);
  await twoFactor.getByRole("button", { name: "Set up two-factor authentication" }).click();

  await expect(twoFactor.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = ((await twoFactor.getByRole("definition").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectNoSeriousA11yViolations(page);
  await twoFactor.getByLabel("Code from the app").fill(wrongTotpCode(secret));
  await twoFactor.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(twoFactor.getByText(/That code is not correct/)).toBeVisible();
  const enrolmentCode = totpCode(secret);
  await twoFactor.getByLabel("Code from the app").fill(enrolmentCode);
  await twoFactor.getByRole("button", { name: "Turn on two-factor authentication" }).click();

  const codes = twoFactor.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const backupCode = ((await codes.first().textContent()) ?? "").trim();
  await expect(twoFactor.getByText("10 backup codes are left.", { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Signing in now stops at the code; the dashboard stays closed until it is given.
  await logOut(page);
  await logIn(page, signedInCustomer.email, signedInCustomer.password);
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard/);

  await logIn(page, signedInCustomer.email, signedInCustomer.password);
  // The code that turned two-factor on was accepted once: it does not sign in again.
  await enterCode(page, enrolmentCode);
  await expect(page.getByRole("alert").filter({ hasText: "Invalid code. Please try again." })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await enterCode(page, backupCode);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same backup code does not work twice; the app's code does.
  await logOut(page);
  await logIn(page, signedInCustomer.email, signedInCustomer.password);
  await enterCode(page, backupCode);
  await expect(page.getByRole("alert").filter({ hasText: "Invalid code. Please try again." })).toBeVisible();
  await enterCode(page, nextCode(secret));
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/settings/account");
  await expect(page.getByText("9 backup codes are left.", { exact: false })).toBeVisible();
});

test("without JavaScript, two-factor turns on and the login asks for the code", async ({
  browser,
  baseURL,
  customer,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await logIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/dashboard/settings/account");
  const twoFactor = page.getByRole("region", { name: "Two-factor authentication" });
  await twoFactor.getByLabel("Password").fill(customer.password);
  await twoFactor.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secret = ((await twoFactor.getByRole("definition").textContent()) ?? "").replace(/\s/g, "");
  await twoFactor.getByLabel("Code from the app").fill(totpCode(secret));
  await twoFactor.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(twoFactor.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);

  await logOut(page);
  await logIn(page, customer.email, customer.password);
  await enterCode(page, nextCode(secret));
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.close();
});
