// A company's sign-in through its own identity provider, as its owner and a new member meet it: the owner proves
// the company's domain by a TXT record (served by a name server the test starts), adds the OpenID Connect provider
// the test starts on 127.0.0.1 and requires single sign-on; someone new then signs in through the provider and is
// a member at once, and a password account of the domain is turned away from the password form.
import { E2E_DNS_PORT } from "../../playwright.config";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { startDnsServer, type TestDnsServer } from "../support/dns-server";
import { type OidcProvider, startOidcProvider } from "../support/oidc-provider";
import { companyWithVerifiedDomain } from "./company-sign-in-steps";
import { createCustomer, expect, logIn, test } from "./fixtures";

const DOMAIN = "acme-sso.test";
let dns: TestDnsServer;
let idp: OidcProvider;

test.beforeAll(async () => {
  dns = await startDnsServer(E2E_DNS_PORT);
  idp = await startOidcProvider();
});
test.afterAll(async () => {
  await idp?.close();
  await dns?.close();
});

test("a company requires single sign-on and a new member signs in through its provider", async ({
  browser,
  baseURL,
  page,
  signedInCustomer: _owner,
  extraHTTPHeaders,
}) => {
  test.setTimeout(120_000);
  // Someone of the domain who made a password account before the company required single sign-on.
  const early = await (await browser.newContext({ baseURL, extraHTTPHeaders })).newPage();
  const pat = await createCustomer(early, { name: "Pat Early", email: `pat@${DOMAIN}` });

  await companyWithVerifiedDomain(page, "Acme Sign-in Ltd", DOMAIN, dns);

  await page.getByRole("textbox", { name: "Issuer or discovery URL" }).fill(idp.issuer);
  await page.getByRole("textbox", { name: "Client ID" }).fill("tapcard-e2e");
  await page.getByLabel("Client secret").fill("e2e-client-secret");
  await page.getByRole("button", { name: "Add identity provider" }).click();
  await expect(page.getByText(`OpenID Connect: ${idp.issuer}`)).toBeVisible();
  await page.getByRole("button", { name: `Require single sign-on for @${DOMAIN}` }).click();
  await expect(page.getByText("Single sign-on is required")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Someone new signs in through the company's provider.
  idp.signsIn({ sub: "e2e-nora", email: `nora@${DOMAIN}`, name: "Nora New", email_verified: true });
  const nora = await (await browser.newContext({ baseURL, extraHTTPHeaders })).newPage();
  await nora.goto("/login");
  await nora.getByRole("link", { name: "Sign in with your company" }).click();
  await expectNoSeriousA11yViolations(nora);
  await nora.getByRole("textbox", { name: "Work email" }).fill(`nora@${DOMAIN}`);
  await nora.getByRole("button", { name: "Continue" }).click();
  await expect(nora).toHaveURL(/\/dashboard$/);
  await expect(
    nora
      .getByRole("navigation", { name: "Personal or company" })
      .getByRole("link", { name: "Acme Sign-in Ltd" }),
  ).toBeVisible();

  // The early password account is sent to the company's sign-in instead.
  await logIn(early, pat.email, pat.password);
  await expect(
    early.getByText(`Acme Sign-in Ltd requires single sign-on for @${DOMAIN} addresses`),
  ).toBeVisible();
  await expect(early).toHaveURL(/\/login$/);
});
