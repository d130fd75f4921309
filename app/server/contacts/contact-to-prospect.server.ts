// 'Add to prospects': a contact copied once into Cold Calling's prospects, within the owner's prospect quota.
import { and, eq, sql } from "drizzle-orm";
import { exchangedContacts, prospects } from "~/db/schema";
import { PROSPECT_QUOTAS } from "~/schemas/prospect-options";
import { ProspectFieldsSchema } from "~/schemas/prospects";
import { isUuid } from "~/utils/ids";
import { listBusinessTypes } from "../cold-calling/business-lists.server";
import { lockProspectCount, PROSPECTS_FULL } from "../cold-calling/prospect-quotas.server";
import type { Database } from "../platform/db.server";
import {
  asProspect,
  CONTACT_NOT_FOUND,
  defaultBusinessType,
  linkedProspect,
  ownContacts,
} from "./contacts.server";

const CONTACT_ALREADY_PROSPECT = "This contact is already in your prospects.";

export type AddToProspectsOutcome =
  | { ok: true; prospectId: string; businessName: string }
  | { ok: false; status: number; message: string; prospectId?: string };

/**
 * Copies the owner's contact into their prospects, once: the contact row is locked so two clicks at the same
 * moment add one prospect; a prospect the contact was copied into before, or one with the same business name and
 * phone (as the import tells duplicates), is linked instead of a second. The prospect quota is checked under the
 * account lock that every prospect write takes.
 */
export async function addContactToProspects(
  db: Database,
  userId: string,
  contactId: string,
  businessType: string | undefined,
): Promise<AddToProspectsOutcome> {
  if (!isUuid(contactId)) return { ok: false, status: 404, message: CONTACT_NOT_FOUND };
  const types = await listBusinessTypes(db);
  const type = businessType ?? (await defaultBusinessType(db, userId, types));
  if (!type || !types.some((t) => t.id === type))
    return { ok: false, status: 400, message: "Choose a business type" };
  return db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(exchangedContacts)
      .where(and(eq(exchangedContacts.id, contactId), ownContacts(userId)))
      .for("update");
    if (!c) return { ok: false as const, status: 404, message: CONTACT_NOT_FOUND };
    const linked = await linkedProspect(tx, userId, c.prospectId);
    if (linked)
      return { ok: false as const, status: 409, message: CONTACT_ALREADY_PROSPECT, prospectId: linked.id };
    const p = asProspect(c);
    // A phone or e-mail the prospect rules would refuse is left out rather than refusing the whole copy.
    const keep = (field: "phone" | "email", v: string | null) =>
      v && ProspectFieldsSchema.shape[field].safeParse(v).success ? v : undefined;
    const parsed = ProspectFieldsSchema.safeParse({
      businessName: p.businessName,
      contactName: p.contactName,
      phone: keep("phone", p.phone),
      email: keep("email", p.email),
      businessType: type,
    });
    if (!parsed.success)
      return {
        ok: false as const,
        status: 400,
        message: parsed.error.issues[0]?.message ?? "Invalid contact",
      };
    const value = parsed.data;
    const digits = (value.phone ?? "").replace(/\D/g, "");
    const [same] = await tx
      .select({ id: prospects.id })
      .from(prospects)
      .where(
        and(
          eq(prospects.userId, userId),
          eq(sql`lower(${prospects.businessName})`, value.businessName.toLowerCase()),
          eq(sql`regexp_replace(coalesce(${prospects.phone}, ''), '\\D', '', 'g')`, digits),
        ),
      )
      .limit(1);
    if (same) {
      await tx.update(exchangedContacts).set({ prospectId: same.id }).where(eq(exchangedContacts.id, c.id));
      return { ok: false as const, status: 409, message: CONTACT_ALREADY_PROSPECT, prospectId: same.id };
    }
    if ((await lockProspectCount(tx, userId)) >= PROSPECT_QUOTAS.prospects)
      return { ok: false as const, status: 409, message: PROSPECTS_FULL };
    const [created] = await tx
      .insert(prospects)
      .values({
        userId,
        businessName: value.businessName,
        contactName: value.contactName ?? null,
        phone: value.phone ?? null,
        email: value.email ?? null,
        businessType: value.businessType,
      })
      .returning({ id: prospects.id });
    await tx.update(exchangedContacts).set({ prospectId: created!.id }).where(eq(exchangedContacts.id, c.id));
    return { ok: true as const, prospectId: created!.id, businessName: value.businessName };
  });
}
