// A company's sign-in through its own SAML 2.0 identity provider, as its owner and a new member meet it: the owner
// proves the company's domain by a TXT record (served by a name server the test starts), adds the SAML provider the
// test starts on 127.0.0.1 by its metadata URL, and the provider is given the shop's metadata shown on the Sign-in
// tab; someone new then signs in with their work address, is sent to the provider's sign-on page with the shop's
// AuthnRequest, posts its signed response back to the shop, and is a member at once.
import { E2E_DNS_PORT } from "../../playwright.config";
import { expectNoSeriousA11yViolations } from "../support/axe";
import { startDnsServer, type TestDnsServer } from "../support/dns-server";
import { type SamlIdp, startSamlIdp } from "../support/saml-idp";
import { companyWithVerifiedDomain } from "./company-sign-in-steps";
import { expect, test } from "./fixtures";

const DOMAIN = "acme-saml.test";
let dns: TestDnsServer;
let idp: SamlIdp;

test.beforeAll(async () => {
  dns = await startDnsServer(E2E_DNS_PORT);
  idp = await startSamlIdp({ signOn: "served" });
});
test.afterAll(async () => {
  await idp?.close();
  await dns?.close();
});

test("a company adds its SAML provider and a new member signs in through it", async ({
  browser,
  baseURL,
  page,
  signedInCustomer: _owner,
  extraHTTPHeaders,
}) => {
  test.setTimeout(120_000);
  await companyWithVerifiedDomain(page, "Acme SAML Ltd", DOMAIN, dns);

  await page.getByRole("textbox", { name: "Metadata URL" }).fill(idp.url("/metadata"));
  await page.getByRole("button", { name: "Add SAML provider" }).click();
  await expect(page.getByText(`SAML: ${idp.entityId}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The company registers the shop at its provider: the shop's metadata, at the entity ID the tab shows.
  const entityId = (await page
    .locator("dt", { hasText: "Entity ID (audience)" })
    .locator("+ dd")
    .textContent())!;
  expect(entityId).toMatch(/\/api\/auth\/sso\/saml2\/sp\/metadata\?providerId=/);
  const spMetadata = await page.request.get(entityId);
  expect(spMetadata.ok()).toBe(true);
  idp.trust(await spMetadata.text());

  // Someone new signs in through the company's provider.
  idp.signsIn({ email: `nora@${DOMAIN}`, displayName: "Nora SAML" });
  const nora = await (await browser.newContext({ baseURL, extraHTTPHeaders })).newPage();
  await nora.goto("/login");
  await nora.getByRole("link", { name: "Sign in with your company" }).click();
  await nora.getByRole("textbox", { name: "Work email" }).fill(`nora@${DOMAIN}`);
  await nora.getByRole("button", { name: "Continue" }).click();
  await expect(nora).toHaveURL(new RegExp(`^${idp.ssoUrl}\\?SAMLRequest=`));
  await expect(nora.getByText(`Signed in as nora@${DOMAIN}.`)).toBeVisible();
  await nora.getByRole("button", { name: "Continue" }).click();
  await expect(nora).toHaveURL(/\/dashboard$/);
  await expect(
    nora
      .getByRole("navigation", { name: "Personal or company" })
      .getByRole("link", { name: "Acme SAML Ltd" }),
  ).toBeVisible();
});
