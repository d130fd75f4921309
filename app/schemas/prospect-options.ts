// Prospect statuses, their labels and the field caps, without zod: Cold Calling's pages in the browser import
// them, and a module that builds schemas would bring zod into their scripts.

/** A prospect's statuses, in the order the pages list them; the database's column takes these (app/db/schema.ts). */
export const PROSPECT_STATUSES = [
  "not_contacted",
  "contacted",
  "meeting_scheduled",
  "sale_made",
  "not_interested",
] as const;
export type ProspectStatus = (typeof PROSPECT_STATUSES)[number];

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
