// After a SCIM request changed a company's directory users, the company follows, outside the plugin's transaction
// and idempotently: an active directory user is a member (joined without an invitation), an inactive or deleted
// one leaves as a removed member does (their company cards turn to the notice, their contacts stay), the account's
// name is the directory's display name, and their company page follows the directory's name and title
// (cards/company-look.server.ts: the title only where the template has the company set it).
import { type AnyColumn, and, eq, inArray, isNotNull, isNull, ne, not, or, sql } from "drizzle-orm";
import { cardPages, members, organizations, scimUsers, users } from "~/db/schema";
import { followDirectory } from "../cards/company-look.server";
import type { Database } from "../platform/db.server";
import { getOrCreateReferralCode } from "../referrals/referrals.server";
import { recordCompanyEvent } from "./company-events.server";
import { departCompany, directoryTitle } from "./member-cards.server";

/** Who the log and the cards' history name for what the directory did. */
const DIRECTORY = { id: null, name: "Directory (SCIM)" } as const;

/** The directory users (by SCIM id) a DELETE names, read before the plugin removes them. */
export async function scimUsersNamed(db: Database, organizationId: string, scimUserIds: string[]) {
  if (scimUserIds.length === 0) return [];
  const rows = await db
    .select({ userId: scimUsers.userId })
    .from(scimUsers)
    .where(and(eq(scimUsers.provisioningDomainId, organizationId), inArray(scimUsers.id, scimUserIds)));
  return rows.map((r) => r.userId);
}

async function companyOf(db: Database, organizationId: string) {
  const [company] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      website: organizations.website,
      contactEmail: organizations.contactEmail,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return company ?? null;
}

/**
 * Removes one person from the company as the directory's removal; nothing when they are not a member. An owner
 * stays (a company is never left without one): their role is changed in the company, not by the directory.
 */
async function leaveByDirectory(
  db: Database,
  company: NonNullable<Awaited<ReturnType<typeof companyOf>>>,
  person: { id: string; name: string; email: string },
) {
  // One transaction: the membership, the cards' notice and the log change together or not at all.
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(members)
      .where(
        and(eq(members.organizationId, company.id), eq(members.userId, person.id), ne(members.role, "owner")),
      )
      .returning({ id: members.id });
    if (removed.length === 0) return;
    await departCompany(tx, company, person, { userId: null, label: DIRECTORY.name });
    await recordCompanyEvent(tx, {
      organizationId: company.id,
      actor: DIRECTORY,
      action: "removed",
      subject: person.email,
      detail: "by the directory",
    });
  });
}

/** Whether the account is an active directory user of the company (through any of its directory rows). */
const activeInCompany = (organizationId: string, userId: AnyColumn) =>
  sql`exists (select 1 from scim_users other where other.user_id = ${userId}
    and other.provisioning_domain_id = ${organizationId} and other.active)`;

/**
 * Whether the person's company page differs from what the directory says: another name, or another title where the
 * company sets the title.
 */
const pageDiffers = sql`(${cardPages.id} is not null and (${cardPages.name} <> ${scimUsers.displayName}
  or (${cardPages.lockedFields} @> '["jobTitle"]'::jsonb and ${directoryTitle} is not null
    and ${directoryTitle} is distinct from ${cardPages.jobTitle})))`;

/** A directory user who is not yet a member joins, with what every new customer gets (a referral code). */
async function joinByDirectory(
  db: Database,
  organizationId: string,
  person: { id: string; name: string; email: string },
) {
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(members)
      .values({ id: crypto.randomUUID(), organizationId, userId: person.id, role: "member" })
      .onConflictDoNothing()
      .returning({ id: members.id });
    if (added.length === 0) return;
    await recordCompanyEvent(tx, {
      organizationId,
      actor: { id: person.id, name: person.name },
      action: "joined",
      subject: person.email,
      detail: "from the directory",
    });
  });
  // The main instance's sign-up hook does not run for an account the directory made.
  await getOrCreateReferralCode(db, person.id);
}

/**
 * Brings the company's memberships in line with its directory. Only the rows out of line are read: an active
 * directory user without a membership, with another name or whose company page differs, an inactive one still a member (and not active
 * through another directory user of the company). `deletedUserIds` are the accounts whose directory user a DELETE
 * just removed (they have no directory row left to read).
 */
export async function reconcileCompanyDirectory(
  db: Database,
  organizationId: string,
  deletedUserIds: readonly string[] = [],
) {
  const company = await companyOf(db, organizationId);
  if (!company) return;
  const rows = await db
    .select({
      userId: scimUsers.userId,
      active: scimUsers.active,
      displayName: scimUsers.displayName,
      name: users.name,
      email: users.email,
      memberId: members.id,
      title: directoryTitle,
    })
    .from(scimUsers)
    .innerJoin(users, eq(users.id, scimUsers.userId))
    .leftJoin(members, and(eq(members.userId, scimUsers.userId), eq(members.organizationId, organizationId)))
    .leftJoin(
      cardPages,
      and(eq(cardPages.organizationId, organizationId), eq(cardPages.ownerUserId, scimUsers.userId)),
    )
    .where(
      and(
        eq(scimUsers.provisioningDomainId, organizationId),
        or(
          and(
            eq(scimUsers.active, true),
            or(isNull(members.id), ne(scimUsers.displayName, users.name), pageDiffers),
          ),
          and(
            eq(scimUsers.active, false),
            isNotNull(members.id),
            not(activeInCompany(organizationId, scimUsers.userId)),
          ),
        ),
      ),
    );
  for (const row of rows) {
    const person = { id: row.userId, name: row.displayName || row.name, email: row.email };
    if (!row.active) {
      await leaveByDirectory(db, company, person);
      continue;
    }
    if (row.displayName && row.displayName !== row.name)
      await db.update(users).set({ name: row.displayName }).where(eq(users.id, row.userId));
    if (!row.memberId) await joinByDirectory(db, organizationId, person);
    await followDirectory(db, { organizationId, userId: row.userId, name: person.name, jobTitle: row.title });
  }
  if (deletedUserIds.length === 0) return;
  const gone = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(inArray(users.id, [...deletedUserIds]), not(activeInCompany(organizationId, users.id))));
  for (const person of gone) await leaveByDirectory(db, company, person);
}
