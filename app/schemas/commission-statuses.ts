// A commission's statuses and their labels, without zod: the resell page in the browser imports them.

/** A commission's life: pending until the order completes, reversed on refund, paid out once settled. */
export const COMMISSION_STATUSES = ["pending", "completed", "reversed", "paid_out"] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = {
  pending: "Pending",
  completed: "Completed",
  reversed: "Reversed",
  paid_out: "Paid out",
};
