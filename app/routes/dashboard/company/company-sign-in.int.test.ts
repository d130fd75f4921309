// A company's Sign-in tab through the routes, on both databases: a domain proven by a TXT record served by a name
// server on 127.0.0.1, the OpenID Connect provider (its secret sealed), and 'Require single sign-on', after which
// the domain's people cannot sign in, register or reset a password by password.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ssoProviders, verifications } from "~/db/schema";
import { ssoRequiredMessage } from "~/server/accounts/company-sign-in.server";
import { DOMAIN_MESSAGES, PUBLIC_MAIL_DOMAINS } from "~/server/companies/company-domains.server";
import { verifiedCustomer } from "../../../../tests/support/auth";
import { startDnsServer, type TestDnsServer } from "../../../../tests/support/dns-server";
import { type OidcProvider, startOidcProvider } from "../../../../tests/support/oidc-provider";
import { answer, getRequest, postRequest } from "../../../../tests/support/routes";
import * as forgotPassword from "../../auth/forgot-password";
import * as login from "../../auth/login";
import * as register from "../../auth/register";
import * as resetPassword from "../../auth/reset-password";
import { type CompanyShop, companyRoutes, companyShop, invitationFor } from "./company-fixture";
import * as signIn from "./sign-in";

let shop: CompanyShop;
let dns: TestDnsServer;
let idp: OidcProvider;
let slug: string;
let url: string;

beforeAll(async () => {
  dns = await startDnsServer();
  idp = await startOidcProvider();
  shop = await companyShop("company-sign-in", { SSO_ALLOWED_HOSTS: "127.0.0.1", DNS_SERVERS: dns.address });
  const r = companyRoutes(shop);
  slug = (await r.createCompany(shop.olivia, { name: "Acme" })).location!.split("/").pop()!;
  url = `http://shop.test/dashboard/company/${slug}/sign-in`;
  await r.importCsv(shop.olivia.cookie, slug, "name,email\nMia Member,mia@example.com");
  await r.answerInvitation(shop.mia.cookie, (await invitationFor(shop, shop.mia.email)).id, "accept");
});
afterAll(async () => {
  await idp?.close();
  await dns?.close();
  await shop?.t.close();
});

const open = (cookie = shop.olivia.cookie) =>
  answer(signIn.loader, getRequest(url, cookie), shop.context, { slug });
const post = (fields: Record<string, string>, cookie = shop.olivia.cookie) =>
  answer(signIn.action, postRequest(url, fields, cookie), shop.context, { slug });
type Settings = {
  domains: {
    id: string;
    domain: string;
    verifiedAt: string | null;
    record: { name: string; value: string };
  }[];
  provider: unknown;
};
const settings = async () => (await open()).data as Settings;
const passwordLogin = (email: string, password: string) =>
  answer(login.action, postRequest("http://shop.test/login", { email, password }), shop.context);

