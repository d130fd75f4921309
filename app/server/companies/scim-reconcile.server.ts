// After a SCIM request changed a company's directory users, the company follows, outside the plugin's transaction
// and idempotently: an active directory user is a member (joined without an invitation), an inactive or deleted
// one leaves as a removed member does (their company cards turn to the notice, their contacts stay), and the
// account's name is the directory's display name.
import { and, eq, inArray, ne } from "drizzle-orm";
import { members, organizations, scimUsers, users } from "~/db/schema";
import type { Database } from "../platform/db.server";
import { getOrCreateReferralCode } from "../referrals/referrals.server";
import { recordCompanyEvent } from "./company-events.server";
import { departCompany } from "./member-cards.server";

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
  const removed = await db
    .delete(members)
    .where(
      and(eq(members.organizationId, company.id), eq(members.userId, person.id), ne(members.role, "owner")),
    )
    .returning({ id: members.id });
  if (removed.length === 0) return;
  await departCompany(db, company, person, { userId: null, label: DIRECTORY.name });
  await recordCompanyEvent(db, {
    organizationId: company.id,
    actor: DIRECTORY,
    action: "removed",
    subject: person.email,
    detail: "by the directory",
  });
}

/**
 * Brings the company's memberships in line with its directory. `deletedUserIds` are the accounts whose directory
 * user a DELETE just removed (they have no directory row left to read).
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
      role: members.role,
    })
    .from(scimUsers)
    .innerJoin(users, eq(users.id, scimUsers.userId))
    .leftJoin(members, and(eq(members.userId, scimUsers.userId), eq(members.organizationId, organizationId)))
    .where(eq(scimUsers.provisioningDomainId, organizationId));
  const activeIds = new Set(rows.filter((r) => r.active).map((r) => r.userId));
  for (const row of rows) {
    const person = { id: row.userId, name: row.displayName || row.name, email: row.email };
    if (row.active && row.displayName && row.displayName !== row.name)
      await db.update(users).set({ name: row.displayName }).where(eq(users.id, row.userId));
    if (row.active && !row.memberId) {
      const added = await db
        .insert(members)
        .values({ id: crypto.randomUUID(), organizationId, userId: row.userId, role: "member" })
        .onConflictDoNothing()
        .returning({ id: members.id });
      if (added.length === 0) continue;
      // A new account gets what every customer gets on sign-up (the main instance's hook does not run here).
      await getOrCreateReferralCode(db, row.userId);
      await recordCompanyEvent(db, {
          organizationId,
          actor: { id: row.userId, name: person.name },
          action: "joined",
          subject: row.email,
          detail: "from the directory",
        });
    }
    if (!row.active && row.memberId && !activeIds.has(row.userId))
      await leaveByDirectory(db, company, person);
  }
  const gone = deletedUserIds.filter((id) => !activeIds.has(id));
  if (gone.length === 0) return;
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, gone));
  for (const person of people) await leaveByDirectory(db, company, person);
}
