// Company sign-in through a company's own identity provider (better-auth's SSO plugin; decision 044): how the
// plugin is set up, and the rules that make it safe to let a company's provider vouch for its people. The
// settings (verified domains, the provider, 'Require single sign-on') are the companies domain's.
import { sso } from "@better-auth/sso";
import { APIError } from "better-auth/api";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Logger } from "pino";
import { companyDomains, organizations, ssoProviders, users } from "~/db/schema";
import type { Database, DbOrTx } from "../platform/db.server";

/** What joining a company by its identity provider does beyond the plugin (the membership, the company's log). */
export type OnCompanySignIn = (
  db: Database,
  person: { userId: string; email: string; name: string; organizationId: string },
) => Promise<unknown>;

/** The SSO plugin's endpoints that end in a session: the OIDC callback and the SAML assertion consumer. */
const SSO_SESSION_PATH = /^\/sso\/(callback|saml2\/sp\/acs)\//;

/** The e-mail address's domain, lower-case; null when there is none. */
export function emailDomain(email: string) {
  const at = email.lastIndexOf("@");
  return at > 0
    ? email
        .slice(at + 1)
        .trim()
        .toLowerCase()
        .replace(/\.$/, "")
    : null;
}

/**
 * The company that requires single sign-on for this address's domain, if one does: such people sign in only
 * through its identity provider, never by password (one indexed lookup, on every password sign-in).
 */
export async function ssoRequiredFor(db: DbOrTx, email: string) {
  const domain = emailDomain(email);
  if (!domain) return null;
  const [row] = await db
    .select({ company: organizations.name })
    .from(companyDomains)
    .innerJoin(organizations, eq(organizations.id, companyDomains.organizationId))
    .where(
      and(
        eq(companyDomains.domain, domain),
        isNotNull(companyDomains.verifiedAt),
        eq(companyDomains.requireSso, true),
      ),
    )
    .limit(1);
  return row ? { company: row.company, domain } : null;
}

/** What a password form says to someone whose company requires single sign-on. */
export const ssoRequiredMessage = (rule: { company: string; domain: string }) =>
  `${rule.company} requires single sign-on for @${rule.domain} addresses: use 'Sign in with your company'.`;

export function companySignInPlugin(opts: { db: Database; logger?: Logger; onSignIn: OnCompanySignIn }) {
  return sso({
    // Sign-in through a provider waits until its domain is verified; the company's domains (by DNS, our own
    // check) set this, never the plugin's registration.
    domainVerification: { enabled: true },
    // Membership is ours (onSignIn): it is logged in the company's log like every other joining.
    organizationProvisioning: { disabled: true },
    provisionUserOnEveryLogin: true,
    provisionUser: async ({ user, userInfo, provider }) => {
      if (userInfo.emailVerifiedClaim === false || userInfo.emailVerifiedClaim === "false") {
        opts.logger?.warn(
          { source: "sso", providerId: provider.providerId, reason: "email_not_verified" },
          "company sign-in refused",
        );
        throw new APIError("FOUND", undefined, { Location: "/login/company?error=sso_email_not_verified" });
      }
      if (!provider.organizationId) return;
      // The company's provider vouches for addresses in its verified domains (the session hook checked it).
      if (!user.emailVerified)
        await opts.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      await opts.onSignIn(opts.db, {
        userId: user.id,
        email: user.email,
        name: user.name,
        organizationId: provider.organizationId,
      });
    },
    // Registration is the companies domain's, called on the server after its own role checks.
    providersLimit: 1,
    // SAML: only an answer to a sign-in this shop started (its AuthnRequest's ID, once), never an unsolicited
    // one from the provider; every assertion must say when it is valid, give or take two minutes between the
    // provider's clock and ours (without a skew samlify refuses a provider a second ahead), and deprecated
    // algorithms are refused.
    saml: {
      enableInResponseToValidation: true,
      allowIdpInitiated: false,
      requireTimestamps: true,
      clockSkew: 2 * 60 * 1000,
      algorithms: { onDeprecated: "reject" },
    },
  });
}

/**
 * A session from a company's provider only for an address in a domain that company has verified: a company's
 * provider could otherwise name anyone's address and be let into their account.
 */
export function refuseForeignSsoSession(db: Database, logger?: Logger) {
  return async (
    session: { userId: string },
    ctx: { path?: string; params?: Record<string, string | undefined> } | null | undefined,
  ) => {
    if (!ctx?.path || !SSO_SESSION_PATH.test(ctx.path)) return;
    const providerId = ctx.params?.providerId ?? "";
    const [row] = await db
      .select({ email: users.email, organizationId: ssoProviders.organizationId })
      .from(users)
      .innerJoin(ssoProviders, eq(ssoProviders.providerId, providerId))
      .where(eq(users.id, session.userId));
    const domain = row ? emailDomain(row.email) : null;
    const verified =
      row?.organizationId && domain
        ? await db
            .select({ id: companyDomains.id })
            .from(companyDomains)
            .where(
              and(
                eq(companyDomains.organizationId, row.organizationId),
                eq(companyDomains.domain, domain),
                isNotNull(companyDomains.verifiedAt),
              ),
            )
        : [];
    if (verified.length > 0) return;
    logger?.warn(
      { source: "sso", providerId, reason: "address_outside_verified_domains" },
      "company sign-in refused",
    );
    return false;
  };
}
