// A company's identity provider (better-auth's SSO plugin, decision 044): registering it once a domain is
// verified, keeping its domains in step with the verified ones, and the membership its first sign-in makes.
import { and, eq, isNotNull } from "drizzle-orm";
import { companyDomains, members, organizations, ssoProviders } from "~/db/schema";
import type { OnCompanySignIn } from "../accounts/company-sign-in.server";
import type { DbOrTx } from "../platform/db.server";
import { recordCompanyEvent } from "./company-events.server";

/** The company's provider follows its verified domains: sign-in through it works only while one is verified. */
export async function syncProviderDomains(db: DbOrTx, organizationId: string) {
  const verified = await db
    .select({ domain: companyDomains.domain })
    .from(companyDomains)
    .where(and(eq(companyDomains.organizationId, organizationId), isNotNull(companyDomains.verifiedAt)))
    .orderBy(companyDomains.domain);
  const domains = verified.map((d) => d.domain);
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
