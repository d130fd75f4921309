// Companies: which ones an account belongs to, the guard every company page and action passes (a member of this
// company, or one of its owners and admins), creating one, and its people. Membership is better-auth's organization
// plugin (docs/decisions/041-companies-on-the-organization-plugin.md): its endpoints make every change, so its rules
// (who may invite, the last owner) hold for every path; these functions read its tables.
import { isAPIError } from "better-auth/api";
import { and, asc, eq, or, sql } from "drizzle-orm";
import { data } from "react-router";
import { type CompanyRole, invitations, members, organizations } from "~/db/schema";
import type { CreateCompanySchema } from "~/schemas/company";
import type { z } from "~/schemas/zod";
import type { Auth } from "../accounts/auth.server";
import { requireUser, type SessionUser } from "../accounts/session.server";
import type { Database, DbOrTx } from "../platform/db.server";
import { recordCompanyEvent } from "./company-events.server";

export interface CompanyContext {
  db: Database;
  auth: Auth;
  clientIp: string;
  pokeOutbox: () => void;
}

export interface CompanyAccess {
  user: SessionUser;
  company: {
    id: string;
    slug: string;
    name: string;
    website: string | null;
    address: string | null;
    contactEmail: string | null;
  };
  role: CompanyRole;
  memberId: string;
}

const COMPANY_NOT_FOUND = "Company not found";
const MANAGERS_ONLY = "Only the company's owners and admins can do this.";

/** Owners and admins manage the company; members use their card. */
export const canManage = (role: CompanyRole) => role === "owner" || role === "admin";

export const roleOf = (role: string): CompanyRole => (role === "owner" || role === "admin" ? role : "member");

/** The companies an account belongs to, by name: the dashboard's switch. */
export async function companiesOf(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ slug: organizations.slug, name: organizations.name, role: members.role })
    .from(members)
    .innerJoin(organizations, eq(organizations.id, members.organizationId))
    .where(eq(members.userId, userId))
    .orderBy(asc(organizations.name))
    .limit(100);
  return rows.map((r) => ({ ...r, role: roleOf(r.role) }));
}

async function companyAccess(db: DbOrTx, user: SessionUser, slug: string) {
  const [row] = await db
    .select({
      id: organizations.id,
      slug: organizations.slug,
      name: organizations.name,
      website: organizations.website,
      address: organizations.address,
      contactEmail: organizations.contactEmail,
      role: members.role,
      memberId: members.id,
    })
    .from(organizations)
    .innerJoin(members, and(eq(members.organizationId, organizations.id), eq(members.userId, user.id)))
    .where(eq(organizations.slug, slug));
  if (!row) return null;
  const { role, memberId, ...company } = row;
  return { user, company, role: roleOf(role), memberId } satisfies CompanyAccess;
}

/**
 * The signed-in member's view of the company at /dashboard/company/{slug}: 404 for anyone who is not a member
 * (another company's admin, the shop's admin: a company's pages are its own), 403 for a member on a page that
 * needs an owner or admin.
 */
export async function requireCompany(
  context: { db: DbOrTx; auth: Auth },
  request: Request,
  slug: string | undefined,
  opts: { manage?: boolean } = {},
) {
  const user = await requireUser(context, request);
  const access = slug && slug.length <= SLUG_MAX_LENGTH ? await companyAccess(context.db, user, slug) : null;
  if (!access) throw data({ error: COMPANY_NOT_FOUND }, { status: 404 });
  if (opts.manage && !canManage(access.role)) throw data({ error: MANAGERS_ONLY }, { status: 403 });
  return access;
}

const SLUG_MAX_LENGTH = 60;

/** The company's address: its name in lower case and hyphens, with a number when another company has it. */
async function freeSlug(db: DbOrTx, name: string) {
  const base =
    name
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40)
      .replace(/-+$/, "") || "company";
  const taken = await db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(or(eq(organizations.slug, base), sql`${organizations.slug} like ${`${base}-%`}`));
  const used = new Set(taken.map((t) => t.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

const NEEDS_AN_OWNER = "A company needs an owner. Make someone else an owner first.";

/** Plugin refusals a person can act on, in our words; anything else is a fault and is thrown on. */
const PLUGIN_MESSAGES: Record<string, string> = {
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: NEEDS_AN_OWNER,
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: NEEDS_AN_OWNER,
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: "They are already a member of this company.",
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION:
    "They already have an invitation waiting. Resend it from the list instead.",
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: "Only an owner can make someone an owner.",
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER:
    "Only an owner can change an owner's role or make someone an owner.",
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: "Only an owner can remove an owner.",
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: MANAGERS_ONLY,
  YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION: MANAGERS_ONLY,
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: "This company has as many people as it can have.",
  INVITATION_LIMIT_REACHED: "This company has as many invitations waiting as it can have.",
  MEMBER_NOT_FOUND: "That person is not a member of this company.",
  INVITATION_NOT_FOUND: "This invitation has expired, was revoked or was already used.",
};

export class CompanyRefusal extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** The database's own refusal (migration 0031) of a change that would leave a company without an owner. */
function leavesNoOwner(error: unknown, depth = 0): boolean {
  const e = error as { message?: unknown; cause?: unknown } | null | undefined;
  if (!e || depth > 4) return false;
  const said = typeof e.message === "string" && e.message.includes("A company needs an owner");
  return said || leavesNoOwner(e.cause, depth + 1);
}

/**
 * Runs a plugin endpoint; a refusal it gives becomes a CompanyRefusal with our message, and so does the database's
 * when two owners step down at the same moment and the plugin's own check could not see it.
 */
export async function viaPlugin<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (leavesNoOwner(error)) throw new CompanyRefusal(NEEDS_AN_OWNER, 409);
    if (!isAPIError(error)) throw error;
    const code = (error.body as { code?: string } | undefined)?.code ?? "";
    const message = PLUGIN_MESSAGES[code];
    if (!message) throw error;
    throw new CompanyRefusal(message, error.statusCode === 403 ? 403 : 400);
  }
}

