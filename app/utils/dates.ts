// Dates as the dashboards print them. Formatters are built once: toLocaleDateString with options builds one per
// call, which showed in the signed-in pages' profiles.

/** A day in UTC ("23 Nov 2026"), so the server and the browser print the same one. */
const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

export const formatDay = (iso: string) => dayFormat.format(new Date(iso));

/** A moment in UTC ("23 Nov 2026, 14:05"), the same on the server and in the browser. */
const momentFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

export const formatMoment = (iso: string) => `${momentFormat.format(new Date(iso))} UTC`;

// Calendar days (YYYY-MM-DD, UTC) and months (YYYY-MM), as the analytics and orders store them.
const DAY_MS = 86_400_000;

/** The UTC calendar day of a moment. */
export function utcDay(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** `count` consecutive days ending with `lastDay`, oldest first. */
export function dayRange(lastDay: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(lastDay, i - count + 1));
}

/** `count` consecutive months (YYYY-MM) ending with `lastMonth`, oldest first. */
export function monthRange(lastMonth: string, count: number): string[] {
  const [y, m] = lastMonth.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/** The Monday of the ISO week (Monday to Sunday) of a day. */
function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** How a run of days is grouped: each day alone, by ISO week, or by calendar month. */
export type DayBucket = "day" | "week" | "month";

/**
 * Consecutive days (oldest first) grouped into buckets. Each bucket is named by its first day among `days`, so a
 * week or month cut by the start or end of the run covers only the days inside it; `keyOf` gives a day's bucket.
 */
export function bucketDays(days: readonly string[], bucket: DayBucket) {
  const spans: { first: string; last: string }[] = [];
  const keyOf = new Map<string, string>();
  let currentId = "";
  for (const day of days) {
    const id = bucket === "day" ? day : bucket === "week" ? weekStart(day) : day.slice(0, 7);
    if (id !== currentId) {
      currentId = id;
      spans.push({ first: day, last: day });
    }
    const span = spans[spans.length - 1]!;
    span.last = day;
    keyOf.set(day, span.first);
  }
  return { spans, keyOf };
}
