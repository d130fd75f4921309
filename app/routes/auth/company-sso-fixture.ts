// A company with its own OpenID Connect provider, for the company sign-in tests: Olivia owns Acme, which has
// verified acme.test and added the provider started on 127.0.0.1. A visitor goes through the whole round trip as a
// browser would: our form, the provider's authorize redirect, and the callback that makes the session.
import { eq } from "drizzle-orm";
import pino from "pino";
import { companyDomains, organizations } from "~/db/schema";
import { createAuth } from "~/server/accounts/auth.server";
import type { CompanyAccess } from "~/server/companies/companies.server";
import { addOidcProvider, joinBySingleSignOn } from "~/server/companies/sso-providers.server";
import { getOrCreateReferralCode } from "~/server/referrals/referrals.server";
import { startOidcProvider } from "../../../tests/support/oidc-provider";
import { answer, CookieJar, getRequest, postForm } from "../../../tests/support/routes";
import * as authApi from "../api/auth";
import { companyRoutes, companyShop } from "../dashboard/company/company-fixture";
import * as companyLogin from "./company-login";

export const DOMAIN = "acme.test";

export async function companyWithProvider(name: string) {
  const idp = await startOidcProvider();
  const shop = await companyShop(name, { SSO_ALLOWED_HOSTS: "127.0.0.1" });
  // The same auth with a logger whose lines the tests read: refusals are logged, tokens never.
  const logLines: string[] = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => void logLines.push(line) });
  shop.context.auth = createAuth({
    db: shop.t.db,
    config: shop.context.config,
    logger,
    queueEmail: async () => {},
    onCustomerCreated: getOrCreateReferralCode,
    onCompanySignIn: joinBySingleSignOn,
  });
  const routes = companyRoutes(shop);
  await routes.createCompany(shop.olivia, { name: "Acme" });
  const [company] = await shop.t.db.select().from(organizations).where(eq(organizations.name, "Acme"));
  await shop.t.db.insert(companyDomains).values({
    id: crypto.randomUUID(),
    organizationId: company!.id,
    domain: DOMAIN,
    token: "arranged",
    verifiedAt: new Date(),
  });
  const access = {
    user: { id: shop.olivia.id, name: "Olivia" },
    company: { id: company!.id, slug: company!.slug, name: company!.name },
  } as CompanyAccess;
  const ownerRequest = new Request("http://shop.test/", { headers: { Cookie: shop.olivia.cookie } });
  await addOidcProvider(shop.context, access, ownerRequest, {
    issuer: idp.issuer,
    clientId: "tapcard",
    clientSecret: "s3cret",
  });

  /** 'Sign in with your company' with this address; returns the jar and where the provider sent the browser. */
  async function startSignIn(email: string, jar = new CookieJar()) {
    const started = await answer(
      companyLogin.action,
      postForm("http://shop.test/login/company", jar, { email }),
      shop.context,
    );
    jar.apply(started.headers);
    return { jar, started };
  }

  /** The provider's authorize step (it signs the user in at once), then our callback: the callback's answer. */
  async function finishAtProvider(authorizeUrl: string, jar: CookieJar) {
    const atProvider = await fetch(authorizeUrl, { redirect: "manual" });
    const callback = atProvider.headers.get("location")!;
    const returned = await answer(authApi.loader, getRequest(callback, jar.header()), shop.context);
    jar.apply(returned.headers);
    return { returned, callback };
  }

  async function signIn(email: string) {
    const { jar, started } = await startSignIn(email);
    const { returned, callback } = await finishAtProvider(started.location!, jar);
    return { jar, started, returned, callback };
  }

  return { shop, idp, company: company!, access, routes, logLines, startSignIn, finishAtProvider, signIn };
}
