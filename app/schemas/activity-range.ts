// The periods My Cards' scan activity and its CSV export can show (?range= in the address), in days ending today.
import type { DayBucket } from "~/utils/dates";

export const ACTIVITY_RANGES = [7, 30, 90, 365] as const;
export type ActivityRange = (typeof ACTIVITY_RANGES)[number];
export const DEFAULT_ACTIVITY_RANGE: ActivityRange = 30;

export const ACTIVITY_RANGE_REFUSED = "Unknown range: choose 7, 30, 90 or 365 days";

/**
 * The range of ?range=: the default when missing, null when it is anything but one of the offered ranges (the
 * caller answers 400). The length is checked before anything else is.
 */
export function parseActivityRange(value: string | null): ActivityRange | null {
  if (value === null) return DEFAULT_ACTIVITY_RANGE;
  if (value.length > 3) return null;
  return ACTIVITY_RANGES.find((r) => String(r) === value) ?? null;
}

/**
 * How the chart groups a range's days, so a long range draws a few dozen bars instead of one per day: days up to
 * 30 days, ISO weeks (Monday to Sunday) for 90, calendar months for 365.
 */
export function activityBucket(range: ActivityRange): DayBucket {
  return range <= 30 ? "day" : range <= 90 ? "week" : "month";
}
