// A member's company card as the company sees it: the page made for them (by themselves, or when a card ordered
// for them is paid), and who still has no card, for 'Order cards for members'.
import { and, asc, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { invitations, members, organizations, scimUsers, users } from "~/db/schema";
import { createCompanyCardPage, markHolderDeparted } from "../cards/company-cards.server";
import { directoryLine } from "../cards/company-look.server";
import type { LifecycleActor } from "../cards/physical-cards.server";
import type { DbOrTx } from "../platform/db.server";
import { handOverCompanyEndpoints } from "../webhooks/webhooks.server";
import { canManage, fallbackNotice, roleOf } from "./companies.server";
import { recordCompanyEvent } from "./company-events.server";
import { forgetMemberAddress } from "./member-addresses.server";
import { companyTemplate, lookOf } from "./template.server";

/** Members one team order may hold: the size of the people CSV. */
export const TEAM_ORDER_MAX = 500;
const CHOICES_PAGE = 50;

/** The title a directory user's attributes hold (the SCIM plugin keeps them as JSON). */
export const directoryTitle = sql<string | null>`(${scimUsers.serializedAttributes}::jsonb ->> 'title')`;

/** The job title the company's directory gives the member, if it provisions them. */
async function titleFromDirectory(db: DbOrTx, organizationId: string, userId: string) {
  const [row] = await db
    .select({ title: directoryTitle })
    .from(scimUsers)
    .where(and(eq(scimUsers.provisioningDomainId, organizationId), eq(scimUsers.userId, userId)))
    .orderBy(desc(scimUsers.active))
    .limit(1);
  return row?.title ? directoryLine(row.title, 100) : null;
}

/**
 * The member's company page, made now if they have none, with what their invitation said of them (the CSV's name,
 * job title and phone), or else the title their company's directory gives, and the company's template.
 */
export async function memberCardPage(
  db: DbOrTx,
  company: { id: string; name: string },
  member: { id: string; name: string; email: string },
) {
  const [invited] = await db
    .select({ name: invitations.name, jobTitle: invitations.jobTitle, phone: invitations.phone })
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, company.id),
        eq(invitations.email, member.email.toLowerCase()),
        eq(invitations.status, "accepted"),
      ),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  return createCompanyCardPage(db, {
    organizationId: company.id,
    userId: member.id,
    company: company.name,
    name: invited?.name || member.name,
    jobTitle: invited?.jobTitle || (await titleFromDirectory(db, company.id, member.id)),
    phone: invited?.phone,
    email: member.email,
    look: lookOf(await companyTemplate(db, company.id), company.name),
  });
}

/**
 * A card that opens, or will once written: one on the member's own company page, not turned off. A scalar subquery,
 * so it is looked up for each member listed (the company-and-holder index, then the page's cards), never joined.
 */
const hasCard = sql<boolean>`((select 1 from card_pages cp join physical_cards pc on pc.card_page_id = cp.id
  where cp.organization_id = members.organization_id and cp.owner_user_id = members.user_id
  and pc.state in ('to_write', 'active') limit 1) is not null)`;

/** Whether the member gave the company an address to post cards to (its primary key, looked up per member). */
const hasAddress = sql<boolean>`exists (select 1 from member_addresses ma
  where ma.organization_id = members.organization_id and ma.user_id = members.user_id)`;

/**
 * One page of the company's people, each with whether they hold a card and have given an address; `after` is the last user id. In the order
 * of the (organization_id, user_id) index, so a page costs the same in a company of any size.
 */
export async function teamOrderChoices(db: DbOrTx, organizationId: string, after?: string) {
  const rows = await db
    .select({ userId: members.userId, name: users.name, email: users.email, hasCard, hasAddress })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.organizationId, organizationId), after ? gt(members.userId, after) : undefined))
    .orderBy(asc(members.userId))
    .limit(CHOICES_PAGE + 1);
  return {
    people: rows.slice(0, CHOICES_PAGE),
    next: rows.length > CHOICES_PAGE ? rows[CHOICES_PAGE - 1]!.userId : null,
  };
}

/**
 * The members a team order is for, by name: those posted that are members of this company (anyone else is
 * dropped), or everyone without a card. At most TEAM_ORDER_MAX; null when there are more.
 */
