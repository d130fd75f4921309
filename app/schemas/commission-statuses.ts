// A commission's statuses and their labels, without zod: the resell page in the browser imports them.

/**
 * A commission's life: pending until the order completes, reversed on refund, paid out once settled. A
 * commission that looks like a self-referral (the referrer's address or phone) is held until the admin
 * releases it (then pending or completed, as its order is) or reverses it.
 */
export const COMMISSION_STATUSES = ["pending", "held", "completed", "reversed", "paid_out"] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = {
  pending: "Pending",
  held: "Held for review",
  completed: "Completed",
  reversed: "Reversed",
  paid_out: "Paid out",
};