describe("a company's Sign-in tab", () => {
  it("is for owners and admins: a member gets 403", async () => {
    expect((await open(shop.mia.cookie)).status).toBe(403);
    expect((await post({ intent: "add-domain", domain: "acme.test" }, shop.mia.cookie)).status).toBe(403);
  });

  it("refuses public mail domains and bad shapes, and adds a domain with the TXT record that proves it", async () => {
    const publicDomain = [...PUBLIC_MAIL_DOMAINS][0]!;
    const refused = await post({ intent: "add-domain", domain: publicDomain });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain(DOMAIN_MESSAGES.publicMail(publicDomain));
    expect((await post({ intent: "add-domain", domain: "not a domain" })).status).toBe(400);
    expect((await post({ intent: "add-domain", domain: "@Acme.TEST." })).status).toBe(302);
    const [domain] = (await settings()).domains;
    expect(domain).toMatchObject({ domain: "acme.test", verifiedAt: null });
    expect(domain!.record.name).toBe("_tapcard-verification.acme.test");
  });

  it("verifies the domain only once its TXT record is there", async () => {
    const [domain] = (await settings()).domains;
    const early = await post({ intent: "check-domain", domainId: domain!.id });
    expect(early.status).toBe(422);
    expect(early.data.error).toBe(DOMAIN_MESSAGES.recordMissing(domain!.record));
    dns.setTxt(domain!.record.name, ["v=spf1 -all", domain!.record.value]);
    expect((await post({ intent: "check-domain", domainId: domain!.id })).status).toBe(302);
    expect((await settings()).domains[0]!.verifiedAt).not.toBeNull();
  });

  it("refuses a provider on a private address, and adds the company's provider with its secret sealed", async () => {
    const privateOne = await post({
      intent: "add-oidc",
      issuer: "https://10.0.0.1/",
      clientId: "c",
      clientSecret: "x",
    });
    expect(privateOne.status).toBe(422);
    expect(JSON.stringify(privateOne.data)).toContain("public address");
    const added = await post({
      intent: "add-oidc",
      issuer: idp.issuer,
      clientId: "tapcard",
      clientSecret: "sealed-s3cret",
    });
    expect(added.status).toBe(302);
    const page = await settings();
    expect(page.provider).toMatchObject({ issuer: idp.issuer, protocol: "OpenID Connect", active: true });
    expect(JSON.stringify(page)).not.toContain("sealed-s3cret");
    // As stored: read past the column's sealing.
    const [stored] = await shop.t.db.select({ raw: sql<string>`oidc_config` }).from(ssoProviders);
    expect(stored!.raw).toMatch(/^v1\./);
    expect(stored!.raw).not.toContain("sealed-s3cret");
    // The plugin reads it back whole through the column.
    const [provider] = await shop.t.db.select({ oidc: ssoProviders.oidcConfig }).from(ssoProviders);
    expect(JSON.parse(provider!.oidc!).clientSecret).toBe("sealed-s3cret");
  });

  it("with single sign-on required, the domain's people cannot sign in, register or reset by password", async () => {
    const pat = await verifiedCustomer(shop.auth, shop.t.db, "Pat", "pat@acme.test");
    expect((await passwordLogin("pat@acme.test", "customer-pass-1")).status).toBe(302);
    // A reset link asked for before the rule.
    await answer(
      forgotPassword.action,
      postRequest("http://shop.test/forgot-password", { email: "pat@acme.test" }),
      shop.context,
    );
    const [link] = await shop.t.db.select().from(verifications).where(eq(verifications.value, pat.id));
    const token = link!.identifier.replace("reset-password:", "");

    const [domain] = (await settings()).domains;
    expect((await post({ intent: "require-sso", domainId: domain!.id })).status).toBe(302);
    const message = ssoRequiredMessage({ company: "Acme", domain: "acme.test" });
    const refused = await passwordLogin("pat@acme.test", "customer-pass-1");
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.data)).toContain(message);
    const reset = await answer(
      forgotPassword.action,
      postRequest("http://shop.test/forgot-password", { email: "pat@acme.test" }),
      shop.context,
    );
    expect(JSON.stringify(reset.data)).toContain(message);
    const usedLink = await answer(
      resetPassword.action,
      postRequest(`http://shop.test/reset-password?token=${token}`, {
        token,
        password: "another-pass-1",
        confirmPassword: "another-pass-1",
      }),
      shop.context,
    );
    expect(usedLink.status).toBe(403);
    const registered = await answer(
      register.action,
      postRequest("http://shop.test/register", {
        name: "Quinn",
        email: "quinn@acme.test",
        password: "customer-pass-1",
        terms: "on",
      }),
      shop.context,
    );
    expect(JSON.stringify(registered.data)).toContain(message);
    // Other domains are untouched.
    expect((await passwordLogin(shop.adam.email, "customer-pass-1")).status).toBe(302);
  });

  it("removing the provider lets the domain's people use their passwords again", async () => {
    expect((await post({ intent: "remove-provider" })).status).toBe(302);
    expect((await settings()).provider).toBeNull();
    expect((await passwordLogin("pat@acme.test", "customer-pass-1")).status).toBe(302);
  });
});
