// Cold Calling's Prospects tab, its forms: adding a prospect by hand, importing a CSV file, and changing a
// prospect's status (stamped and logged). Each is rate limited and stays within the customer's quota.
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq } from "drizzle-orm";
import { data } from "react-router";
import { businessTypes, prospectActivities, prospects } from "~/db/schema";
import { PROSPECT_QUOTAS, PROSPECT_STATUS_LABELS, type ProspectStatus } from "~/schemas/prospect-options";
import { AddProspectSchema, SetProspectStatusSchema } from "~/schemas/prospects";
import { isUuid } from "~/utils/ids";
import type { SessionUser } from "../accounts/session.server";
import type { Database, DbOrTx } from "../platform/db.server";
import { hitWriteLimit, WRITE_LIMITED } from "../platform/rate-limit.server";
import { dataWithToast, refuseWithToast } from "../platform/toast.server";
import { listBusinessTypes } from "./business-lists.server";
import { PROSPECT_WRITES } from "./limits.server";
import {
  importProspects,
  PROSPECT_IMPORT_MAX_BYTES,
  ProspectImportError,
  parseProspectCsv,
} from "./prospect-import.server";
import { lockProspectCount, PROSPECTS_FULL, type ProspectsContext } from "./prospect-quotas.server";
import { PROSPECT_NOT_FOUND } from "./prospects.server";

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
