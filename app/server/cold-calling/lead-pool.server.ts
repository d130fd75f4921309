// The admin's lead pool: stock per business type, CSV uploads (validated whole, good rows written in one
// transaction, a report of the rest), new business types, and removing leads. Customers' prospects are copies:
// removing a lead leaves them as they are (their lead_id becomes null).
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { businessTypes, leads } from "~/db/schema";
import { BUSINESS_TYPE_ID } from "~/schemas/business-list";
import type { DbOrTx } from "../platform/db.server";
import { type LeadFileRow, leadKey, parseLeadCsv } from "./lead-csv.server";

const LEADS_PAGE_SIZE = 25;

export class LeadPoolError extends Error {
  override name = "LeadPoolError";
  status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.status = status;
  }
}

/** Each type with its leads in the pool and how many of them customers have copies of. */
export async function leadStock(db: DbOrTx) {
  const rows = await db
    .select({
      id: businessTypes.id,
      label: businessTypes.label,
      // Spelled out: drizzle writes a bare "id" here, which inside the subquery would be the lead's.
      total: sql<number>`(select count(*) from leads l where l.business_type = business_types.id)::int`,
      copied: sql<number>`(select count(*) from leads l where l.business_type = business_types.id
        and exists (select 1 from prospects p where p.lead_id = l.id))::int`,
    })
    .from(businessTypes)
    .orderBy(asc(businessTypes.createdAt), asc(businessTypes.label));
  return rows.map((r) => ({ ...r, total: Number(r.total), copied: Number(r.copied) }));
}

/** One page of a type's leads, newest first. */
export async function leadsOfType(db: DbOrTx, type: string, page: number) {
  const where = eq(leads.businessType, type);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(leads).where(where);
  const rows = await db
    .select({
      id: leads.id,
      businessName: leads.businessName,
      contactName: leads.contactName,
      phone: leads.phone,
      email: leads.email,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .where(where)
    .orderBy(desc(leads.createdAt), asc(leads.businessName), asc(leads.id))
    .limit(LEADS_PAGE_SIZE)
    .offset((page - 1) * LEADS_PAGE_SIZE);
  return {
    total,
    pages: Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE)),
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

/** A new business type; its id comes from the label ('Coffee Shops' → coffee-shops). */
export async function addBusinessType(db: DbOrTx, label: string) {
  const id = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  if (!BUSINESS_TYPE_ID.test(id)) throw new LeadPoolError("Please use letters or numbers in the name.");
  const [taken] = await db
    .select({ id: businessTypes.id })
    .from(businessTypes)
    .where(sql`${businessTypes.id} = ${id} or lower(${businessTypes.label}) = lower(${label})`);
  if (taken) throw new LeadPoolError(`There is already a business type called ${label}.`, 409);
  const [row] = await db.insert(businessTypes).values({ id, label }).onConflictDoNothing().returning();
  if (!row) throw new LeadPoolError(`There is already a business type called ${label}.`, 409);
  return row;
}

export interface UploadReport {
  type: string;
  added: number;
  refused: { line: number; reason: string }[];
  duplicatesInFile: { line: number; firstLine: number; businessName: string }[];
  duplicatesInPool: { line: number; businessName: string }[];
}

/**
 * Reads the file, and writes its good rows in one transaction: a row whose business is already in the pool (the
 * unique type + name + phone index, also against an upload at the same moment) is reported, not written.
 */
export async function uploadLeads(db: DbOrTx, type: string, bytes: Uint8Array): Promise<UploadReport> {
  const [known] = await db
    .select({ id: businessTypes.id, label: businessTypes.label })
    .from(businessTypes)
    .where(eq(businessTypes.id, type));
  if (!known) throw new LeadPoolError("Please choose a business type.");
  const parsed = parseLeadCsv(bytes);
  if (!parsed.ok) throw new LeadPoolError(parsed.message);
  const { rows, refused, duplicatesInFile } = parsed.file;
  const written = new Set<string>();
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const inserted = await tx
        .insert(leads)
        .values(chunk.map((r) => toLead(type, r)))
        .onConflictDoNothing()
        .returning({ businessName: leads.businessName, phone: leads.phone });
      for (const r of inserted) written.add(leadKey(r));
    }
  });
  const duplicatesInPool = rows
    .filter((r) => !written.has(leadKey({ businessName: r.lead.business_name, phone: r.lead.phone })))
    .map((r) => ({ line: r.line, businessName: r.lead.business_name }));
  return { type: known.label, added: written.size, refused, duplicatesInFile, duplicatesInPool };
}

