// A company's audit log: who did what, when, to whom. Written in the same transaction as the change where there is
// one, read by owners and admins.
import { and, desc, eq, lt } from "drizzle-orm";
import { companyEvents } from "~/db/schema";
import { toCsv } from "~/utils/csv";
import type { DbOrTx } from "../platform/db.server";

const COMPANY_EVENT_WORDS = {
  created: "Created the company",
  invited: "Invited",
  imported: "Imported invitations",
  resent: "Resent the invitation to",
  revoked: "Revoked the invitation to",
  joined: "Joined",
  declined: "Declined the invitation",
  removed: "Removed",
  left: "Left the company",
  "role-changed": "Changed the role of",
  reassigned: "Gave",
  "template-changed": "Changed the template of",
  exported: "Exported",
  "asked-addresses": "Asked for delivery addresses:",
  "domain-added": "Added the domain",
  "domain-verified": "Verified the domain",
  "domain-removed": "Removed the domain",
  "sso-required": "Changed single sign-on for",
  "provider-added": "Added the identity provider",
  "provider-removed": "Removed the identity provider",
  "scim-token-created": "Created a directory (SCIM) token",
  "scim-token-revoked": "Revoked the directory (SCIM) token",
} as const;
export type CompanyEventAction = keyof typeof COMPANY_EVENT_WORDS;

export async function recordCompanyEvent(
  db: DbOrTx,
  event: {
    organizationId: string;
    /** A null id: no account did it (the company's directory). */
    actor: { id: string | null; name: string };
    action: CompanyEventAction;
    subject: string;
    detail?: string;
  },
) {
  await db.insert(companyEvents).values({
    organizationId: event.organizationId,
    actorUserId: event.actor.id,
    actorName: event.actor.name,
    action: event.action,
    subject: event.subject,
    detail: event.detail ?? null,
  });
}

const COMPANY_EVENTS_PAGE = 50;

/** One page of the log, newest first; `before` is the last row's id of the page before. */
export async function companyEventsPage(db: DbOrTx, organizationId: string, before?: number) {
  const rows = await db
    .select()
    .from(companyEvents)
    .where(
      before
        ? and(eq(companyEvents.organizationId, organizationId), lt(companyEvents.id, before))
        : eq(companyEvents.organizationId, organizationId),
    )
    .orderBy(desc(companyEvents.id))
    .limit(COMPANY_EVENTS_PAGE + 1);
  return {
    events: rows.slice(0, COMPANY_EVENTS_PAGE).map((e) => ({
      id: e.id,
      at: e.createdAt,
      actor: e.actorName,
      what: COMPANY_EVENT_WORDS[e.action as CompanyEventAction] ?? e.action,
      subject: e.subject,
      detail: e.detail,
    })),
    next: rows.length > COMPANY_EVENTS_PAGE ? rows[COMPANY_EVENTS_PAGE - 1]!.id : null,
  };
}

/** The whole log (newest first, at most 20,000 rows) as CSV for owners and admins. */
export async function companyEventsCsv(db: DbOrTx, organizationId: string) {
  const rows = await db
    .select()
    .from(companyEvents)
    .where(eq(companyEvents.organizationId, organizationId))
    .orderBy(desc(companyEvents.id))
    .limit(20_000);
  return toCsv(
    ["when", "who", "what", "subject", "detail"],
    rows.map((e) => [
      e.createdAt.toISOString(),
      e.actorName,
      COMPANY_EVENT_WORDS[e.action as CompanyEventAction] ?? e.action,
      e.subject,
      e.detail,
    ]),
  );
}
