// Cold Calling's Overview and Activity tabs: the customer's figures, and the timeline of status changes and
// notes, for all their prospects or one of them; adding a note. Another customer's prospect is not found.
import { parseWithZod } from "@conform-to/zod/v4";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { data } from "react-router";
import { prospectActivities, prospects } from "~/db/schema";
import { PROSPECT_QUOTAS } from "~/schemas/prospect-options";
import { AddProspectNoteSchema } from "~/schemas/prospects";
import { isUuid } from "~/utils/ids";
import type { SessionUser } from "../accounts/session.server";
import type { Database, DbOrTx } from "../platform/db.server";
import { hitWriteLimit, WRITE_LIMITED } from "../platform/rate-limit.server";
import { dataWithToast, refuseWithToast } from "../platform/toast.server";
import { PROSPECT_WRITES } from "./limits.server";
import { lockNoteCount, NOTES_FULL, type ProspectsContext } from "./prospect-quotas.server";
import { PROSPECT_NOT_FOUND, requireOwnProspect } from "./prospects.server";

const ACTIVITY_PAGE_SIZE = 25;
const RECENT_ACTIVITY = 5;

/**
 * Newest first; the id breaks ties between rows written in the same transaction. An activity row carries its
 * prospect's owner (written so, and a prospect never changes hands), so filtering the activity table alone is
 * enough; filtering both sides of the join made the planner misjudge it and sort the whole timeline.
 */
function timeline(db: DbOrTx, userId: string, prospectId?: string) {
  const where: SQL[] = [eq(prospectActivities.userId, userId)];
  if (prospectId) where.push(eq(prospectActivities.prospectId, prospectId));
  return db
    .select({
      id: prospectActivities.id,
      prospectId: prospectActivities.prospectId,
      businessName: prospects.businessName,
      kind: prospectActivities.kind,
      fromStatus: prospectActivities.fromStatus,
      toStatus: prospectActivities.toStatus,
      note: prospectActivities.note,
      createdAt: prospectActivities.createdAt,
    })
    .from(prospectActivities)
    .innerJoin(prospects, eq(prospects.id, prospectActivities.prospectId))
    .where(and(...where))
    .orderBy(desc(prospectActivities.createdAt), desc(prospectActivities.id))
    .$dynamic();
}

const serialise = <T extends { createdAt: Date }>(rows: T[]) =>
  rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
export type ActivityEntry = ReturnType<
  typeof serialise<Awaited<ReturnType<typeof timeline>>[number]>
>[number];

/**
 * The figures of the Overview: every prospect, those contacted (any status but not_contacted), meetings and
 * sales as they stand now, and the conversion rate as the specification defines it: sales made over all
 * prospects, a rounded percentage (null while there are no prospects).
 */
async function prospectStats(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      contacted: sql<number>`(count(*) filter (where ${prospects.status} <> 'not_contacted'))::int`,
      meetings: sql<number>`(count(*) filter (where ${prospects.status} = 'meeting_scheduled'))::int`,
      sales: sql<number>`(count(*) filter (where ${prospects.status} = 'sale_made'))::int`,
    })
    .from(prospects)
    .where(eq(prospects.userId, userId));
  const s = row ?? { total: 0, contacted: 0, meetings: 0, sales: 0 };
  return { ...s, conversionRate: s.total ? Math.round((s.sales * 100) / s.total) : null };
}
export type ProspectStats = Awaited<ReturnType<typeof prospectStats>>;

export async function loadColdCallingOverview(db: DbOrTx, userId: string) {
  return {
    stats: await prospectStats(db, userId),
    recent: serialise(await timeline(db, userId).limit(RECENT_ACTIVITY)),
  };
}

/** The Activity tab: a page of the timeline, for all prospects or (?prospect=) one of the customer's own. */
export async function loadActivity(db: DbOrTx, userId: string, url: URL) {
  const prospectParam = url.searchParams.get("prospect");
  const prospect = prospectParam === null ? null : await requireOwnProspect(db, userId, prospectParam);
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(url.searchParams.get("page")) || 1)));
  const rows = await timeline(db, userId, prospect?.id)
    .limit(ACTIVITY_PAGE_SIZE + 1)
    .offset((page - 1) * ACTIVITY_PAGE_SIZE);
  return {
    prospect,
    page,
    hasNext: rows.length > ACTIVITY_PAGE_SIZE,
    entries: serialise(rows.slice(0, ACTIVITY_PAGE_SIZE)),
  };
}

/**
 * Adds a note to the customer's own prospect: "missing" when the prospect is not theirs, "full" when it already
 * holds its quota of notes.
 */
async function addProspectNote(db: Database, userId: string, prospectId: string, note: string) {
  return db.transaction(async (tx) => {
    const notes = await lockNoteCount(tx, userId, prospectId);
    if (notes === null) return "missing" as const;
    if (notes >= PROSPECT_QUOTAS.notesPerProspect) return "full" as const;
    await tx.insert(prospectActivities).values({ prospectId, userId, kind: "note", note });
    return "added" as const;
  });
}

export async function addNote(context: ProspectsContext, user: SessionUser, form: FormData) {
  const submission = parseWithZod(form, { schema: AddProspectNoteSchema });
  if (submission.status !== "success")
    return data({ form: "note" as const, result: submission.reply() }, { status: 400 });
  const refuse = (message: string, status: number) =>
    data({ form: "note" as const, result: submission.reply({ formErrors: [message] }) }, { status });
  if (
    !(await hitWriteLimit(context.db, PROSPECT_WRITES.prospectNote, {
      userId: user.id,
      clientIp: context.clientIp,
    }))
  )
    return refuse(WRITE_LIMITED, 429);
  const { prospectId, note } = submission.value;
  const outcome = isUuid(prospectId)
    ? await addProspectNote(context.db, user.id, prospectId, note)
    : "missing";
  if (outcome === "missing") return refuseWithToast(PROSPECT_NOT_FOUND, 404);
  if (outcome === "full") return refuse(NOTES_FULL, 409);
  return dataWithToast(
    { form: "note" as const, result: submission.reply({ resetForm: true }) },
    { type: "success", title: "Note added" },
  );
}
