// Cold Calling's Prospects tab: the customer's own prospects filtered, searched and paged; adding one by hand,
// changing a status (stamped and logged), importing a CSV file and exporting them. Another customer's prospect
// is not found.

import { parseWithZod } from "@conform-to/zod/v4";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { data } from "react-router";
import { businessTypes, prospectActivities, prospects } from "~/db/schema";
import {
  PROSPECT_LIMITS,
  PROSPECT_QUOTAS,
  PROSPECT_STATUS_LABELS,
  PROSPECT_STATUSES,
  type ProspectStatus,
} from "~/schemas/prospect-options";
import { AddProspectSchema, SetProspectStatusSchema } from "~/schemas/prospects";
import { toCsv } from "~/utils/csv";
import { isUuid } from "~/utils/ids";
import { pageNumber } from "~/utils/paging";
import type { SessionUser } from "../accounts/session.server";
import type { Database, DbOrTx } from "../platform/db.server";
import { hitWriteLimit, WRITE_LIMITED } from "../platform/rate-limit.server";
import { ilikeAny } from "../platform/sql.server";
import { dataWithToast, refuseWithToast } from "../platform/toast.server";
import { listBusinessTypes } from "./business-lists.server";
import { PROSPECT_WRITES } from "./limits.server";
import {
  importProspects,
  PROSPECT_CSV_COLUMNS,
  PROSPECT_IMPORT_MAX_BYTES,
  ProspectImportError,
  parseProspectCsv,
} from "./prospect-import.server";
import { lockProspectCount, PROSPECTS_FULL, type ProspectsContext } from "./prospect-quotas.server";

const PROSPECTS_PAGE_SIZE = 25;
/** An export holds at most this many prospects (newest first); the filters narrow a bigger list. */
const EXPORT_MAX_ROWS = 20_000;
export const PROSPECT_NOT_FOUND = "Prospect not found";

export interface ProspectFilters {
  status: ProspectStatus | null;
  type: string | null;
  q: string;
}

/** Filters from the address bar; anything not understood is dropped rather than refused. */
export function prospectFilters(url: URL): ProspectFilters {
  const status = url.searchParams.get("status") ?? "";
  const type = (url.searchParams.get("type") ?? "").slice(0, 60);
  return {
    status: (PROSPECT_STATUSES as readonly string[]).includes(status) ? (status as ProspectStatus) : null,
    type: /^[a-z0-9_-]+$/.test(type) ? type : null,
    q: (url.searchParams.get("q") ?? "").trim().slice(0, PROSPECT_LIMITS.search),
  };
}

function prospectsWhere(userId: string, f: ProspectFilters) {
  const where: SQL[] = [eq(prospects.userId, userId)];
  if (f.status) where.push(eq(prospects.status, f.status));
  if (f.type) where.push(eq(prospects.businessType, f.type));
  if (f.q) where.push(ilikeAny([prospects.businessName, prospects.contactName], f.q));
  return and(...where);
}

/** The customer's prospect with this id, or a 404 for an id that is not theirs (or not an id at all). */
export async function requireOwnProspect(db: DbOrTx, userId: string, prospectId: string) {
  if (!isUuid(prospectId)) throw data({ error: PROSPECT_NOT_FOUND }, { status: 404 });
  const [p] = await db
    .select({ id: prospects.id, businessName: prospects.businessName, status: prospects.status })
    .from(prospects)
    .where(and(eq(prospects.id, prospectId), eq(prospects.userId, userId)));
  if (!p) throw data({ error: PROSPECT_NOT_FOUND }, { status: 404 });
  return p;
}

/** Ordered as the (user_id, created_at) index is, so the planner reads one index entry, never the table. */
async function hasProspects(db: DbOrTx, userId: string) {
  const [first] = await db
    .select({ id: prospects.id })
    .from(prospects)
    .where(eq(prospects.userId, userId))
    .orderBy(desc(prospects.createdAt))
    .limit(1);
  return Boolean(first);
}