export async function createCompany(
  context: CompanyContext,
  request: Request,
  user: SessionUser,
  values: z.output<typeof CreateCompanySchema>,
) {
  const slug = await freeSlug(context.db, values.name);
  await viaPlugin(() =>
    context.auth.api.createOrganization({
      headers: request.headers,
      body: {
        name: values.name,
        slug,
        website: values.website,
        address: values.address,
        contactEmail: values.contactEmail,
        keepCurrentActiveOrganization: true,
      },
    }),
  );
  const [company] = await context.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, slug));
  await recordCompanyEvent(context.db, {
    organizationId: company!.id,
    actor: user,
    action: "created",
    subject: values.name,
  });
  return slug;
}

const PEOPLE_PAGE = 50;

/** Above this, the People page says '1,000+' rather than count every member. */
const COUNT_CAP = 1000;

/**
 * One page of the company's people by when they joined, and the invitations still waiting (or expired, so they
 * can be resent); `after` is the last member id of the page before.
 */
export async function companyPeople(db: DbOrTx, organizationId: string, after?: string) {
  const cursor = after
    ? await db
        .select({ createdAt: members.createdAt, id: members.id })
        .from(members)
        .where(and(eq(members.organizationId, organizationId), eq(members.id, after)))
    : [];
  const from = cursor[0];
  // One range of the (organization_id, created_at, id) index; each listed member's name and e-mail are looked up
  // by id, never joined, so the page costs the same in a company of any size.
  const rows = await db
    .select({
      id: members.id,
      userId: members.userId,
      role: members.role,
      joinedAt: members.createdAt,
      name: sql<string>`(select u.name from users u where u.id = members.user_id)`,
      email: sql<string>`(select u.email from users u where u.id = members.user_id)`,
    })
    .from(members)
    .where(
      and(
        eq(members.organizationId, organizationId),
        from ? sql`(${members.createdAt}, ${members.id}) > (${from.createdAt}, ${from.id})` : undefined,
      ),
    )
    .orderBy(asc(members.createdAt), asc(members.id))
    .limit(PEOPLE_PAGE + 1);
  const waiting = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      name: invitations.name,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.status, "pending")))
    .orderBy(asc(invitations.createdAt), asc(invitations.id))
    .limit(PEOPLE_PAGE);
  // Counted along each index up to COUNT_CAP, so a page costs the same in a company of any size.
  const [counts] = await db
    .select({
      members: sql<number>`(select count(*)::int from (select 1 from members m where m.organization_id = ${organizationId}
        order by m.created_at, m.id limit ${COUNT_CAP + 1}) capped)`,
      waiting: sql<number>`(select count(*)::int from (select 1 from invitations i where i.organization_id = ${organizationId}
        and i.status = 'pending' order by i.created_at limit ${COUNT_CAP + 1}) capped)`,
    })
    .from(sql`(select 1) as one`);
  return {
    members: rows.slice(0, PEOPLE_PAGE).map((m) => ({ ...m, role: roleOf(m.role) })),
    next: rows.length > PEOPLE_PAGE ? rows[PEOPLE_PAGE - 1]!.id : null,
    invitations: waiting.map((i) => ({ ...i, role: roleOf(i.role) })),
    memberCount: counts?.members ?? 0,
    waitingCount: counts?.waiting ?? 0,
    countCap: COUNT_CAP,
  };
}

/**
 * What a departed member's company card says instead of their page (the company's fallback page): its own words
 * when its admins wrote some (the template), else how to reach the company.
 */
export function fallbackNotice(
  company: { name: string; contactEmail: string | null; website: string | null },
  holder: string,
  words?: string | null,
) {
  const reach = company.contactEmail ?? company.website;
  return {
    title: `${holder} no longer works at ${company.name}`,
    text:
      words ??
      (reach ? `Contact ${company.name}: ${reach}` : `Contact ${company.name} for who to talk to now.`),
  };
}
