// The people CSV: a company admin invites up to 500 people at once. The file is checked whole, and every bad row is
// reported with its line and reason before anything is written; a clean file becomes its invitations in one
// transaction, so a file is imported completely or not at all.
import { and, eq, inArray } from "drizzle-orm";
import { invitations, members, organizations, users } from "~/db/schema";
import { type MemberRow, MemberRowSchema } from "~/schemas/company";
import { INVITATION_DAYS } from "../accounts/auth.server";
import { companyInvitationEmail } from "../accounts/invitation-email.server";
import type { SessionUser } from "../accounts/session.server";
import { readCsvTable } from "../platform/csv-table.server";
import type { Database } from "../platform/db.server";
import { enqueueEmail } from "../platform/email/outbox.server";
import { recordCompanyEvent } from "./company-events.server";

const MAX_MEMBER_ROWS = 500;
const MAX_MEMBER_FILE_BYTES = 200_000;
const MEMBER_COLUMNS = ["name", "email", "job_title", "phone"] as const;

export const MEMBER_CSV_MESSAGES = {
  noFile: "Please choose a CSV file to upload.",
  empty: "The file is empty.",
  tooLarge: "The file is larger than 200 KB. Split it into smaller files.",
  tooManyRows: `The file has more than ${MAX_MEMBER_ROWS} rows. Split it into smaller files.`,
  encoding: "The file is not UTF-8 text. Save it as 'CSV UTF-8' and upload it again.",
  unreadable: "The file could not be read as CSV",
  header: `The first row must name the columns: ${MEMBER_COLUMNS.join(", ")}.`,
};

interface RefusedRow {
  line: number;
  reason: string;
}

export type MemberFile =
  | { ok: true; rows: MemberRow[] }
  | { ok: false; message: string; refused: RefusedRow[] };

/** Reads and checks the file against the company: nothing is written. */
export async function checkMemberCsv(
  db: Database,
  organizationId: string,
  bytes: Uint8Array,
): Promise<MemberFile> {
  const table = readCsvTable(bytes, {
    columns: MEMBER_COLUMNS,
    required: ["email"],
    maxRows: MAX_MEMBER_ROWS,
    maxBytes: MAX_MEMBER_FILE_BYTES,
    messages: MEMBER_CSV_MESSAGES,
  });
  if (!table.ok) return { ok: false, message: table.message, refused: [] };
  const refused: RefusedRow[] = [...table.tooWide];
  const rows: (MemberRow & { line: number })[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { line, cells } of table.rows) {
    const parsed = MemberRowSchema.safeParse(cells);
    if (!parsed.success) {
      refused.push({ line, reason: parsed.error.issues.map((i) => i.message).join("; ") });
      continue;
    }
    const first = firstLineOf.get(parsed.data.email);
    if (first !== undefined) {
      refused.push({ line, reason: `${parsed.data.email} is also on line ${first}` });
      continue;
    }
    firstLineOf.set(parsed.data.email, line);
    rows.push({ ...parsed.data, line });
  }
  const emails = rows.map((r) => r.email);
  if (emails.length) {
    const already = await db
      .select({ email: users.email })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(and(eq(members.organizationId, organizationId), inArray(users.email, emails)));
    const invited = await db
      .select({ email: invitations.email })
      .from(invitations)
      .where(
        and(
          eq(invitations.organizationId, organizationId),
          eq(invitations.status, "pending"),
          inArray(invitations.email, emails),
        ),
      );
    const isMember = new Set(already.map((a) => a.email));
    const isInvited = new Set(invited.map((i) => i.email));
    for (const row of rows) {
      if (isMember.has(row.email))
        refused.push({ line: row.line, reason: `${row.email} is already a member` });
      else if (isInvited.has(row.email))
        refused.push({ line: row.line, reason: `${row.email} already has an invitation waiting` });
    }
  }
  if (refused.length) {
    refused.sort((a, b) => a.line - b.line);
    const count = refused.length === 1 ? "1 row needs" : `${refused.length} rows need`;
    return { ok: false, message: `Nothing was imported: ${count} fixing first.`, refused };
  }
  return { ok: true, rows: rows.map(({ line: _line, ...row }) => row) };
}

/** Every row of a checked file becomes a member invitation with its e-mail, in one transaction. */
export async function importMemberRows(
  db: Database,
  opts: { organizationId: string; inviter: SessionUser; rows: MemberRow[]; shop: string; publicUrl: string },
) {
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
  await db.transaction(async (tx) => {
    const [company] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, opts.organizationId));
    const made = await tx
      .insert(invitations)
      .values(
        opts.rows.map((row) => ({
          id: crypto.randomUUID(),
          organizationId: opts.organizationId,
          email: row.email,
          role: "member",
          status: "pending",
          inviterId: opts.inviter.id,
          name: row.name || null,
          jobTitle: row.job_title || null,
          phone: row.phone || null,
          expiresAt,
        })),
      )
      .returning({ id: invitations.id, email: invitations.email });
    for (const invitation of made)
      await enqueueEmail(
        tx,
        companyInvitationEmail({
          shop: opts.shop,
          to: invitation.email,
          company: company!.name,
          inviter: opts.inviter.name,
          role: "member",
          url: `${opts.publicUrl}/invitations/${invitation.id}`,
        }),
      );
    await recordCompanyEvent(tx, {
      organizationId: opts.organizationId,
      actor: opts.inviter,
      action: "imported",
      subject: `${made.length} ${made.length === 1 ? "person" : "people"}`,
    });
  });
}
