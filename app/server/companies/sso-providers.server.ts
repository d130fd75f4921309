// A company's identity provider (better-auth's SSO plugin, decision 044): registering it once a domain is
// verified, keeping its domains in step with the verified ones, and the membership its first sign-in makes.
// OpenID Connect is here; SAML 2.0 is saml-providers.server.ts.
import { isAPIError } from "better-auth/api";
import { and, eq, isNotNull } from "drizzle-orm";
import { accounts, companyDomains, members, organizations, ssoProviders } from "~/db/schema";
import type { OidcProviderSchema } from "~/schemas/company-sign-in";
import type { z } from "~/schemas/zod";
import type { Auth } from "../accounts/auth.server";
import type { OnCompanySignIn } from "../accounts/company-sign-in.server";
import type { Database, DbOrTx } from "../platform/db.server";
import type { Config } from "../platform/env.server";
import {
  normaliseWebhookUrl,
  resolveWebhookTarget,
  WebhookAddressError,
} from "../webhooks/address-guard.server";
import type { CompanyAccess } from "./companies.server";
import { recordCompanyEvent } from "./company-events.server";

/** Why a provider could not be added, for the form. */
export class ProviderRefusal extends Error {
  override name = "ProviderRefusal";
  constructor(
    message: string,
    readonly status = 422,
  ) {
    super(message);
  }
}

/** The company's provider's id (the callback's last segment): one provider per company. */
export const providerIdOf = (organizationId: string) => `company-${organizationId}`;

/** The address the company registers at its provider as the redirect (callback) URI. */
export const oidcRedirectUri = (publicUrl: string, organizationId: string) =>
  `${publicUrl}/api/auth/sso/callback/${providerIdOf(organizationId)}`;

/**
 * Who the provider is, as the company knows it: the issuer for OpenID Connect; for SAML the identity provider's
 * entity ID, kept beside its metadata (the plugin's issuer column holds the shop's own entity ID there).
 */
function providerName(row: { issuer: string; saml: string | null }) {
  if (!row.saml) return row.issuer;
  try {
    const entityId = (JSON.parse(row.saml) as { idpMetadata?: { entityID?: unknown } }).idpMetadata?.entityID;
    return typeof entityId === "string" && entityId ? entityId : row.issuer;
  } catch {
    return row.issuer;
  }
}

/** The company's provider as its Sign-in page shows it (never its secret). */
export async function companyProvider(db: DbOrTx, organizationId: string) {
  const [row] = await db
    .select({
      issuer: ssoProviders.issuer,
      oidc: ssoProviders.oidcConfig,
      saml: ssoProviders.samlConfig,
      domainVerified: ssoProviders.domainVerified,
    })
    .from(ssoProviders)
    .where(eq(ssoProviders.organizationId, organizationId));
  if (!row) return null;
  return {
    issuer: providerName(row),
    protocol: row.oidc ? ("OpenID Connect" as const) : ("SAML" as const),
    active: !!row.domainVerified,
  };
}

/**
 * What adding a provider needs, whatever its protocol: none yet (one per company) and a verified domain, whose
 * list is returned (the provider's domains).
 */
export async function providerPreconditions(db: DbOrTx, organizationId: string) {
  if (await companyProvider(db, organizationId))
    throw new ProviderRefusal("The company already has an identity provider: remove it to add another.", 409);
  const verified = await verifiedDomains(db, organizationId);
  if (verified.length === 0) throw new ProviderRefusal("Verify one of your company's domains first.", 409);
  return verified;
}

/**
 * Adds the company's OpenID Connect provider through the SSO plugin, once a domain is verified. The issuer is
 * checked as a webhook's address is (public, https, the standard port; SSO_ALLOWED_HOSTS excepted) before the
 * plugin reads its discovery document; the client secret is sealed with the rest of the configuration.
 */
export async function addOidcProvider(
  context: { db: Database; auth: Auth; config: Config },
  access: CompanyAccess,
  request: Request,
  input: z.infer<typeof OidcProviderSchema>,
) {
  const { db, config } = context;
  const organizationId = access.company.id;
  const verified = await providerPreconditions(db, organizationId);
  let issuer: string;
  try {
    issuer = normaliseWebhookUrl(input.issuer, config.sso.allowedHosts).replace(/\/+$/, "");
    await resolveWebhookTarget(new URL(issuer), { allowedHosts: config.sso.allowedHosts });
  } catch (error) {
    if (error instanceof WebhookAddressError) throw new ProviderRefusal(addressMessage(error.message));
    throw error;
  }
  const discovery = issuer.endsWith("/.well-known/openid-configuration");
  return registerProvider(context, access, request, issuer, {
    providerId: providerIdOf(organizationId),
    issuer: discovery ? issuer.slice(0, -"/.well-known/openid-configuration".length) : issuer,
    domain: verified.join(","),
    organizationId,
    oidcConfig: {
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      ...(discovery ? { discoveryEndpoint: issuer } : {}),
      scopes: ["openid", "email", "profile"],
      pkce: true,
      // The claim is read apart: an explicit "not verified" refuses the sign-in (company-sign-in.server.ts).
      mapping: { email: "email", name: "name", extraFields: { emailVerifiedClaim: "email_verified" } },
    },
  });
}