/** The Prospects tab: one page of the filtered list, its count, and the business types to choose from. */
export async function loadProspects(db: DbOrTx, userId: string, url: URL) {
  const filters = prospectFilters(url);
  const where = prospectsWhere(userId, filters);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(prospects)
    .where(where);
  const pages = Math.max(1, Math.ceil(total / PROSPECTS_PAGE_SIZE));
  const page = pageNumber(url, pages);
  const rows = await db
    .select({
      id: prospects.id,
      businessName: prospects.businessName,
      contactName: prospects.contactName,
      phone: prospects.phone,
      email: prospects.email,
      businessType: prospects.businessType,
      typeLabel: businessTypes.label,
      status: prospects.status,
      lastContactDate: prospects.lastContactDate,
    })
    .from(prospects)
    .leftJoin(businessTypes, eq(businessTypes.id, prospects.businessType))
    .where(where)
    .orderBy(desc(prospects.createdAt), desc(prospects.id))
    .limit(PROSPECTS_PAGE_SIZE)
    .offset((page - 1) * PROSPECTS_PAGE_SIZE);
  // The empty state is for a customer with no prospects at all, not for filters that match none.
  const filtered = Boolean(filters.status || filters.type || filters.q);
  const hasAny = filtered ? await hasProspects(db, userId) : total > 0;
  return {
    filters,
    page,
    pages,
    total,
    hasAny,
    filtered,
    types: await listBusinessTypes(db),
    prospects: rows.map((r) => ({
      ...r,
      typeLabel: r.typeLabel ?? r.businessType,
      lastContactDate: r.lastContactDate?.toISOString() ?? null,
    })),
  };
}
export type ProspectsData = Awaited<ReturnType<typeof loadProspects>>;

/**
 * Moves a prospect to a status: stamps its last contact date and logs the change, in one transaction. The row
 * is locked so two quick changes log the true 'from' of each. Null when the prospect is not the customer's.
 */
async function setProspectStatus(db: Database, userId: string, prospectId: string, to: ProspectStatus) {
  if (!isUuid(prospectId)) return null;
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({ status: prospects.status })
      .from(prospects)
      .where(and(eq(prospects.id, prospectId), eq(prospects.userId, userId)))
      .for("update");
    if (!p) return null;
    if (p.status === to) return { changed: false as const };
    const now = new Date();
    await tx
      .update(prospects)
      .set({ status: to, lastContactDate: now, updatedAt: now })
      .where(eq(prospects.id, prospectId));
    await tx
      .insert(prospectActivities)
      .values({ prospectId, userId, kind: "status", fromStatus: p.status, toStatus: to, createdAt: now });
    return { changed: true as const };
  });
}

async function knownBusinessType(db: DbOrTx, id: string) {
  const [t] = await db.select({ id: businessTypes.id }).from(businessTypes).where(eq(businessTypes.id, id));
  return Boolean(t);
}

export async function addProspect(context: ProspectsContext, user: SessionUser, form: FormData) {
  const db = context.db;
  const submission = parseWithZod(form, { schema: AddProspectSchema });
  if (submission.status !== "success")
    return data({ form: "add" as const, result: submission.reply() }, { status: 400 });
  const v = submission.value;
  if (!(await knownBusinessType(db, v.businessType)))
    return data(
      {
        form: "add" as const,
        result: submission.reply({ fieldErrors: { businessType: ["Choose a business type"] } }),
      },
      { status: 400 },
    );
  if (
    !(await hitWriteLimit(db, PROSPECT_WRITES.addProspect, { userId: user.id, clientIp: context.clientIp }))
  )
    return data(
      { form: "add" as const, result: submission.reply({ formErrors: [WRITE_LIMITED] }) },
      { status: 429 },
    );
  const added = await db.transaction(async (tx) => {
    if ((await lockProspectCount(tx, user.id)) >= PROSPECT_QUOTAS.prospects) return false;
    await tx.insert(prospects).values({
      userId: user.id,
      businessName: v.businessName,
      contactName: v.contactName ?? null,
      phone: v.phone ?? null,
      email: v.email ?? null,
      address: v.address ?? null,
      businessType: v.businessType,
    });
    return true;
  });
  if (!added)
    return data(
      { form: "add" as const, result: submission.reply({ formErrors: [PROSPECTS_FULL] }) },
      { status: 409 },
    );
  return dataWithToast(
    { form: "add" as const, result: submission.reply({ resetForm: true }) },
    { type: "success", title: "Prospect added", description: `${v.businessName} is in your prospects.` },
  );
}