export async function teamOrderMembers(
  db: DbOrTx,
  organizationId: string,
  chosen: { userIds: string[] } | "everyone-without-a-card",
) {
  const rows = await db
    .select({ userId: members.userId, name: users.name })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(
      and(
        eq(members.organizationId, organizationId),
        chosen === "everyone-without-a-card"
          ? sql`not ${hasCard}`
          : inArray(members.userId, chosen.userIds.length ? chosen.userIds : [""]),
      ),
    )
    .orderBy(asc(users.name), asc(members.userId))
    .limit(TEAM_ORDER_MAX + 1);
  return rows.length > TEAM_ORDER_MAX ? null : rows;
}

/** Whether the account is one of the company's owners or admins now (checked again when the order is placed). */
export async function managesCompany(db: DbOrTx, organizationId: string, userId: string) {
  const [row] = await db
    .select({ role: members.role })
    .from(members)
    .where(and(eq(members.organizationId, organizationId), eq(members.userId, userId)));
  return Boolean(row && canManage(roleOf(row.role)));
}

/** The member with this e-mail (lower case), as a list of one, or none. */
export async function membersByEmail(db: DbOrTx, organizationId: string, email: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.organizationId, organizationId), sql`lower(${users.email}) = ${email}`))
    .limit(1);
}

/** The members of a paid team order still in the company, with what their page needs. */
export async function currentMembers(db: DbOrTx, organizationId: string, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.organizationId, organizationId), inArray(members.userId, userIds)));
}

/**
 * An account being deleted leaves each of its companies as a member who leaves does: its company cards turn to the
 * company's notice, their contacts stay with the company, and the log says so. Refused (with why) while it is the
 * last owner of a company that has anyone else in it.
 */
export async function leaveEveryCompany(tx: DbOrTx, user: { id: string; name: string; email: string }) {
  const theirs = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      website: organizations.website,
      contactEmail: organizations.contactEmail,
      role: members.role,
      owners: sql<number>`(select count(*)::int from members m where m.organization_id = organizations.id and m.role = 'owner')`,
      people: sql<number>`(select count(*)::int from members m where m.organization_id = organizations.id)`,
    })
    .from(members)
    .innerJoin(organizations, eq(organizations.id, members.organizationId))
    .where(eq(members.userId, user.id));
  const stranded = theirs.filter((c) => c.role === "owner" && c.owners === 1 && c.people > 1);
  if (stranded.length)
    return `You are the only owner of ${stranded.map((c) => c.name).join(", ")}. Make someone else an owner there first.`;
  for (const company of theirs) {
    await departCompany(tx, company, user, { userId: null, label: "account deleted" });
    // Nobody is left to reach it: the company goes with its only person (its orders stay the shop's).
    if (company.people === 1) {
      await tx.delete(organizations).where(eq(organizations.id, company.id));
      continue;
    }
    await recordCompanyEvent(tx, {
      organizationId: company.id,
      actor: { id: user.id, name: user.name },
      action: "left",
      subject: `${user.email} (account deleted)`,
    });
  }
  return null;
}

/**
 * Someone stopped being a member (they left, were removed, or deleted their account): their company cards turn to
 * the company's notice, and the company's webhook endpoints they added stay the company's, in its first owner's
 * name (who is then told of failed deliveries).
 */
export async function departCompany(
  db: DbOrTx,
  company: { id: string; name: string; website: string | null; contactEmail: string | null },
  person: { id: string; name: string },
  actor: LifecycleActor,
) {
  await markHolderDeparted(db, {
    organizationId: company.id,
    userId: person.id,
    notice: fallbackNotice(company, person.name, (await companyTemplate(db, company.id)).fallback),
    actor,
  });
  const [owner] = await db
    .select({ userId: members.userId })
    .from(members)
    .where(
      and(eq(members.organizationId, company.id), eq(members.role, "owner"), ne(members.userId, person.id)),
    )
    .orderBy(asc(members.createdAt), asc(members.id))
    .limit(1);
  if (owner) await handOverCompanyEndpoints(db, company.id, person.id, owner.userId);
  await forgetMemberAddress(db, company.id, person.id);
}
