// The admin Leads section: what it shows (stock per type, one type's leads) and its intents.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { BusinessTypeSchema, BuyListSchema } from "~/schemas/business-list";
import { isUuid } from "~/utils/ids";
import type { DbOrTx } from "../platform/db.server";
import { unknownIntent } from "../platform/forms.server";
import { dataWithToast, refuseWithToast } from "../platform/toast.server";
import { LEAD_CSV_MESSAGES } from "./lead-csv.server";
import {
  addBusinessType,
  LeadPoolError,
  leadStock,
  leadsOfType,
  removeLead,
  removeUnusedLeads,
  uploadLeads,
} from "./lead-pool.server";

export async function loadLeadsSection(db: DbOrTx, url: URL) {
  const stock = await leadStock(db);
  const wanted = url.searchParams.get("type") ?? "";
  const type = stock.find((s) => s.id === wanted) ?? stock[0] ?? null;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  return {
    stock,
    type: type ? { id: type.id, label: type.label } : null,
    page,
    leads: type ? await leadsOfType(db, type.id, page) : null,
  };
}
export type LeadsData = Awaited<ReturnType<typeof loadLeadsSection>>;

export async function handleLeadsAction(db: DbOrTx, form: FormData) {
  try {
    switch (String(form.get("intent") ?? "")) {
      case "upload-leads":
        return await upload(db, form);
      case "add-type": {
        const submission = parseWithZod(form, { schema: BusinessTypeSchema });
        if (submission.status !== "success")
          return data({ ok: false as const, typeResult: submission.reply() }, { status: 400 });
        const row = await addBusinessType(db, submission.value.label);
        return dataWithToast(
          { ok: true as const, typeResult: submission.reply({ resetForm: true }) },
          {
            type: "success",
            title: "Business type added",
            description: `${row.label} can now be stocked and sold.`,
          },
        );
      }
      case "remove-lead": {
        const leadId = String(form.get("leadId") ?? "");
        if (!isUuid(leadId)) return refuseWithToast("That lead is no longer in the pool.", 404);
        const row = await removeLead(db, leadId);
        return dataWithToast(
          { ok: true as const },
          { type: "success", title: "Lead removed", description: row.businessName },
        );
      }
      case "remove-unused": {
        const type = BuyListSchema.safeParse({ businessType: form.get("businessType") ?? undefined });
        if (!type.success) return refuseWithToast(type.error.issues[0]!.message);
        const n = await removeUnusedLeads(db, type.data.businessType);
        return dataWithToast(
          { ok: true as const },
          { type: "success", title: "Leads removed", description: `${n} unused leads removed.` },
        );
      }
      default:
        return unknownIntent();
    }
  } catch (error) {
    if (error instanceof LeadPoolError) return refuseWithToast(error.message, error.status);
    throw error;
  }
}

async function upload(db: DbOrTx, form: FormData) {
  const type = BuyListSchema.safeParse({ businessType: form.get("businessType") ?? undefined });
  if (!type.success) return refuseWithToast(type.error.issues[0]!.message);
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return refuseWithToast(LEAD_CSV_MESSAGES.noFile);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const report = await uploadLeads(db, type.data.businessType, bytes);
  const problems = report.refused.length + report.duplicatesInFile.length + report.duplicatesInPool.length;
  return dataWithToast(
    { ok: true as const, report },
    {
      type: problems ? "info" : "success",
      title: "Upload finished",
      description: `${report.added} leads added to ${report.type}${problems ? `; ${problems} rows not added` : ""}.`,
    },
  );
}
