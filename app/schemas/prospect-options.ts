// Prospect statuses, their labels and the field caps, without zod: Cold Calling's pages in the browser import
// them, and a module that builds schemas would bring zod into their scripts.
import type { prospects } from "~/db/schema";

/** The database's list (app/db/schema.ts), repeated here so the browser bundle does not load the schema. */
export const PROSPECT_STATUSES = [
  "not_contacted",
  "contacted",
  "meeting_scheduled",
  "sale_made",
  "not_interested",
] as const;
export type ProspectStatus = (typeof PROSPECT_STATUSES)[number];
// Fails to compile if the two lists drift apart.
const sameStatuses: [ProspectStatus, (typeof prospects.$inferSelect)["status"]] extends [
  (typeof prospects.$inferSelect)["status"],
  ProspectStatus,
]
  ? true
  : never = true;
void sameStatuses;

export const PROSPECT_STATUS_LABELS: Record<ProspectStatus, string> = {
  not_contacted: "Not contacted",
  contacted: "Contacted",
  meeting_scheduled: "Meeting scheduled",
  sale_made: "Sale made",
  not_interested: "Not interested",
};

export const PROSPECT_LIMITS = {
  businessName: 200,
  contactName: 200,
  phone: 40,
  address: 500,
  note: 1000,
  search: 100,
} as const;

/** How much one account may hold: prospects in all, and notes on one prospect. */
export const PROSPECT_QUOTAS = { prospects: 20_000, notesPerProspect: 50 } as const;