function toLead(type: string, { lead }: LeadFileRow) {
  return {
    businessType: type,
    businessName: lead.business_name,
    contactName: lead.contact_name,
    phone: lead.phone,
    email: lead.email,
    address: lead.address,
  };
}

/** Removes one lead; customers who have it keep their copy. */
export async function removeLead(db: DbOrTx, leadId: string) {
  const [row] = await db
    .delete(leads)
    .where(eq(leads.id, leadId))
    .returning({ businessName: leads.businessName });
  if (!row) throw new LeadPoolError("That lead is no longer in the pool.", 404);
  return row;
}

/** Removes every lead of a type that no customer has a copy of: the stock not yet sold. */
export async function removeUnusedLeads(db: DbOrTx, type: string) {
  const removed = await db
    .delete(leads)
    .where(
      and(
        eq(leads.businessType, type),
        sql`not exists (select 1 from prospects p where p.lead_id = ${leads.id})`,
      ),
    )
    .returning({ id: leads.id });
  return removed.length;
}

const DEMO_PER_TYPE = 45;
const DEMO_NAMES: Record<string, { words: string[]; suffix: string[] }> = {
  restaurant: {
    words: ["Olive", "Saffron", "Harbour", "Copper", "Juniper"],
    suffix: ["Kitchen", "Bistro", "Grill"],
  },
  barbershop: {
    words: ["Sharp", "Foundry", "Crown", "Steel", "Oak"],
    suffix: ["Barbers", "Cuts", "Grooming"],
  },
  salon: { words: ["Bloom", "Velvet", "Willow", "Aura", "Luxe"], suffix: ["Hair", "Salon", "Studio"] },
  retail: {
    words: ["Maple", "Corner", "Market", "Lantern", "Thistle"],
    suffix: ["Store", "Goods", "Emporium"],
  },
};
const DEMO_STREETS = ["High Street", "Mill Lane", "Station Road", "Church Street", "Park Avenue"];
const DEMO_CONTACTS = ["Sam Patel", "Jo Evans", "Alex Brown", "Priya Shah", "Chris Wood", "Maya Jones"];

/**
 * Demo data: 45 fictional businesses per seeded type, the same on every run, with numbers from Ofcom's range for
 * drama (01632 960xxx) so nobody real is ever called.
 */
export async function seedDemoLeads(tx: DbOrTx) {
  let n = 0;
  for (const [type, names] of Object.entries(DEMO_NAMES)) {
    const rows = Array.from({ length: DEMO_PER_TYPE }, (_, i) => {
      const word = names.words[i % names.words.length]!;
      const suffix = names.suffix[Math.floor(i / names.words.length) % names.suffix.length]!;
      const branch = Math.floor(i / (names.words.length * names.suffix.length)) + 1;
      const number = n++;
      return {
        businessType: type,
        businessName: `${word} ${suffix}${branch > 1 ? ` ${branch}` : ""}`,
        contactName: DEMO_CONTACTS[i % DEMO_CONTACTS.length]!,
        phone: `01632960${String(number).padStart(3, "0")}`,
        email: `hello${number}@example.com`,
        address: `${(i % 90) + 1} ${DEMO_STREETS[i % DEMO_STREETS.length]}, Demo Town`,
      };
    });
    await tx.insert(leads).values(rows).onConflictDoNothing();
  }
}