export async function changeStatus(context: ProspectsContext, user: SessionUser, form: FormData) {
  const submission = parseWithZod(form, { schema: SetProspectStatusSchema });
  if (submission.status !== "success") {
    const issue = Object.values(submission.error ?? {}).flat()[0];
    return refuseWithToast(issue ?? "Failed to update prospect status", 400);
  }
  if (
    !(await hitWriteLimit(context.db, PROSPECT_WRITES.prospectStatus, {
      userId: user.id,
      clientIp: context.clientIp,
    }))
  )
    return refuseWithToast(WRITE_LIMITED, 429);
  const { prospectId, status } = submission.value;
  const outcome = await setProspectStatus(context.db, user.id, prospectId, status);
  if (!outcome) return refuseWithToast(PROSPECT_NOT_FOUND, 404);
  if (!outcome.changed)
    return dataWithToast(
      { ok: true as const },
      {
        type: "info",
        title: "No change",
        description: `The status is already ${PROSPECT_STATUS_LABELS[status]}.`,
      },
    );
  return dataWithToast(
    { ok: true as const },
    { type: "success", title: "Status updated", description: "Prospect status has been updated" },
  );
}

export async function importCsv(context: ProspectsContext, user: SessionUser, form: FormData) {
  const db = context.db;
  const file = form.get("file");
  try {
    if (
      !(await hitWriteLimit(db, PROSPECT_WRITES.prospectImport, {
        userId: user.id,
        clientIp: context.clientIp,
      }))
    )
      throw new ProspectImportError(WRITE_LIMITED, 429);
    if (!(file instanceof File) || file.size === 0)
      throw new ProspectImportError("Choose a CSV file to import");
    if (file.size > PROSPECT_IMPORT_MAX_BYTES)
      throw new ProspectImportError("The file is larger than 1 MB. Split it into smaller files.", 413);
    const parsed = parseProspectCsv(new Uint8Array(await file.arrayBuffer()), await listBusinessTypes(db));
    const report = await importProspects(db, user.id, parsed);
    const refusedText = report.refusedCount
      ? ` ${report.refusedCount} ${report.refusedCount === 1 ? "row was" : "rows were"} refused.`
      : "";
    if (report.imported === 0)
      return dataWithToast(
        { form: "import" as const, report, error: "No row could be imported." },
        { type: "error", title: "Nothing imported", description: `No row could be imported.${refusedText}` },
        { status: 400 },
      );
    return dataWithToast(
      { form: "import" as const, report, error: null },
      {
        type: "success",
        title: "Prospects imported",
        description: `${report.imported} ${report.imported === 1 ? "prospect" : "prospects"} added.${refusedText}`,
      },
    );
  } catch (error) {
    if (!(error instanceof ProspectImportError)) throw error;
    return dataWithToast(
      { form: "import" as const, report: null, error: error.message },
      { type: "error", title: "Import refused", description: error.message },
      { status: error.status },
    );
  }
}

/** The customer's prospects as CSV, with the tab's filters: the import's columns first, so a file round-trips. */
export async function prospectsCsv(db: DbOrTx, userId: string, filters: ProspectFilters) {
  const rows = await db
    .select()
    .from(prospects)
    .where(prospectsWhere(userId, filters))
    .orderBy(desc(prospects.createdAt), desc(prospects.id))
    .limit(EXPORT_MAX_ROWS);
  return toCsv(
    [...PROSPECT_CSV_COLUMNS, "status", "last_contact_date"],
    rows.map((r) => [
      r.businessName,
      r.contactName,
      r.phone,
      r.email,
      r.address,
      r.businessType,
      r.status,
      r.lastContactDate?.toISOString() ?? "",
    ]),
  );
}
