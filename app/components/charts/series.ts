// Pure helpers behind the charts: whole calendar ranges with the missing days or months filled with zero, a y-axis
// scale with round tick values, which x-axis labels to print, and the honest wording of a change between periods.
// Days are UTC calendar days (YYYY-MM-DD) and months YYYY-MM, as the analytics and orders store them.

/** One bar: its category (a day or a month) and a value per series. */
export interface ChartPoint<K extends string = string> {
  key: string;
  values: Record<K, number>;
}

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

/**
 * One point per key in `keys` (in that order), each with every series present: rows for a missing key or series
 * count as zero, rows outside `keys` are left out, and several rows for one key and series add up.
 */
export function fillSeries<K extends string>(
  keys: readonly string[],
  series: readonly K[],
  rows: readonly { key: string; series: K; value: number }[],
): ChartPoint<K>[] {
  const zero = () => Object.fromEntries(series.map((s) => [s, 0])) as Record<K, number>;
  const byKey = new Map(keys.map((k) => [k, { key: k, values: zero() }]));
  for (const row of rows) {
    const point = byKey.get(row.key);
    if (point && row.series in point.values) point.values[row.series] += row.value;
  }
  return [...byKey.values()];
}

/** The sum of the given series of a point (a point may carry values that another chart draws). */
export function pointTotal<K extends string>(point: ChartPoint<K>, series: readonly K[]): number {
  let total = 0;
  for (const key of series) total += point.values[key] ?? 0;
  return total;
}

/** 1, 2 or 5 times a power of ten, the smallest not below `x` (and at least `min`). */
function niceStep(x: number, min: number): number {
  if (x <= min) return min;
  const power = 10 ** Math.floor(Math.log10(x));
  const f = x / power;
  const nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
  return Math.max(min, nice * power);
}

/**
 * The y-axis for values up to `max`: a round top and evenly spaced round ticks from 0 (at most `maxTicks` steps).
 * `minStep` keeps counts on whole numbers (1) and money on whole pounds (100 pence). An empty chart still gets
 * an axis of one step, so its bars sit on a baseline instead of dividing by zero.
 */
export function niceScale(max: number, { maxTicks = 4, minStep = 1 } = {}) {
  const step = niceStep(Math.max(0, max) / maxTicks, minStep);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks: number[] = [];
  for (let t = 0; t <= top + step / 2; t += step) ticks.push(t);
  return { top, ticks };
}

/**
 * Which of `count` categories get a printed label on the x-axis: at most `maxLabels`, evenly spaced and always
 * including the last (the most recent day or month is the one people look for).
 */
export function labelIndices(count: number, maxLabels: number): number[] {
  if (count <= 0) return [];
  const every = Math.max(1, Math.ceil(count / Math.max(1, maxLabels)));
  const picked: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) picked.unshift(i);
  return picked;
}

/**
 * A figure against the same figure for the period before, in words. A change from nothing has no percentage,
 * so it is said as it is instead of as '+100%' or 'Infinity%'.
 */
export function changeVersusPrevious(current: number, previous: number, period: string): string {
  if (previous === 0) return current === 0 ? `None in the ${period} either` : `Up from none in the ${period}`;
  const change = ((current - previous) / previous) * 100;
  if (change === 0) return `No change vs ${period}`;
  const rounded = Math.abs(change) < 1 ? Math.round(change * 10) / 10 : Math.round(change);
  if (rounded === 0) return `${change > 0 ? "Up" : "Down"} less than 0.1% vs ${period}`;
  return `${rounded > 0 ? "+" : ""}${rounded}% vs ${period}`;
}
