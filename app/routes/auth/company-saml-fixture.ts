// A company with its own SAML 2.0 identity provider, for the SAML sign-in tests: Olivia owns Acme, which has
// verified acme.test; the provider (tests/support/saml-idp.ts) serves its metadata on 127.0.0.1, and Olivia adds
// it on the Sign-in tab. A visitor goes through the whole round trip as a browser would: our form, the provider's
// sign-in page given the AuthnRequest, and the provider's page posting its response to the shop's assertion
// consumer (a cross-site post, so without the shop's cookies).
import { eq } from "drizzle-orm";
import { companyDomains, organizations, sessions, users } from "~/db/schema";
import { providerIdOf } from "~/server/companies/sso-providers.server";
import { answer, CookieJar, getRequest, postForm, postRequest } from "../../../tests/support/routes";
import { type ResponseChange, type SamlUser, startSamlIdp } from "../../../tests/support/saml-idp";
import * as authApi from "../api/auth";
import { companyRoutes, companyShop } from "../dashboard/company/company-fixture";
import * as signInTab from "../dashboard/company/sign-in";
import * as companyLogin from "./company-login";

export const DOMAIN = "acme.test";

export async function companyWithSamlProvider(name: string) {
  const idp = await startSamlIdp();
  const shop = await companyShop(name, { SSO_ALLOWED_HOSTS: "127.0.0.1" });
  const routes = companyRoutes(shop);
  const slug = (await routes.createCompany(shop.olivia, { name: "Acme" })).location!.split("/").pop()!;
  const [company] = await shop.t.db.select().from(organizations).where(eq(organizations.slug, slug));
  await shop.t.db.insert(companyDomains).values({
    id: crypto.randomUUID(),
    organizationId: company!.id,
    domain: DOMAIN,
    token: "arranged",
    verifiedAt: new Date(),
  });
  const tabUrl = `http://shop.test/dashboard/company/${slug}/sign-in`;
  const acsUrl = `http://shop.test/api/auth/sso/saml2/sp/acs/${providerIdOf(company!.id)}`;
  const spMetadataUrl = `http://shop.test/api/auth/sso/saml2/sp/metadata?providerId=${providerIdOf(company!.id)}`;

  /** Olivia's Sign-in tab: its page, and a form posted on it. */
  const openTab = () =>
    answer(signInTab.loader, getRequest(tabUrl, shop.olivia.cookie), shop.context, { slug });
  const postTab = (fields: Record<string, string>) =>
    answer(signInTab.action, postRequest(tabUrl, fields, shop.olivia.cookie), shop.context, { slug });

  /** The shop's metadata for the provider, which the company registers there (the provider then trusts it). */
  async function registerShopAtProvider() {
    const served = await answer(authApi.loader, getRequest(spMetadataUrl), shop.context);
    if (served.status === 200) idp.trust(served.body);
    return served;
  }

  /** 'Sign in with your company' with this address; `started.location` is the provider's, with the request. */
  async function startSignIn(email: string, jar = new CookieJar()) {
    const started = await answer(
      companyLogin.action,
      postForm("http://shop.test/login/company", jar, { email }),
      shop.context,
    );
    jar.apply(started.headers);
    return { jar, started };
  }

  /** The provider's page posting its response to the ACS, as the browser sends it across sites. */
  async function postToAcs(form: { SAMLResponse: string; RelayState: string }, jar: CookieJar) {
    const request = new Request(acsUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://idp.acme.test" },
      body: new URLSearchParams(form),
    });
    const returned = await answer(authApi.action, request, shop.context);
    jar.apply(returned.headers);
    return returned;
  }

  /** The whole round trip for `email`, the provider vouching for `user` with its response changed by `change`. */
  async function signIn(email: string, user: SamlUser, change: ResponseChange = {}) {
    const { jar, started } = await startSignIn(email);
    const request = await idp.readRequest(started.location!);
    const response = await idp.respond(request, user, change);
    const returned = await postToAcs(response, jar);
    return { jar, started, request, response, returned };
  }

  /** How many sessions the person with this address has (0 when there is no such person). */
  async function sessionsOf(email: string) {
    const [u] = await shop.t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!u) return 0;
    return (await shop.t.db.select().from(sessions).where(eq(sessions.userId, u.id))).length;
  }

  return {
    shop,
    idp,
    company: company!,
    acsUrl,
    spMetadataUrl,
    openTab,
    postTab,
    registerShopAtProvider,
    startSignIn,
    postToAcs,
    signIn,
    sessionsOf,
  };
}