type RegisterBody = NonNullable<Parameters<Auth["api"]["registerSSOProvider"]>[0]>["body"];

/**
 * Registers the company's provider with the SSO plugin (a refusal in words a company admin can act on), ties it to
 * the company's verified domains and logs it under `shown` (the issuer, or a SAML provider's entity ID).
 */
export async function registerProvider(
  context: { db: Database; auth: Auth },
  access: CompanyAccess,
  request: Request,
  shown: string,
  body: RegisterBody,
) {
  const organizationId = access.company.id;
  try {
    await context.auth.api.registerSSOProvider({ headers: request.headers, body });
  } catch (error) {
    if (isAPIError(error))
      throw new ProviderRefusal(`The identity provider could not be added: ${error.message || error.status}`);
    throw error;
  }
  await syncProviderDomains(context.db, organizationId);
  await recordCompanyEvent(context.db, {
    organizationId,
    actor: access.user,
    action: "provider-added",
    subject: shown,
  });
  return shown;
}

/** Removes the company's provider; its people's accounts stay, and sign in by password again unless required. */
export async function removeProvider(db: Database, access: CompanyAccess) {
  const organizationId = access.company.id;
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(ssoProviders)
      .where(eq(ssoProviders.organizationId, organizationId))
      .returning({ issuer: ssoProviders.issuer, saml: ssoProviders.samlConfig });
    if (removed.length === 0) return false;
    // Its sign-in links go too: a provider added later under the same id must not inherit who its subjects were.
    await tx.delete(accounts).where(eq(accounts.providerId, providerIdOf(organizationId)));
    // Nobody could sign in at all: single sign-on is no longer required for its domains.
    await tx
      .update(companyDomains)
      .set({ requireSso: false })
      .where(eq(companyDomains.organizationId, organizationId));
    await recordCompanyEvent(tx, {
      organizationId,
      actor: access.user,
      action: "provider-removed",
      subject: providerName(removed[0]!),
    });
    return true;
  });
}

/** The address guard's refusal in the words of the Sign-in tab; `label` names the field ("The issuer URL"). */
export const addressMessage = (message: string, label = "The issuer URL") =>
  message.startsWith("Webhooks are only sent")
    ? "The identity provider must be on the standard https port (443)."
    : message.replace(/^The URL/, label);

async function verifiedDomains(db: DbOrTx, organizationId: string) {
  const rows = await db
    .select({ domain: companyDomains.domain })
    .from(companyDomains)
    .where(and(eq(companyDomains.organizationId, organizationId), isNotNull(companyDomains.verifiedAt)))
    .orderBy(companyDomains.domain);
  return rows.map((r) => r.domain);
}

/** The company's provider follows its verified domains: sign-in through it works only while one is verified. */
export async function syncProviderDomains(db: DbOrTx, organizationId: string) {
  const domains = await verifiedDomains(db, organizationId);
  await db
    .update(ssoProviders)
    .set({ domain: domains.join(",") || "unverified.invalid", domainVerified: domains.length > 0 })
    .where(eq(ssoProviders.organizationId, organizationId));
}

/**
 * Someone signed in through the company's provider with an address in its verified domains (checked before the
 * session was made): the first time, they become a member (just in time), as an invitation would have made them.
 */
export const joinBySingleSignOn: OnCompanySignIn = async (db, person) => {
  const [company] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, person.organizationId));
  if (!company) return;
  const added = await db
    .insert(members)
    .values({ id: crypto.randomUUID(), organizationId: company.id, userId: person.userId, role: "member" })
    .onConflictDoNothing()
    .returning({ id: members.id });
  if (added.length === 0) return;
  await recordCompanyEvent(db, {
    organizationId: company.id,
    actor: { id: person.userId, name: person.name },
    action: "joined",
    subject: person.email,
    detail: "by single sign-on",
  });
};
