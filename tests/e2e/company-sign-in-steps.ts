// Steps the company sign-in browser tests share: an owner creates a company and proves its e-mail domain on the
// Sign-in tab by the TXT record it shows, served by the test's name server.
import type { Page } from "@playwright/test";
import type { TestDnsServer } from "../support/dns-server";
import { createCompany, expect } from "./fixtures";

export async function companyWithVerifiedDomain(
  page: Page,
  company: string,
  domain: string,
  dns: TestDnsServer,
) {
  await createCompany(page, company);
  await page.getByRole("link", { name: "Sign-in", exact: true }).click();
  await page.getByRole("textbox", { name: "Domain" }).fill(domain);
  await page.getByRole("button", { name: "Add domain" }).click();
  await expect(page.getByText("Not verified yet")).toBeVisible();
  const record = page.getByRole("definition");
  const [name, value] = [await record.nth(0).textContent(), await record.nth(1).textContent()];
  expect(name).toBe(`_tapcard-verification.${domain}`);
  dns.setTxt(name!, [value!]);
  await page.getByRole("button", { name: `Check ${domain} now` }).click();
  await expect(page.getByText("Verified. Add your identity provider")).toBeVisible();
}
